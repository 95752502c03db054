// The Worker as it is deployed (issue 31): one main module with what every request needs, and the parts used by few
// requests (exports: pdf-lib, fontkit, the Vazirmatn font, the xlsx writer; the rich-content sanitizer on parse5; each
// feature's edge views with React's server renderer) as modules of their own, evaluated on their first import().
//
// wrangler's bundler puts every import(), dynamic ones included, into the single worker module (it has no code
// splitting), so an isolate would still parse ~5 MB at start. This script bundles with esbuild's code splitting the
// way wrangler bundles (same conditions, target, loaders, `[define]` and `[alias]` of wrangler.toml, NODE_ENV
// production), and wrangler then uploads the result as it is: `wrangler deploy <outdir>/worker.mjs --no-bundle`
// finds the chunks by its default module rule (`**/*.mjs` are ES modules). `wrangler dev` and the worker tests keep
// running the source (the dynamic imports work there too, inlined).
//
//   node scripts/worker-build.mjs [outdir]     # default .wrangler/deploy; prints the main module and the chunks
import { build } from "esbuild";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const MAIN_MODULE = "worker.mjs";

/** Bundles the Worker of `root` (its wrangler.toml) into `outdir`: worker.mjs and its chunks. Returns their sizes. */
export async function buildSplitWorker({ root = repoRoot, outdir = join(repoRoot, ".wrangler/deploy") } = {}) {
  const { unstable_readConfig } = await import(pathToFileURL(createRequire(join(root, "package.json")).resolve("wrangler")).href);
  const config = unstable_readConfig({ config: join(root, "wrangler.toml") }, { hideWarnings: true });
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const production = JSON.stringify("production");
  const alias = Object.fromEntries(Object.entries(config.alias ?? {}).map(([name, path]) => [name, resolve(root, path)]));
  await build({
    entryPoints: { worker: resolve(root, config.main) },
    absWorkingDir: root,
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    // As wrangler bundles (its COMMON_ESBUILD_OPTIONS and getBuildConditions).
    target: "es2024",
    supported: { "import-source": true, using: true },
    conditions: ["workerd", "worker", "browser"],
    loader: { ".js": "jsx", ".mjs": "jsx", ".cjs": "jsx" },
    keepNames: true,
    external: ["node:*", "cloudflare:*"],
    define: {
      "process.env.NODE_ENV": production,
      "global.process.env.NODE_ENV": production,
      "globalThis.process.env.NODE_ENV": production,
      ...config.define,
    },
    alias,
    sourcemap: false,
    logLevel: "warning",
  });
  return moduleSizes(outdir);
}

/** Every .mjs module under `dir`, its path from `dir` and its size in bytes; the main module first. */
export function moduleSizes(dir) {
  const walk = (at) => readdirSync(at).flatMap((name) => {
    const path = join(at, name);
    return statSync(path).isDirectory() ? walk(path) : name.endsWith(".mjs") ? [{ module: relative(dir, path), bytes: statSync(path).size }] : [];
  });
  return walk(dir).sort((a, b) => (a.module === MAIN_MODULE ? -1 : b.module === MAIN_MODULE ? 1 : b.bytes - a.bytes));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const outdir = resolve(process.argv[2] ?? join(repoRoot, ".wrangler/deploy"));
  const modules = await buildSplitWorker({ outdir });
  for (const { module, bytes } of modules) console.log(`${(bytes / 1024).toFixed(1).padStart(9)} KiB  ${module}`);
  console.log(`→ ${relative(process.cwd(), join(outdir, MAIN_MODULE))} (deploy with: wrangler deploy ${relative(process.cwd(), join(outdir, MAIN_MODULE))} --no-bundle)`);
}
