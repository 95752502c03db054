// Throughput of the rich-content sanitizer (src/shared/rich-content.ts, parse5) on a 50 KB visa description:
// the content an admin saves and every agent's visa page shows (sanitized again on the way out). Runs the same
// module the Worker bundles, in Node's V8 (workerd runs the same engine); median of many runs after warm-up.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** The sanitizer module as the Worker gets it: bundled by esbuild (wrangler's bundler) with parse5 inside. */
async function loadSanitizer() {
  const outfile = join(mkdtempSync(join(tmpdir(), "sanitize-bench-")), "rich-content.mjs");
  await build({ entryPoints: [new URL("../../src/shared/rich-content.ts", import.meta.url).pathname], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "error" });
  return (await import(pathToFileURL(outfile).href)).sanitizeHtml;
}

const TARGET_BYTES = 50 * 1024;

/** A long, realistic visa description as pasted from a word processor: three languages, lists, a table, links, images, and the junk a paste brings. */
export function visaDescription(targetBytes = TARGET_BYTES) {
  const section = (i) => [
    `<h2 dir="ltr" style="font-family:Calibri">Section ${i}: documents and conditions</h2>`,
    `<p class="MsoNormal" style="margin:0cm"><span lang="EN-US">Applicants must hold a passport valid for at least six months beyond the intended stay, with two blank pages. <b>Processing</b> takes <i>5–7 working days</i>; see <a href="https://www.example.org/visa/${i}" target="_blank" onclick="track()">the embassy page</a> or <a href="/en/visa/available-visa/">our search</a>.</span></p>`,
    `<p dir="rtl">يجب أن يكون جواز السفر صالحاً لمدة ستة أشهر على الأقل بعد تاريخ العودة، مع صفحتين فارغتين. مدة المعالجة من ٥ إلى ٧ أيام عمل.</p>`,
    `<p dir="rtl">پاسپۆرت دەبێت لانیکەم شەش مانگ دوای گەڕانەوە کارا بێت. ماوەی کارکردن ٥ بۆ ٧ ڕۆژی کارە.</p>`,
    `<ul><li>Passport copy &amp; photo (35×45 mm)</li><li>Bank statement, last 3 months</li><li>Hotel booking <span style="color:red">or invitation</span></li><li>Return ticket</li></ul>`,
    `<table><tbody><tr><th>Entry</th><th colspan="2">Fee</th></tr><tr><td>Single</td><td>60 USD</td><td>بطاقة</td></tr><tr><td>Multiple</td><td>120 USD</td><td>نقداً</td></tr></tbody></table>`,
    `<p><img src="/api/files/visa/0193a000-0000-7000-8000-00000000000${i % 10}.webp" alt="Sample ${i}" width="600" onerror="x()"><br><!-- pasted comment --></p>`,
    `<blockquote>Note: fees are non-refundable once the application is lodged.</blockquote><hr>`,
  ].join("\n");
  let html = "";
  const size = (text) => new TextEncoder().encode(text).length;
  for (let i = 1; size(html) < targetBytes; i++) html += section(i);
  return html;
}

export async function measureSanitize({ runs = 200, warmup = 30 } = {}) {
  const sanitizeHtml = await loadSanitizer();
  const html = visaDescription();
  const bytes = new TextEncoder().encode(html).length;
  for (let i = 0; i < warmup; i++) sanitizeHtml(html);
  const times = [];
  let outBytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    outBytes = sanitizeHtml(html).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p95 = times[Math.floor(times.length * 0.95)];
  return {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    inputBytes: bytes,
    outputChars: outBytes,
    runs,
    medianMs: Number(median.toFixed(2)),
    p95Ms: Number(p95.toFixed(2)),
    mbPerSecond: Number((bytes / 1024 / 1024 / (median / 1000)).toFixed(1)),
    documentsPerSecond: Math.round(1000 / median),
  };
}

export function formatSanitizeMarkdown(r) {
  return [
    `Rich-content sanitizer (parse5 allow-list, \`npm run bench -- sanitize\`, ${r.date}, Node ${r.node}; workerd runs the same V8):`,
    "",
    "| input | runs | median | p95 | throughput | documents/s |",
    "|---|--:|--:|--:|--:|--:|",
    `| visa description, ${r.inputBytes.toLocaleString("en")} bytes (en/ar/ku, lists, table, links, images, paste junk) | ${r.runs} | ${r.medianMs} ms | ${r.p95Ms} ms | ${r.mbPerSecond} MB/s | ${r.documentsPerSecond} |`,
    "",
  ].join("\n");
}
