// Custom client directive registered in astro.config.mjs (src/lib/hydrate-on-interaction.ts).
export {};
declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate the island on the visitor's first interaction with it (pointer, touch, focus, key, typing). */
    "client:interaction"?: boolean;
  }
}
