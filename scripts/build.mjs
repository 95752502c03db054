// Builds the page shells and the files the edge needs: /builds/latest.json (new-deployment detection, spec §7)
// and /builds/csp.json (hashes of the inline scripts Astro emits, so the CSP can stay "self" only).
import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { buildFonts } from "./fonts.mjs";
import { ocrAssets, writeOcrAssets } from "./ocr-assets.mjs";

const id = process.env.PUBLIC_BUILD_ID || `${new Date().toISOString().replace(/[-:.TZ]/g, "").slice(0, 14)}-${randomUUID().slice(0, 8)}`;
// The passport reader's OCR files: their address (a content hash) is known before the build so the reader can name it.
const ocr = ocrAssets();
// The Arabic-script face cut to our texts (issue 32): global.css and the page head name the files it writes.
const fonts = await buildFonts();
console.log(`fonts: Vazirmatn subset ${fonts.codepoints} code points, ${fonts.bytes} B woff2 (whole Arabic file ${fonts.sourceBytes} B)`);
execFileSync("astro", ["build"], { stdio: "inherit", env: { ...process.env, PUBLIC_BUILD_ID: id, PUBLIC_OCR_BASE: ocr.base, ASTRO_TELEMETRY_DISABLED: "1" } });
writeOcrAssets("dist", ocr);
// The Firebase messaging service worker (issue 13): firebase/messaging/sw bundled into one file at the site's root.
await build({
  entryPoints: ["src/features/push/messaging-sw.ts"],
  outfile: "dist/firebase-messaging-sw.js",
  bundle: true,
  minify: true,
  // A classic worker script (module service workers are not everywhere yet).
  format: "iife",
  target: "es2022",
  legalComments: "none",
  logLevel: "warning",
});

function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* htmlFiles(path);
    else if (name.endsWith(".html")) yield path;
  }
}
/**
 * A page's module scripts are requested once its first view is painted (issue 9). A `<script type="module" src>` in
 * the head is fetched as soon as the parser sees it: on a phone's slow link those requests share the bandwidth with
 * the stylesheet and the largest picture, and Lighthouse counts every request started before the largest paint in its
 * estimate of that paint (its LCP on the sign-in page: 1.7 s with them, 1.0 s without). The edge draws every first
 * view, so none of them is needed for it. Each tag becomes an inert placeholder (a type the browser neither fetches
 * nor runs) and LOADER, inline in the head, turns them back into module scripts, in their order, once the page's
 * largest element (the hero picture, where the page has one) is painted and the document is parsed, or at once when
 * the reader touches or types, and within 3 s at most: the rule of src/lib/after-paint.ts, which the scripts
 * themselves then find already met (`__afterPaint`). What the reader did before the scripts ran is kept for the
 * scripts that answer for it (src/lib/early-press.ts): the last click (`__earlyPress`) and the last control reached
 * for (`__earlyReach`: a press, a key, a focus, a choice in a select), so a drawn view touched meanwhile gets its
 * island and a pressed button is pressed again. And, as edge-view-press.ts does once it runs, no form of a drawn view
 * is submitted natively before its island has taken it over (Enter in a drawn search box would reload the page).
 */
const HELD = "text/x-after-paint";
const LOADER = `(()=>{
let done=false;
const load=()=>{for(const held of document.querySelectorAll('script[type="${HELD}"]')){const s=document.createElement("script");s.type="module";s.async=false;s.src=held.getAttribute("src");held.replaceWith(s)}};
const go=()=>{if(done)return;done=true;window.__afterPaint=true;clearTimeout(timer);observer&&observer.disconnect();if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",load,{once:true});else load()};
for(const t of ["pointerdown","keydown","touchstart","focusin","input","change"])addEventListener(t,(e)=>{window.__earlyReach=e.target;go()},{capture:true,passive:true});
addEventListener("click",(e)=>{window.__earlyPress=e.target},true);
addEventListener("submit",(e)=>{const v=e.target.closest("[data-edge-view][data-edge-interactive]");if(v&&!v.hasAttribute("data-edge-live"))e.preventDefault()},true);
const timer=setTimeout(go,3000);
let observer=null;
if(typeof PerformanceObserver==="undefined"||!(PerformanceObserver.supportedEntryTypes||[]).includes("largest-contentful-paint")){document.addEventListener("DOMContentLoaded",()=>requestAnimationFrame(()=>setTimeout(go)),{once:true});return}
observer=new PerformanceObserver((list)=>{const hero=document.querySelector('img[fetchpriority="high"]');if(!hero||list.getEntries().some((e)=>e.element===hero))go()});
observer.observe({type:"largest-contentful-paint",buffered:true});
document.addEventListener("DOMContentLoaded",()=>{const hero=document.querySelector('img[fetchpriority="high"]');if(!hero)return;const shown=()=>requestAnimationFrame(()=>setTimeout(go,250));if(hero.complete)shown();else{hero.addEventListener("load",shown,{once:true});hero.addEventListener("error",go,{once:true})}},{once:true});
})();`;
const MODULE_TAG = /<script type="module" src="([^"]+)"><\/script>/g;
for (const file of htmlFiles("dist")) {
  const html = readFileSync(file, "utf8");
  if (!html.includes('<script type="module" src="')) continue;
  const held = html.replace(MODULE_TAG, `<script type="${HELD}" src="$1"></script>`);
  // A module tag in another shape (an attribute more) would load before the paint again, unnoticed: stop the build.
  if (/<script\b[^>]*type="module"[^>]*\bsrc=/.test(held)) throw new Error(`${file}: a module script the loader does not hold back`);
  writeFileSync(file, held.replace("</head>", `<script>${LOADER}</script></head>`));
}

// Every inline script's hash, and per page shell (its address: dist/ar/visa/index.html is "/ar/visa/") the hashes of its
// own: a page's policy names only those (functions/edge/headers.ts). Naming every page's scripts cost each page ~300 B
// of headers, and the Kurdish home's HTML with its headers then no longer fit a new connection's first window (issue 32).
const hashes = new Set();
const pages = {};
for (const file of htmlFiles("dist")) {
  const own = new Set();
  for (const [, body] of readFileSync(file, "utf8").matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (body.trim()) own.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  for (const hash of own) hashes.add(hash);
  const shell = `/${file.slice("dist/".length).replace(/index\.html$/, "").replace(/\\/g, "/")}`;
  pages[shell] = [...own].sort();
}
mkdirSync("dist/builds", { recursive: true });
writeFileSync("dist/builds/latest.json", JSON.stringify({ id, builtAt: new Date().toISOString() }));
writeFileSync("dist/builds/csp.json", JSON.stringify({ scriptHashes: [...hashes].sort(), pages }));
console.log(`build ${id}: ${hashes.size} inline script hash(es)`);
