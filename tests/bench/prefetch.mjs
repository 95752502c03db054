// prefetch (issue 27 item 6): what prefetch costs the edge and what it buys the click, before and after, same run.
// - Before: the branch's base commit (PREFETCH_BASE, default 41e1288: <link rel=prefetch> of every navigation link
//   1000 ms after start), exported with `git archive`, built with this checkout's packages and served by its own worker.
// - After: this tree's build (dist/, `npm run build` first).
// Both behind a counting door (edge-counter.mjs), in Debian's Chromium at 1366 x 768, demo accounts:
// - page requests per page view: what the edge is asked for (the page and every prefetch) in the 4 s after a load
//   with the pointer away from the links;
// - click to paint: a link is hovered for 400 ms (a person reaching for it), clicked, and the new page's first
//   contentful paint read from its own timeline (ms from the navigation's start, i.e. the click), and when its HTML
//   was all in hand (responseEnd); whether the edge saw a request for the click, and the navigation's deliveryType.
//
//   npm run build && npm run bench -- prefetch          (PREFETCH_RUNS=7 for more runs)
import { mkdtempSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright";
import { edgeCounter, pageRequests } from "./edge-counter.mjs";
import { median, signIn } from "./lighthouse.mjs";
import { exportCommit, startProduct } from "./product.mjs";

const RUNS = Number(process.env.PREFETCH_RUNS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** Page views whose requests are counted, and the click measured from each account's first page. */
const VIEWS = [
  { as: "agent", path: "/en/" },
  { as: "agent", path: "/en/requests/" },
  { as: "agent", path: "/en/visa/" },
  { as: "admin", path: "/en/admin/" },
  { as: "admin", path: "/en/admin/requests-list/" },
];
const CLICKS = [
  { as: "agent", from: "/en/", to: "/en/requests/" },
  { as: "admin", from: "/en/admin/", to: "/en/admin/requests-list/" },
];

async function contextFor(browser, door, as) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const cookies = await signIn(door.url, as);
  await context.addCookies(cookies.map((c) => ({ name: c.name, value: c.value, url: door.url, httpOnly: c.httpOnly })));
  return context;
}

async function measureTree(label, product) {
  const door = await edgeCounter(product.url);
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ARGS });
  try {
    const views = [];
    for (const view of VIEWS) {
      const counts = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await contextFor(browser, door, view.as);
        const page = await context.newPage();
        await page.mouse.move(0, 767);
        door.clear();
        await page.goto(`${door.url}${view.path}`, { waitUntil: "load" });
        await page.waitForTimeout(4000);
        const seen = pageRequests(door.seen);
        if (!seen.some((r) => r.path === view.path && !r.purpose)) throw new Error(`${label} ${view.path}: the page itself was not seen at the edge`);
        counts.push({ total: seen.length, prefetches: seen.filter((r) => r.purpose.includes("prefetch")).length });
        await context.close();
      }
      views.push({ ...view, runs: counts, median: median(counts.map((c) => c.total)), prefetches: median(counts.map((c) => c.prefetches)) });
    }
    const clicks = [];
    for (const click of CLICKS) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await contextFor(browser, door, click.as);
        const page = await context.newPage();
        await page.goto(`${door.url}${click.from}`, { waitUntil: "load" });
        // Past the 1000 ms of spec §9 and the old hints' requests.
        await page.waitForTimeout(2500);
        const link = page.locator(`a[href="${click.to}"]:visible`).first();
        await link.hover();
        await page.waitForTimeout(400);
        door.clear();
        await link.click();
        await page.waitForURL(`**${click.to}`);
        const timing = await page.evaluate(async () => {
          const fcp = await new Promise((resolve) => {
            const seen = performance.getEntriesByName("first-contentful-paint")[0];
            if (seen) return resolve(seen.startTime);
            new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({ type: "paint", buffered: true });
          });
          const nav = performance.getEntriesByType("navigation")[0];
          // responseEnd: the page's HTML fully in hand, from the click (what the prefetch saves outright).
          return { fcp, html: nav.responseEnd, deliveryType: nav.deliveryType ?? "", transferSize: nav.transferSize };
        });
        const edge = pageRequests(door.seen).filter((r) => r.path === click.to && !r.purpose).length;
        runs.push({ ...timing, fcp: Math.round(timing.fcp), html: Math.round(timing.html), edgeRequests: edge });
        await context.close();
      }
      clicks.push({ ...click, runs, median: median(runs.map((r) => r.fcp)), html: median(runs.map((r) => r.html)), fromPrefetch: runs.filter((r) => r.deliveryType === "navigational-prefetch").length, edgeRequests: runs.reduce((n, r) => n + r.edgeRequests, 0) });
    }
    return { views, clicks };
  } finally {
    await browser.close();
    await door.close();
  }
}

export async function measurePrefetch({ repoRoot, base = process.env.PREFETCH_BASE ?? "41e1288" }) {
  const work = mkdtempSync(join(tmpdir(), "prefetch-bench-"));
  try {
    const baseRoot = join(work, "base");
    exportCommit(repoRoot, base, baseRoot);
    const build = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: baseRoot, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (build.status !== 0) throw new Error(`baseline build failed: ${build.stderr.slice(-2000)}`);
    const result = { base, runs: RUNS };
    for (const [label, root] of [["before", baseRoot], ["after", repoRoot]]) {
      const product = await startProduct({ root });
      try {
        result[label] = await measureTree(label, product);
      } finally {
        await product.stop();
      }
    }
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function formatPrefetchMarkdown(r) {
  const lines = [
    "# Prefetch: edge requests per page view and click to paint (issue 27 item 6)",
    "",
    `Before: \`${r.base}\` (\`<link rel=prefetch>\` of every navigation link 1000 ms after start). After: this tree (speculation`,
    `rules, prefetch on hover or press). Debian Chromium, 1366 x 768, \`wrangler dev\` on loopback, ${r.runs} runs each, medians.`,
    "",
    "| page view | page requests at the edge, before (of them prefetches) | after (of them prefetches) |",
    "|---|--:|--:|",
    ...r.before.views.map((v, i) => `| ${v.as} ${v.path} | ${v.median} (${v.prefetches}) | **${r.after.views[i].median}** (${r.after.views[i].prefetches}) |`),
    "",
    "| click (link hovered 400 ms, then clicked) | click to HTML in hand, before | after | click to first paint, before | after | served from the prefetch, before / after | requests to the edge for the click, before / after |",
    "|---|--:|--:|--:|--:|--:|--:|",
    ...r.before.clicks.map((c, i) => {
      const a = r.after.clicks[i];
      return `| ${c.as} ${c.from} → ${c.to} | ${c.html} ms | **${a.html} ms** | ${c.median} ms | **${a.median} ms** | ${c.fromPrefetch}/${c.runs.length} / ${a.fromPrefetch}/${a.runs.length} | ${c.edgeRequests} / ${a.edgeRequests} |`;
    }),
    "",
  ];
  return lines.join("\n");
}
