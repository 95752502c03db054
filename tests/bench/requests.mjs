// Issue 8 benchmarks.
// 1. requests-load: p50/p99 of filing a visa request (POST /api/requests: validation, the visa as the agency sees it,
//    one D1 batch with the charge, the request, its history and the Idempotency-Key) under loopback load, as a ratio
//    to GET /api measured in the same run against the same `wrangler dev`. Each filing sends its own Idempotency-Key.
//    The bench visa asks for no documents, so no uploads are needed per filing (uploads are R2 puts, measured apart).
// 2. exports: time and peak memory of rendering 10 000 visa requests as csv, xlsx and pdf with the export service's
//    own code (bundled for node by esbuild), each in a fresh node process; peak memory is the process's max RSS minus
//    that of a process that only loaded the same code. The API caps pdf at 5 000 rows: both 5 000 and 10 000 are shown.
import autocannon from "autocannon";
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startProduct } from "./product.mjs";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

function load(url, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration: DURATION_S, connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const summary = (name, r) => ({ name, requests: r.requests.total, non2xx: r.non2xx, errors: r.errors, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99 });

async function json(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export async function measureRequestsLoad() {
  const product = await startProduct();
  try {
    const post = (path, body, token) =>
      fetch(`${product.url}/api${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const admin = (await json(await post("/auth/loginAdmin", { email: "admin@visahub.example", password: "Admin#2026" }))).access_token;
    const agent = (await json(await post("/auth/loginAgent", { email: "agent@sunrise.example", password: "Agent#2026" }))).access_token;
    const agentId = (await json(await fetch(`${product.url}/api/agents/currentAgentData`, { headers: { Authorization: `Bearer ${agent}` } })))._id;
    const countries = await json(await fetch(`${product.url}/api/countries/complete-list`, { headers: { Authorization: `Bearer ${admin}` } }));
    const visa = await json(await post("/visa", {
      countryId: countries.data[0]._id, title: { en: "Bench visa", ar: "تأشيرة القياس", ku: "ڤیزای پێوان" }, price: 100, processingDays: 1, validityDays: 30,
      travelMode: "Air", fields: ["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry", "TravelDate"], requirementIds: [],
    }, admin));
    // Enough money for every filing of the run (1.00 USD each).
    await json(await post(`/transactions/update-balance/${agentId}`, { operation: "ADD", amount: 90_000_000, note: "bench" }, admin));
    const travel = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const body = JSON.stringify({
      visaId: visa._id,
      fields: { FullName: "أحمد علي حسن", PassportNumber: "A1234567", DateOfBirth: "1990-01-01", PassportExpiry: "2035-01-01", TravelDate: travel },
      documents: [],
    });
    let n = 0;
    const filing = {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${agent}` },
      requests: [{ setupRequest: (req) => ({ ...req, body, headers: { ...req.headers, "Idempotency-Key": `bench-${process.pid}-${++n}` } }) }],
    };
    await load(`${product.url}/api`, { duration: 2 });
    await load(`${product.url}/api/requests`, { ...filing, duration: 2 });
    const rows = [summary("GET /api (health)", await load(`${product.url}/api`)), summary("POST /api/requests (file a visa request)", await load(`${product.url}/api/requests`, filing))];
    const base = rows[0];
    for (const row of rows) {
      row.p50Ratio = +(row.p50 / Math.max(base.p50, 0.001)).toFixed(1);
      row.p99Ratio = +(row.p99 / Math.max(base.p99, 0.001)).toFixed(1);
    }
    const reconcile = await json(await fetch(`${product.url}/api/transactions/reconcile`, { headers: { Authorization: `Bearer ${admin}` } }));
    return { date: new Date().toISOString().slice(0, 10), durationS: DURATION_S, connections: CONNECTIONS, rows, mismatchesAfter: reconcile.mismatches };
  } finally {
    await product.stop();
  }
}

export function formatRequestsLoadMarkdown({ date, durationS, connections, rows, mismatchesAfter }) {
  return [
    `# Filing visa requests under loopback load (${date})`,
    "",
    `autocannon, ${connections} connections, ${durationS} s per call, against \`wrangler dev\` with local D1 and demo data (2 cores shared by load and server). Every filing carries its own Idempotency-Key and charges the agency in one D1 batch; reconciliation afterwards: ${mismatchesAfter} mismatches.`,
    "",
    "| call | requests | non-2xx | req/s | p50 ms | p99 ms | p50 × health | p99 × health |",
    "|---|--:|--:|--:|--:|--:|--:|--:|",
    ...rows.map((r) => `| ${r.name} | ${r.requests} | ${r.non2xx} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.p50Ratio} | ${r.p99Ratio} |`),
  ].join("\n") + "\n";
}

// ── Exports ──────────────────────────────────────────────────────────────────────────────────────
const CHILD = `
import { renderExport } from "./render.mjs";
const [format, count, locale] = process.argv.slice(2);
const names = ["أحمد علي حسن", "ڕێژنە ئەحمەد کەریم", "John Smith", "حسين جبار كاظم", "Sara Mahmoud"];
const visas = [["تأشيرة تركيا السياحية الإلكترونية", "ڤیزای ئەلیکترۆنیی گەشتیاریی تورکیا", "Turkey tourist e-Visa"], ["تأشيرة شنغن السياحية (ألمانيا)", "ڤیزای گەشتیاریی شێنگن (ئەڵمانیا)", "Schengen tourist visa (Germany)"]];
const rows = Array.from({ length: Number(count) }, (_, i) => ({
  reference: "VR-2026-" + String(i + 1).padStart(6, "0"), name: names[i % names.length], passport: "A" + String(1000000 + i), visa: visas[i % 2],
  status: ["Requested", "InProcess", "Approved", "Canceled"][i % 4], price: 7900 + (i % 7) * 100, at: new Date(Date.UTC(2026, 10, 1) + i * 60000).toISOString(),
}));
const pick = (v) => (locale === "ar" ? v[0] : locale === "ku" ? v[1] : v[2]);
const columns = [
  { header: "requests.columns.reference", width: 14, value: (r) => r.reference },
  { header: "requests.columns.applicant", width: 22, value: (r) => r.name },
  { header: "requests.columns.passportNumber", width: 12, value: (r) => r.passport },
  { header: "requests.columns.visa", width: 24, value: (r) => pick(r.visa) },
  { header: "requests.columns.status", width: 14, value: (r) => r.status },
  { header: "requests.columns.price", width: 11, kind: "money", value: (r) => r.price },
  { header: "requests.columns.createdAt", width: 15, kind: "date", value: (r) => r.at },
];
if (format === "none") { console.log(JSON.stringify({ ms: 0, bytes: 0, maxRssKb: process.resourceUsage().maxRSS })); process.exit(0); }
const start = performance.now();
const file = await renderExport({ format, locale, title: "requests.export.title", columns, currency: "USD" }, rows, null);
const ms = performance.now() - start;
console.log(JSON.stringify({ ms: Math.round(ms), bytes: file.body.byteLength, maxRssKb: process.resourceUsage().maxRSS }));
`;

export async function measureExports({ repoRoot }) {
  const dir = mkdtempSync(join(tmpdir(), "visa-export-bench-"));
  try {
    await build({
      entryPoints: [join(repoRoot, "functions/services/export/render.ts")], bundle: true, platform: "node", format: "esm",
      outfile: join(dir, "render.mjs"), logLevel: "silent",
    });
    writeFileSync(join(dir, "child.mjs"), CHILD);
    const run = (format, count, locale = "ar") => {
      const out = spawnSync(process.execPath, [join(dir, "child.mjs"), format, String(count), locale], { encoding: "utf8", cwd: dir });
      if (out.status !== 0) throw new Error(`${format} export failed: ${out.stderr}`);
      return JSON.parse(out.stdout.trim().split("\n").pop());
    };
    const baseline = run("none", 10_000);
    const cases = [["csv", 10_000], ["xlsx", 10_000], ["pdf", 5_000], ["pdf", 10_000]];
    const rows = cases.map(([format, count]) => {
      const r = run(format, count);
      return { format, rows: count, ms: r.ms, bytes: r.bytes, peakMb: +((r.maxRssKb - baseline.maxRssKb) / 1024).toFixed(1), maxRssMb: +(r.maxRssKb / 1024).toFixed(1) };
    });
    const worker = await measureWorkerExports();
    return { date: new Date().toISOString().slice(0, 10), node: process.version, baselineRssMb: +(baseline.maxRssKb / 1024).toFixed(1), rows, worker };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 10 000 visa requests of the demo agency Sunrise, made in one SQL statement (names in Arabic, Sorani and Latin). */
const TEN_THOUSAND = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
INSERT INTO visa_requests (id, reference, visa_id, visa_title_en, visa_title_ar, visa_title_ku, country_id, country_code, country_name_en, country_name_ar,
  country_name_ku, agent_id, filed_by_kind, filed_by_id, filed_by_name, fields, applicant_name, passport_number, price, currency, status, created_at, updated_at)
SELECT printf('bench-%05d', i), printf('VR-2025-%06d', i), v.id, v.title_en, v.title_ar, v.title_ku, c.id, c.code, c.name_en, c.name_ar, c.name_ku,
  a.id, 'Agent', a.id, a.name, '{"TravelDate":"2027-01-10"}',
  CASE i % 3 WHEN 0 THEN 'أحمد علي حسن ' || i WHEN 1 THEN 'ڕێژنە ئەحمەد ' || i ELSE 'John Smith ' || i END,
  printf('A%07d', i), v.price, 'USD', CASE i % 4 WHEN 0 THEN 'Requested' WHEN 1 THEN 'InProcess' WHEN 2 THEN 'Approved' ELSE 'Canceled' END,
  strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', printf('+%d minutes', i)), strftime('%Y-%m-%dT%H:%M:%fZ', '2025-06-01', printf('+%d minutes', i))
FROM n, (SELECT * FROM visas ORDER BY id LIMIT 1) v JOIN countries c ON c.id = v.country_id, (SELECT * FROM agents WHERE email = 'agent@sunrise.example') a;`;

/** The same exports through the real Worker (wrangler dev, local D1): the time until the whole file has arrived. */
export async function measureWorkerExports() {
  const product = await startProduct({ sql: TEN_THOUSAND });
  try {
    const login = await fetch(`${product.url}/api/auth/loginAdmin`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "admin@visahub.example", password: "Admin#2026" }),
    });
    const { access_token: token } = await json(login);
    const rows = [];
    for (const format of ["csv", "xlsx", "pdf"]) {
      const timings = [];
      let bytes = 0;
      let exported = 0;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        const response = await fetch(`${product.url}/api/requests/export-list/${format}?lang=ar&limit=100`, { headers: { Authorization: `Bearer ${token}` } });
        const body = new Uint8Array(await response.arrayBuffer());
        if (!response.ok) throw new Error(`${format}: ${response.status} ${new TextDecoder().decode(body.slice(0, 300))}`);
        timings.push(performance.now() - start);
        bytes = body.byteLength;
        exported = Number(response.headers.get("X-Export-Rows"));
      }
      timings.sort((a, b) => a - b);
      rows.push({ format, rows: exported, medianMs: Math.round(timings[1]), bytes });
    }
    return rows;
  } finally {
    await product.stop();
  }
}

export function formatExportsMarkdown({ date, node, baselineRssMb, rows, worker = [] }) {
  return [
    `# Exporting visa requests (${date})`,
    "",
    `The export service's rendering (functions/services/export/render.ts, bundled by esbuild) in a fresh node ${node} process per file, Arabic headers and values, Arabic and Sorani names. Peak memory = the process's max RSS − ${baselineRssMb} MB of a process that only loaded the same code. The API answers at most 10 000 rows for csv/xlsx and 5 000 for pdf (the cap is said in the file).`,
    "",
    "| format | rows | time ms | file KB | peak MB (above baseline) | max RSS MB |",
    "|---|--:|--:|--:|--:|--:|",
    ...rows.map((r) => `| ${r.format} | ${r.rows} | ${r.ms} | ${Math.round(r.bytes / 1024)} | ${r.peakMb} | ${r.maxRssMb} |`),
    "",
    "Through the Worker (`wrangler dev`, local D1 holding 10 000 more requests; GET requests/export-list/{format}?lang=ar as an admin, median of 3, time until the whole file arrived):",
    "",
    "| format | rows in the file | median ms | file KB |",
    "|---|--:|--:|--:|",
    ...worker.map((r) => `| ${r.format} | ${r.rows} | ${r.medianMs} | ${Math.round(r.bytes / 1024)} |`),
  ].join("\n") + "\n";
}
