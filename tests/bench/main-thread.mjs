// main-thread: what the browser's main thread does while Lighthouse's pages load, from Chromium's own trace. Lighthouse's
// TBT on this host moves with the host's load by more than the changes we make (the same commit gave 378 and 1,122 ms
// minutes apart), so this bench measures the work itself, in cold loads alternating page by page:
// - before FCP: every main-thread task until the first contentful paint (parsing, the first style and layout);
// - after FCP: every task from then until 4 s after `load` (our scripts, the island code, what they start);
// - blocking at 4x: each task after FCP as a phone 4x slower would run it, minus 50 ms, summed: Lighthouse's TBT
//   rule without its network simulation;
// - longest: the longest task after FCP.
// Same product, accounts and pages as the lighthouse bench (tests/bench/lighthouse.mjs), 412 x 823 viewport, the same
// phone's user agent and client hints.
//
//   npm run build && npm run bench -- main-thread        (MT_RUNS=7 for more runs; MT_PAGES=/en/,/en/visa/ picks)
import { cpus, loadavg } from "node:os";
import { chromium } from "playwright";
import { LIGHTHOUSE_PAGES, median, signIn } from "./lighthouse.mjs";
import { startProduct } from "./product.mjs";

const RUNS = Number(process.env.MT_RUNS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const picked = process.env.MT_PAGES?.split(",");

/** Lighthouse 13's mobile user agent and its metadata (core/lib/emulation.js). */
const PHONE = {
  userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
  userAgentMetadata: { brands: [{ brand: "Chromium", version: "140" }], fullVersion: "140.0.0.0", platform: "Android", platformVersion: "11.0", architecture: "", model: "moto g power (2022)", mobile: true },
};

/** One cold load (new browser, empty cache) of `url` with `cookies`, traced; the main thread's figures in ms. */
async function loadOnce(url, cookies) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (cookies.length) await context.addCookies(cookies.map((c) => ({ name: c.name, value: c.value, url: new URL(url).origin, httpOnly: c.httpOnly })));
    const page = await context.newPage();
    // The phone Lighthouse's mobile run pretends to be, down to the client hints it sends (`Sec-CH-UA-Mobile: ?1`):
    // the edge draws a phone only the layout a phone shows (src/lib/screen.ts).
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setUserAgentOverride", PHONE);
    await page.goto("about:blank");
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"] });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(4000);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${page.url()}: not signed in?`);
    // The page's renderer main thread: the CrRendererMain with the most events.
    const names = new Map(events.filter((e) => e.ph === "M" && e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
    const counts = new Map();
    for (const e of events) {
      const key = `${e.pid}:${e.tid}`;
      if (names.get(key) === "CrRendererMain") counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    const tasks = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X" && e.name === "RunTask");
    const fcp = events.find((e) => e.name === "firstContentfulPaint");
    if (!fcp) throw new Error(`${url}: no first contentful paint in the trace`);
    const ms = (us) => us / 1000;
    const after = tasks.filter((t) => t.ts > fcp.ts);
    return {
      beforeFcp: Math.round(tasks.filter((t) => t.ts <= fcp.ts).reduce((sum, t) => sum + ms(t.dur), 0)),
      afterFcp: Math.round(after.reduce((sum, t) => sum + ms(t.dur), 0)),
      blocking4x: Math.round(after.reduce((sum, t) => sum + Math.max(0, 4 * ms(t.dur) - 50), 0)),
      longest: Math.round(Math.max(0, ...after.map((t) => ms(t.dur)))),
    };
  } finally {
    await browser.close();
  }
}

export async function measureMainThread({ pages = LIGHTHOUSE_PAGES.filter((p) => !picked || picked.includes(p.path)), runs = RUNS } = {}) {
  const product = await startProduct();
  try {
    const sessions = { agent: await signIn(product.url, "agent"), admin: await signIn(product.url, "admin") };
    const bearer = { Authorization: `Bearer ${decodeURIComponent(sessions.agent.find((c) => c.name === "auth.accessToken").value)}` };
    const list = await (await fetch(`${product.url}/api/visa/list?page=1&limit=1`, { headers: bearer })).json();
    const visa = (list.data ?? list)[0]?._id;
    const all = new Map(pages.map((p) => [p.path, []]));
    // One warm-up load per page (the worker's and D1's first answers), not counted.
    for (const p of pages) await loadOnce(`${product.url}${p.path.replace("{visa}", visa)}`, p.as ? sessions[p.as] : []);
    // Round by round, page by page: a busy moment of the host falls on every page alike.
    for (let i = 0; i < runs; i++) {
      for (const p of pages) {
        const load = +loadavg()[0].toFixed(2);
        const run = { ...(await loadOnce(`${product.url}${p.path.replace("{visa}", visa)}`, p.as ? sessions[p.as] : [])), load };
        console.error(`main-thread: ${p.path} run ${i + 1}/${runs}: before FCP ${run.beforeFcp} ms, after ${run.afterFcp} ms, blocking at 4x ${run.blocking4x} ms, longest ${run.longest} ms (load ${load})`);
        all.get(p.path).push(run);
      }
    }
    const results = pages.map((p) => {
      const runsOf = all.get(p.path);
      return { page: p.path, as: p.as, median: Object.fromEntries(["beforeFcp", "afterFcp", "blocking4x", "longest"].map((k) => [k, median(runsOf.map((r) => r[k]))])), runs: runsOf };
    });
    return { date: new Date().toISOString().slice(0, 10), cores: cpus().length, runsPerPage: runs, results };
  } finally {
    await product.stop();
  }
}

const fmt = (n) => Math.round(n).toLocaleString("en-US");

export function formatMainThreadMarkdown({ date, cores, runsPerPage, results }) {
  const out = [
    `## Main-thread work while a page loads (${date})`,
    "",
    `Debian Chromium headless, cold loads (new browser each), 412 × 823, median of ${runsPerPage} per page, alternating pages; the real ` +
      "product with demo data, signed in as the page's kind. From Chromium's trace of the page's main thread: tasks before the first " +
      "contentful paint, tasks after it until 4 s after load, and those tasks as a 4× slower phone would run them, minus 50 ms each " +
      "(Lighthouse's TBT rule without its network model).",
    "",
    "| Page | Signed in | Before FCP | After FCP | Blocking at 4× | Longest task after FCP |",
    "|---|---|--:|--:|--:|--:|",
  ];
  for (const r of results) {
    const m = r.median;
    out.push(`| \`${r.page}\` | ${r.as ?? "no"} | ${fmt(m.beforeFcp)} ms | ${fmt(m.afterFcp)} ms | ${fmt(m.blocking4x)} ms | ${fmt(m.longest)} ms |`);
  }
  out.push("", `Runs (before / after / blocking at 4× / longest, ms; host 1-minute load average on ${cores} cores):`, "");
  for (const r of results) out.push(`- \`${r.page}\`: ${r.runs.map((x) => `${x.beforeFcp} / ${x.afterFcp} / ${x.blocking4x} / ${x.longest} (load ${x.load})`).join(" · ")}`);
  return out.join("\n") + "\n";
}
