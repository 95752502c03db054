// Benchmark runner: measures the built site in dist/ (run `npm run build` first) and writes Markdown + JSON
// to tests/bench/results/ (`startup` builds the Worker itself and needs no build). js-size: the JavaScript each page
// ships, in gzip bytes because that is what travels. Add another by writing tests/bench/<name>.mjs and registering it in BENCHES below.
//
//   npm run bench              # all benchmarks
//   npm run bench -- js-size   # only the named one(s)
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatJsSizeMarkdown, measureJsSize, overBudget } from "./js-size.mjs";
import { formatApiLoadMarkdown, measureApiLoad } from "./api-load.mjs";
import { formatCatalogueJsMarkdown, measureCatalogueJs } from "./catalogue-js.mjs";
import { SWEEP_SAMPLE, formatLighthouseMarkdown, measureLighthouse, sweepPages } from "./lighthouse.mjs";
import { formatFontsMarkdown, measureFonts } from "./fonts.mjs";
import { formatFirstWindowMarkdown, measureFirstWindow } from "./first-window.mjs";
import { formatLiveHubMarkdown, measureLiveHub } from "./live-hub.mjs";
import { formatMainThreadMarkdown, measureMainThread } from "./main-thread.mjs";
import { formatPassportMarkdown, measurePassport } from "./passport.mjs";
import { formatExportsMarkdown, formatRequestsLoadMarkdown, measureExports, measureRequestsLoad } from "./requests.mjs";
import { formatSanitizeMarkdown, measureSanitize } from "./sanitize.mjs";
import { formatStartupMarkdown, measureStartup } from "./startup.mjs";
import { formatShardsMarkdown, measureShards } from "./shards.mjs";
import { formatPrefetchMarkdown, measurePrefetch } from "./prefetch.mjs";
import { formatGroupsMarkdown, measureGroups } from "./groups.mjs";

const benchDir = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(benchDir, "../..");
const distDir = join(repoRoot, "dist");
const resultsDir = join(benchDir, "results");

/**
 * Pages of the sweep (LH_PAGES picks some), with what is measured so far written after each page
 * (results/<name>.partial.{md,json}): a stopped run of an hour and more keeps it.
 */
async function measureSweep(name, title) {
  const partial = join(resultsDir, `${name}.partial.md`);
  const result = await measureLighthouse({
    pages: sweepPages(),
    title,
    onPage: (report) => {
      writeFileSync(partial, formatLighthouseMarkdown(report));
      writeFileSync(partial.replace(/md$/, "json"), JSON.stringify(report, null, 2) + "\n");
    },
  });
  rmSync(partial, { force: true });
  rmSync(partial.replace(/md$/, "json"), { force: true });
  return { markdown: formatLighthouseMarkdown(result), json: result };
}

// name -> run(ctx) returning { markdown, json }; results go to results/<name>.md and results/<name>.json.
const BENCHES = {
  "js-size": async ({ distDir }) => {
    const rows = await measureJsSize({ distDir });
    const over = overBudget(rows);
    // Issue 9: a page over its budget fails the bench (after the results are written), so weight cannot creep in.
    for (const o of over) console.error(`js-size: OVER BUDGET ${o.page}: ${o.gzip} B gzip > ${o.budget} B (${o.group})`);
    if (over.length) process.exitCode = 1;
    return { markdown: formatJsSizeMarkdown(rows), json: rows };
  },
  // Issue 32: the font bytes each locale's pages download, from the build (exact).
  fonts: async ({ distDir, repoRoot }) => {
    const rows = await measureFonts({ distDir, repoRoot });
    return { markdown: formatFontsMarkdown(rows), json: rows };
  },
  "api-load": async () => {
    const result = await measureApiLoad();
    return { markdown: formatApiLoadMarkdown(result), json: result };
  },
  "catalogue-js": async ({ distDir }) => {
    const rows = await measureCatalogueJs({ distDir });
    return { markdown: formatCatalogueJsMarkdown(rows), json: rows };
  },
  "live-hub": async () => {
    const result = await measureLiveHub();
    return { markdown: formatLiveHubMarkdown(result), json: result };
  },
  // Issue 28: a 200-row spreadsheet's preview, and 200 travellers filed in one call against one filing.
  groups: async ({ repoRoot }) => {
    const result = await measureGroups({ repoRoot });
    return { markdown: formatGroupsMarkdown(result), json: result };
  },
  "requests-load": async () => {
    const result = await measureRequestsLoad();
    return { markdown: formatRequestsLoadMarkdown(result), json: result };
  },
  exports: async ({ repoRoot }) => {
    const result = await measureExports({ repoRoot });
    return { markdown: formatExportsMarkdown(result), json: result };
  },
  lighthouse: async () => {
    const result = await measureLighthouse();
    return { markdown: formatLighthouseMarkdown(result), json: result };
  },
  // Issue 32: every route x locale (long: ~1.5 h), and its CI-size sample.
  "lighthouse-sweep": () => measureSweep("lighthouse-sweep", "Lighthouse sweep: every route × locale"),
  // Issue 32: some pages of the sweep again (LH_PAGES, required), written apart (lighthouse-pages.{md,json}) so a
  // re-measure of what changed never overwrites the whole sweep's results.
  "lighthouse-pages": () => {
    if (!process.env.LH_PAGES) throw new Error("lighthouse-pages: name the pages in LH_PAGES (e.g. LH_PAGES=/ar/news/,/ku/events/)");
    return measureSweep("lighthouse-pages", "Lighthouse sweep, pages measured again");
  },
  "lighthouse-sample": async () => {
    const pages = sweepPages().filter((p) => SWEEP_SAMPLE.includes(p.path));
    const result = await measureLighthouse({ pages, title: "Lighthouse sweep, sample" });
    return { markdown: formatLighthouseMarkdown(result), json: result };
  },
  // Issue 32: documents and the stylesheet against a new connection's first window.
  "first-window": async () => {
    const result = await measureFirstWindow();
    if (result.rows.some((row) => !row.fits)) console.error("first-window: an answer the first paint waits for is over the first window");
    return { markdown: formatFirstWindowMarkdown(result), json: result };
  },
  "main-thread": async () => {
    const result = await measureMainThread();
    return { markdown: formatMainThreadMarkdown(result), json: result };
  },
  passport: async ({ distDir }) => {
    const result = await measurePassport({ distDir });
    return { markdown: formatPassportMarkdown(result), json: result };
  },
  sanitize: async () => {
    const result = await measureSanitize();
    return { markdown: formatSanitizeMarkdown(result), json: result };
  },
  // Issue 31: builds the deploy bundle itself (this tree and the baseline commit), so it needs no `npm run build`.
  startup: async ({ repoRoot }) => {
    const result = await measureStartup({ repoRoot });
    for (const [target, met] of Object.entries(result.met)) if (!met) console.error(`startup: TARGET MISSED: ${target}`);
    if (!Object.values(result.met).every(Boolean)) process.exitCode = 1;
    return { markdown: formatStartupMarkdown(result), json: result };
  },
  // Issue 27 item 6: edge requests per page view and click to paint, the branch's base against this build.
  prefetch: async ({ repoRoot }) => {
    const result = await measurePrefetch({ repoRoot });
    return { markdown: formatPrefetchMarkdown(result), json: result };
  },
  // Issue 31: a simulation (docs/scale.md), no server and no build.
  shards: async () => {
    const result = await measureShards();
    return { markdown: formatShardsMarkdown(result), json: result };
  },
};
/** Benchmarks that measure something other than the built pages in dist/. */
const WITHOUT_BUILD = new Set(["startup", "shards"]);

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(`usage: npm run bench [-- <name>...]\nbenchmarks: ${Object.keys(BENCHES).join(", ")}`);
  process.exit(0);
}
const unknown = args.filter((a) => !(a in BENCHES));
if (unknown.length) {
  console.error(`unknown benchmark: ${unknown.join(", ")} (available: ${Object.keys(BENCHES).join(", ")})`);
  process.exit(1);
}
// The full Lighthouse sweep takes ~1.5 h, prefetch builds the base commit too: only when named.
const ONLY_WHEN_NAMED = ["lighthouse-sweep", "prefetch"];
const chosen = args.length ? args : Object.keys(BENCHES).filter((n) => !ONLY_WHEN_NAMED.includes(n));
if (!existsSync(distDir) && !chosen.every((name) => WITHOUT_BUILD.has(name))) {
  console.error(`No build output in ${relative(process.cwd(), distDir) || distDir}/: run npm run build first.`);
  process.exit(1);
}

mkdirSync(resultsDir, { recursive: true });
for (const name of chosen) {
  let result;
  try {
    result = await BENCHES[name]({ distDir, repoRoot });
  } catch (error) {
    console.error(`${name}: ${error.message}`);
    process.exit(1);
  }
  const { markdown, json } = result;
  console.log(markdown);
  writeFileSync(join(resultsDir, `${name}.md`), markdown.endsWith("\n") ? markdown : markdown + "\n");
  writeFileSync(join(resultsDir, `${name}.json`), JSON.stringify(json, null, 2) + "\n");
  console.error(`${name}: wrote ${relative(repoRoot, join(resultsDir, name))}.{md,json}`);
}
