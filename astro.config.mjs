// Astro pre-renders one page shell per route and locale; the Worker in functions/ serves them.
// No @astrojs/cloudflare adapter: with static output it only moves files and rewrites our wrangler config (see README).
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

/**
 * The core every page shares, without React: session flags, cookies, locales, number formatting, the HTTP client, the
 * toast queue, strings, nanostores and the dynamic-import helper. The boot script of every page (sign-in pages too)
 * uses part of it; island pages use all of it, so one file serves both.
 */
const CORE = new RegExp(
  [
    String.raw`preload-helper`,
    String.raw`node_modules[\\/](nanostores[\\/](atom|map|lifecycle|computed|task)|ofetch)[\\/]`,
    String.raw`src[\\/]lib[\\/](session|cookies|api|http|i18n|toast)\.ts$`,
    String.raw`src[\\/]shared[\\/](locales|auth-cookies)\.ts$`,
    String.raw`src[\\/]components[\\/]ui[\\/]format\.ts$`,
  ].join("|"),
);

/**
 * React, React DOM, the scheduler, Astro's React renderer and the few React pieces every island uses (error boundary,
 * useStore, status blocks, the icon component): every island page needs all of them, and one file compresses better
 * than many (issue 9). The bundler's interop helpers go with it: only React's CommonJS needs them.
 */
const REACT = new RegExp(
  [
    String.raw`node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]`,
    String.raw`^\0rolldown[\\/]runtime`,
    String.raw`src[\\/]lib[\\/]use-store\.ts$`,
    String.raw`src[\\/]components[\\/](with-i18n\.tsx|ui[\\/](Feedback\.tsx|icons[\\/]icon\.tsx))$`,
  ].join("|"),
);

/**
 * Vite's helper around every dynamic import (preload the chunk's imports, report a failed load) is 0.9 kB gzip on every
 * page with a lazy import; this one does the same for our build in a fifth of it (issue 9): JS dependencies are
 * preloaded as modulepreload links, a stylesheet dependency as a stylesheet, and a failed load fires the same
 * cancelable `vite:preloadError` event the new-build watch (src/lib/build-watch.ts) listens to.
 */
const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";
const smallPreloadHelper = {
  name: "small-preload-helper",
  apply: "build",
  enforce: "pre",
  resolveId: (id) => (id === PRELOAD_HELPER_ID ? id : undefined),
  load: (id) =>
    id === PRELOAD_HELPER_ID
      ? `const seen = {};
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    if (seen[dep]) continue;
    seen[dep] = 1;
    const link = document.createElement("link");
    link.rel = dep.endsWith(".css") ? "stylesheet" : "modulepreload";
    link.href = "/" + dep;
    document.head.append(link);
  }
  return load().catch((error) => {
    const event = new Event("vite:preloadError", { cancelable: true });
    event.payload = error;
    dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  });
};`
      : undefined,
};

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
  // Our own prefetch (src/lib/prefetch.ts) follows spec §9: 1000 ms after start, never on slow-2g.
  prefetch: false,
  devToolbar: { enabled: false },
  vite: {
    plugins: [tailwindcss(), smallPreloadHelper],
    // Never inline scripts: the CSP allows only our own files plus the hashes the build records.
    build: {
      assetsInlineLimit: 0,
      sourcemap: process.env.SOURCEMAP === "1",
      rollupOptions: {
        output: {
          // React, React DOM, the scheduler and Astro's React renderer as one file: every island page needs all of
          // them, and one file compresses better than four (issue 9).
          codeSplitting: {
            groups: [
              { name: "react", test: REACT, priority: 10 },
              // Only modules every page loads at start belong here: anything else would stop being lazy.
              { name: "core", test: CORE, priority: 11 },
            ],
          },
        },
      },
    },
  },
});
