// Astro pre-renders one page shell per route and locale; the Worker in functions/ serves them.
// No @astrojs/cloudflare adapter: with static output it only moves files and rewrites our wrangler config (see README).
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  output: "static",
  trailingSlash: "ignore",
  build: { format: "directory", inlineStylesheets: "auto" },
  i18n: {
    locales: ["en", "ar", { path: "ku", codes: ["ckb", "ku"] }],
    defaultLocale: "en",
    // The Worker decides what "/" shows (locale cookie, then Accept-Language, then en).
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  integrations: [
    react(),
    {
      // `client:interaction`: load an island when the visitor first reaches for it (src/lib/hydrate-on-interaction.ts).
      name: "hydrate-on-interaction",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) =>
          addClientDirective({ name: "interaction", entrypoint: "./src/lib/hydrate-on-interaction.ts" }),
      },
    },
  ],
  // Our own prefetch (src/lib/boot.ts) follows spec §9: 1000 ms after start, never on slow-2g.
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss()],
    // Never inline scripts: the CSP allows only our own files plus the hashes the build records.
    build: {
      assetsInlineLimit: 0,
      sourcemap: process.env.SOURCEMAP === "1",
      rollupOptions: {
        output: {
          // React, React DOM, the scheduler and Astro's React renderer as one file: every island page needs all of
          // them, and one file compresses better than four (issue 9).
          codeSplitting: {
            groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/, priority: 10 }],
          },
        },
      },
    },
  },
});
