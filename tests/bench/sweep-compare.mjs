// sweep-compare: one before/after table of the Lighthouse sweep (issue 32), from the JSON files the bench writes.
// The first file is "before"; every later one is "after", a later file's page replacing an earlier one's (a full
// sweep, then the pages measured again after a change). Each run's host load and Lighthouse CPU index stay in the
// table: on a shared host they say how far two runs can be compared.
//
//   node tests/bench/sweep-compare.mjs before.json after.json [again.json …] > table.md
import { readFileSync } from "node:fs";

const [beforeFile, ...afterFiles] = process.argv.slice(2);
if (!beforeFile || !afterFiles.length) {
  console.error("usage: node tests/bench/sweep-compare.mjs before.json after.json [again.json …]");
  process.exit(2);
}
const read = (file) => JSON.parse(readFileSync(file, "utf8")).results.filter((r) => !r.error && r.median);
const before = new Map(read(beforeFile).map((r) => [r.page, r]));
const after = new Map();
for (const file of afterFiles) for (const r of read(file)) after.set(r.page, r);

const n = (value) => Math.round(value).toLocaleString("en-US");
const triple = (m) => `${m.score} / ${n(m.lcp)} / ${n(m.tbt)}`;
/** Which of the page's targets its median misses ("" when none). */
function misses(r) {
  const m = r.median;
  const t = r.target;
  return [
    m.score < t.score && "score",
    t.lcp !== undefined && m.lcp > t.lcp && "LCP",
    t.tbt !== undefined && m.tbt > t.tbt && "TBT",
    m.cls >= (t.cls ?? 0.05) && "CLS",
  ].filter(Boolean);
}

const rows = [];
const stats = { pages: 0, score: 0, lcp: 0, tbtAdmin: 0, admin: 0, all: 0 };
for (const [page, r] of after) {
  const m = r.median;
  const missed = misses(r);
  stats.pages++;
  if (!missed.includes("score")) stats.score++;
  if (!missed.includes("LCP")) stats.lcp++;
  if (r.as === "admin") {
    stats.admin++;
    if (!missed.includes("TBT")) stats.tbtAdmin++;
  }
  if (!missed.length) stats.all++;
  const old = before.get(page);
  const runs = r.runs.map((x) => `${x.score}/${n(x.lcp)}/${n(x.tbt)} (${x.load ?? "?"}, ${x.cpuIndex ?? "?"})`).join(" · ");
  rows.push(
    `| \`${page}\` | ${r.as ?? "no"} | ${old ? triple(old.median) : "not measured"} | **${m.score}** / ${n(m.lcp)} / ${n(m.tbt)} / ${m.cls.toFixed(3)} | ${n(m.lcp - m.fcp)} | ${runs} | ${missed.length ? `${missed.join(", ")} ❌` : "✅"} |`,
  );
}
const loads = [...after.values()].flatMap((r) => r.runs.map((x) => x.load)).filter((x) => x !== undefined);
const cpu = [...after.values()].flatMap((r) => r.runs.map((x) => x.cpuIndex)).filter((x) => x !== undefined);
const medianOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const byLocale = ["en", "ar", "ku"].map((locale) => {
  const pages = [...after.values()].filter((r) => r.page.startsWith(`/${locale}/`));
  return `${locale}: ${pages.length} pages, median LCP ${n(medianOf(pages.map((r) => r.median.lcp)))} ms, median FCP ${n(medianOf(pages.map((r) => r.median.fcp)))} ms`;
});
console.log(
  [
    `- measured ${stats.pages}; score ≥ 98: ${stats.score}; LCP ≤ 1.1 s: ${stats.lcp}; admin TBT ≤ 100 ms: ${stats.tbtAdmin} of ${stats.admin}; all targets: ${stats.all}.`,
    `- host load ${Math.min(...loads)}–${Math.max(...loads)}, Lighthouse CPU index ${Math.min(...cpu)}–${Math.max(...cpu)}; ${byLocale.join("; ")}.`,
    "",
    "| page | as | before: score / LCP / TBT (ms) | after: score / LCP / TBT / CLS | LCP−FCP after | runs after: score / LCP / TBT (load, CPU index) | targets |",
    "|---|---|---|---|--:|---|:-:|",
    ...rows,
  ].join("\n"),
);
