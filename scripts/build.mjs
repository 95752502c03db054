// Builds the page shells and the files the edge needs: /builds/latest.json (new-deployment detection, spec §7)
// and /builds/csp.json (hashes of the inline scripts Astro emits, so the CSP can stay "self" only).
import { execFileSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { ocrAssets, writeOcrAssets } from "./ocr-assets.mjs";

const id = process.env.PUBLIC_BUILD_ID || `${new Date().toISOString().replace(/[-:.TZ]/g, "").slice(0, 14)}-${randomUUID().slice(0, 8)}`;
// The passport reader's OCR files: their address (a content hash) is known before the build so the reader can name it.
const ocr = ocrAssets();
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
const hashes = new Set();
for (const file of htmlFiles("dist")) {
  for (const [, body] of readFileSync(file, "utf8").matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (body.trim()) hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
}
mkdirSync("dist/builds", { recursive: true });
writeFileSync("dist/builds/latest.json", JSON.stringify({ id, builtAt: new Date().toISOString() }));
writeFileSync("dist/builds/csp.json", JSON.stringify({ scriptHashes: [...hashes].sort() }));
console.log(`build ${id}: ${hashes.size} inline script hash(es)`);
