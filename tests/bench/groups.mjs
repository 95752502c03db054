// Issue 28 benchmarks: group filing.
// 1. Preview of a 200-row spreadsheet: the browser's own code (src/features/groups/spreadsheet.ts: unzip, cells,
//    headers, digits, dates; then the API's applicantSchema over every row, as the form checks them), bundled for node
//    by esbuild, timed from the file's bytes to every row checked. Median of 5 runs, after one warm-up.
// 2. Filing 200 travellers in one call (POST /api/request-groups: one D1 batch) against one filing (POST /api/requests),
//    sequentially against `wrangler dev` with local D1 and the demo data: medians, and the group's time as a ratio of
//    one filing and of 200 filings.
// 3. The office's bulk moves of a whole group of 200 (PATCH /api/admin/requests/bulk-status): start processing one
//    group, reject another with one reason (200 refunds), each call timed once.
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startProduct } from "./product.mjs";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const FIELDS = ["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry", "TravelDate"];

async function json(response) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const ENTRY = `
import { readSheet, travellersOf } from "./src/features/groups/spreadsheet.ts";
import { applicantSchema } from "./src/contract/requests.ts";
import { writeXlsx } from "./functions/services/export/xlsx.ts";
export { readSheet, travellersOf, applicantSchema, writeXlsx };
`;

async function measurePreview(repoRoot) {
  const dir = mkdtempSync(join(tmpdir(), "group-bench-"));
  try {
    await build({ stdin: { contents: ENTRY, resolveDir: repoRoot, loader: "ts" }, bundle: true, platform: "node", format: "esm", outfile: join(dir, "groups.mjs"), logLevel: "silent" });
    const { readSheet, travellersOf, applicantSchema, writeXlsx } = await import(pathToFileURL(join(dir, "groups.mjs")).href);
    const travel = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10).split("-").reverse().join("/");
    const header = ["الاسم الكامل", "رقم الجواز", "تاريخ الميلاد", "تاريخ انتهاء الجواز", "تاريخ السفر"];
    const rows = Array.from({ length: 200 }, (_, i) => ["مسافر رقم", `A${1_000_000 + i}`, "١٤/٣/١٩٨٥", "1/12/2031", travel]);
    const bytes = writeXlsx({ name: "المسافرون", header, rows, widths: header.map(() => 20), rtl: true });
    const labels = { FullName: [header[0]], PassportNumber: [header[1]], DateOfBirth: [header[2]], PassportExpiry: [header[3]], TravelDate: [header[4]] };
    const once = async () => {
      const started = performance.now();
      const found = travellersOf(await readSheet(new Blob([bytes])), FIELDS, labels);
      const schema = applicantSchema(FIELDS);
      const bad = found.rows.filter((row) => !schema.safeParse(row).success).length;
      if (found.rows.length !== 200 || bad !== 0) throw new Error(`preview read ${found.rows.length} rows, ${bad} refused`);
      return performance.now() - started;
    };
    await once();
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await once());
    return { rows: 200, medianMs: +median(runs).toFixed(1), runsMs: runs.map((ms) => +ms.toFixed(1)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureFiling() {
  // BENCH_PORT: a fixed port on a host shared by several people.
  const product = await startProduct({ port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined });
  try {
    const post = (path, body, token, headers = {}) =>
      fetch(`${product.url}/api${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers }, body: JSON.stringify(body) });
    const admin = (await json(await post("/auth/loginAdmin", { email: "admin@visahub.example", password: "Admin#2026" }))).access_token;
    const agent = (await json(await post("/auth/loginAgent", { email: "agent@sunrise.example", password: "Agent#2026" }))).access_token;
    const agentId = (await json(await fetch(`${product.url}/api/agents/currentAgentData`, { headers: { Authorization: `Bearer ${agent}` } })))._id;
    const countries = await json(await fetch(`${product.url}/api/countries/complete-list`, { headers: { Authorization: `Bearer ${admin}` } }));
    const visa = await json(await post("/visa", {
      countryId: countries.data[0]._id, title: { en: "Group bench visa", ar: "تأشيرة قياس المجموعات", ku: "ڤیزای پێوانی گرووپ" }, price: 100, processingDays: 1, validityDays: 30,
      travelMode: "Air", fields: FIELDS, requirementIds: [],
    }, admin));
    await json(await post(`/transactions/update-balance/${agentId}`, { operation: "ADD", amount: 10_000_000, note: "group bench" }, admin));
    const travel = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const fields = (i) => ({ FullName: "أحمد علي حسن", PassportNumber: `B${String(1_000_000 + i)}`, DateOfBirth: "1990-01-01", PassportExpiry: "2035-01-01", TravelDate: travel });
    let key = 0;
    const groups = [];
    const timed = async (path, body) => {
      const started = performance.now();
      const answer = await json(await post(path, body, agent, { "Idempotency-Key": `group-bench-${process.pid}-${++key}` }));
      if (answer.travellers) groups.push(answer.travellers.map((t) => t._id));
      return performance.now() - started;
    };
    const single = [];
    for (let i = 0; i < 11; i++) single.push(await timed("/requests", { visaId: visa._id, fields: fields(i), documents: [] }));
    const group = [];
    for (let g = 0; g < 3; g++) group.push(await timed("/request-groups", { visaId: visa._id, travellers: Array.from({ length: 200 }, (_, i) => ({ fields: fields(1000 * (g + 1) + i) })) }));
    const bulk = async (ids, change) => {
      const started = performance.now();
      const answer = await json(await fetch(`${product.url}/api/admin/requests/bulk-status`, {
        method: "PATCH", headers: { "Content-Type": "application/json", Authorization: `Bearer ${admin}` }, body: JSON.stringify({ ids, change }),
      }));
      const moved = (answer.results ?? answer.data ?? answer).filter?.((r) => r.ok).length;
      if (moved !== ids.length) throw new Error(`bulk move: ${moved} of ${ids.length} moved`);
      return +(performance.now() - started).toFixed(1);
    };
    const bulkInProcessMs = await bulk(groups[0], { status: "InProcess" });
    const bulkRejectMs = await bulk(groups[1], { status: "Rejected", reason: "وثائق ناقصة" });
    const reconcile = await json(await fetch(`${product.url}/api/transactions/reconcile`, { headers: { Authorization: `Bearer ${admin}` } }));
    const one = median(single.slice(1));
    const whole = median(group);
    return {
      singleMedianMs: +one.toFixed(1), groupMedianMs: +whole.toFixed(1), groupRunsMs: group.map((ms) => +ms.toFixed(1)), ratioToOne: +(whole / one).toFixed(1),
      ratioTo200: +(whole / (200 * one)).toFixed(3), bulkInProcessMs, bulkRejectMs, mismatchesAfter: reconcile.mismatches,
    };
  } finally {
    await product.stop();
  }
}

export async function measureGroups({ repoRoot }) {
  const preview = await measurePreview(repoRoot);
  const filing = await measureFiling();
  return { date: new Date().toISOString().slice(0, 10), node: process.version, preview, filing };
}

export function formatGroupsMarkdown({ date, node, preview, filing }) {
  return [
    `# Group filing (issue 28, ${date}, ${node})`,
    "",
    `Preview of a ${preview.rows}-row Arabic xlsx (read, headers matched, digits and dates made the form's, every row checked with applicantSchema), the browser's code in node: **${preview.medianMs} ms** median of 5 (${preview.runsMs.join(", ")} ms).`,
    "",
    "Filing against `wrangler dev` (local D1, demo data, 2 shared cores), sequential calls:",
    "",
    "| call | median ms |",
    "|---|--:|",
    `| POST /api/requests (one traveller) | ${filing.singleMedianMs} |`,
    `| POST /api/request-groups (200 travellers, one batch) | ${filing.groupMedianMs} (runs ${filing.groupRunsMs.join(", ")}) |`,
    `| PATCH /api/admin/requests/bulk-status, 200 travellers → InProcess | ${filing.bulkInProcessMs} |`,
    `| PATCH /api/admin/requests/bulk-status, 200 travellers → Rejected with one reason (200 refunds) | ${filing.bulkRejectMs} |`,
    "",
    `200 travellers in one call take **${filing.ratioToOne}×** one filing, i.e. ${filing.ratioTo200} of 200 separate filings. Reconciliation afterwards: ${filing.mismatchesAfter} mismatches.`,
  ].join("\n") + "\n";
}
