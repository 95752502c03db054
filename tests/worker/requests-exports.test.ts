/** Exports through the API (real D1): csv and xlsx parsed back, localized headers and values, filters, file names. */
// Real D1 and R2 under a shared, busy machine: generous timeouts, the assertions stay exact.
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { call } from "./fixtures";
import { localized } from "./catalogue-fixtures";
import { APPLICANT, filingBody, file, fundedAgency, patchStatus, world } from "./requests-fixtures";

const ARABIC_NAME = "أحمد علي حسن";
const KURDISH_NAME = "ڕێژنە ئەحمەد";

/** RFC 4180 csv (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), (cell = "");
    else if (ch === "\n") row.push(cell.replace(/\r$/, "")), rows.push(row), (row = []), (cell = "");
    else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

/** The cells of sheet1 of an xlsx (inline strings and numbers), row by row. */
function parseXlsx(bytes: Uint8Array): { rows: (string | number)[][]; rtl: boolean } {
  const files = unzipSync(bytes);
  const xml = strFromU8(files["xl/worksheets/sheet1.xml"]!);
  const decode = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  const rows = [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map((m) =>
    [...m[1]!.matchAll(/<c [^>]*?(t="inlineStr")?[^>]*>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g)].map((c) => (c[2] !== undefined ? decode(c[2]) : Number(c[3]))),
  );
  return { rows, rtl: xml.includes('rightToLeft="1"') };
}

async function seed() {
  const w = await world({ title: localized("Tourist visa", "تأشيرة سياحية", "ڤیزای گەشتیاری") });
  const agency = await fundedAgency(w, 1_000_000);
  for (const name of [ARABIC_NAME, KURDISH_NAME, "John Smith"]) {
    const response = await file(agency.token, await filingBody(w, agency.token, { ...APPLICANT, FullName: name }));
    expect(response.status).toBe(201);
  }
  return { w, agency };
}

describe("exports", { timeout: 60_000 }, () => {
  it("csv: UTF-8 with BOM, localized headers and values, the list's filters, a dated attachment", async () => {
    const { w, agency } = await seed();
    const response = await call("GET", `/requests/export-list/csv?agentId=${agency.id}&lang=ku`, { token: w.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toContain(`attachment; filename="visa-requests-${today}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes).slice(1));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain("داواکار");
    expect(rows[0]).toContain("نرخ (USD)");
    const names = rows.slice(1).map((r) => r[1]);
    expect(names).toEqual(expect.arrayContaining([ARABIC_NAME, KURDISH_NAME, "John Smith"]));
    expect(rows[1]).toContain("ڤیزای گەشتیاری");
    expect(rows[1]).toContain("پێشکەشکراو");
    // Figures in the export's language (Kurdish: Arabic-Indic, as its pages write them; issue 26 item 7).
    expect(rows[1]).toContain("١٠٠٫٠٠");
    expect(rows[1]!.find((cell) => /^VR-\d{4}-\d{6}$/.test(cell))).toBeTruthy(); // references stay as they are
    // The agency's own export, filtered by search, in Arabic.
    const own = await call("GET", `/requests/export-agent-list/csv?search=${encodeURIComponent("ڕێژنە")}`, { token: agency.token, headers: { "Accept-Language": "ar" } });
    const ownRows = parseCsv((await own.text()).replace(/^\uFEFF/, ""));
    expect(ownRows).toHaveLength(2);
    expect(ownRows[0]).toContain("مقدّم الطلب");
    expect(ownRows[1]).toContain(KURDISH_NAME);
    expect(ownRows[1]).toContain("تأشيرة سياحية");
  });

  it("xlsx: parsed back with the same rows, numbers as numbers, mirrored for Arabic", async () => {
    const { w, agency } = await seed();
    const response = await call("GET", `/requests/export-list/xlsx?agentId=${agency.id}&lang=ar`, { token: w.admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const { rows, rtl } = parseXlsx(new Uint8Array(await response.arrayBuffer()));
    expect(rtl).toBe(true);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain("السعر (USD)");
    const names = rows.slice(1).map((r) => r[1]);
    expect(names).toEqual(expect.arrayContaining([ARABIC_NAME, KURDISH_NAME, "John Smith"]));
    expect(rows[1]).toContain(100);
    expect(rows[1]).toContain("تأشيرة سياحية");
  });

  it("transactions: the agency's statement and the admin's ledger, and pdf answers a PDF", async () => {
    const { w, agency } = await seed();
    const list = await call("GET", "/requests/agent-list", { token: agency.token });
    const first = ((await list.json()) as any).data[0];
    await patchStatus(agency.token, first._id, { status: "Canceled" });
    const csv = await call("GET", "/transactions/exportAllByAgent/csv?lang=en", { token: agency.token });
    const rows = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    // Times in the reader's zone, named in the header (no zone cookie here: UTC, and it says so).
    expect(rows[0]).toEqual(["Date (UTC)", "Type", "Direction", "Amount (USD)", "Balance after (USD)", "Request", "Note", "By"]);
    expect(rows.slice(1).map((r) => r[1])).toEqual(["Refund", "Order", "Order", "Order", "Top-up"]);
    expect(rows[1]![4]).toBe("9800.00");
    // The page's time-zone cookie: the times are Baghdad's (UTC+3) and the header says so.
    const zoned = parseCsv((await (await call("GET", "/transactions/exportAllByAgent/csv?lang=en", { token: agency.token, cookie: "tz=Asia/Baghdad" })).text()).replace(/^\uFEFF/, ""));
    expect(zoned[0]![0]).toBe("Date (Asia/Baghdad)");
    const utcTime = Date.parse(`${rows[1]![0]!.replace(" ", "T")}:00Z`);
    expect(zoned[1]![0]).toBe(new Date(utcTime + 3 * 3_600_000).toISOString().slice(0, 16).replace("T", " "));
    const viaRequests = await call("GET", "/requests/export-agent-transactions?format=xlsx", { token: agency.token });
    expect(parseXlsx(new Uint8Array(await viaRequests.arrayBuffer())).rows).toHaveLength(6);
    const pdf = await call("GET", `/transactions/exportAllByAdmin/pdf?agentId=${agency.id}&lang=ku`, { token: w.admin });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const bad = await call("GET", "/transactions/exportAllByAdmin/docx", { token: w.admin });
    expect(bad.status).toBe(400);
  });
});
