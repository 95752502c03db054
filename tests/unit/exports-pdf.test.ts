/**
 * The PDF export read back by Debian's poppler-utils: pdftotext must give Arabic and Sorani in logical order (what a
 * reader copies), and pdftoppm renders a page to PNG (kept in tests/unit/.output for a human to look at).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderExport, type ExportColumn } from "../../functions/services/export/render";
import { visualRuns } from "../../functions/services/export/pdf";

const OUT = fileURLToPath(new URL("./.output/", import.meta.url));

interface Row { name: string; visa: string; amount: number; at: string; status: string }
const columns: ExportColumn<Row>[] = [
  { header: "requests.columns.applicant", width: 24, value: (r) => r.name },
  { header: "requests.columns.visa", width: 24, value: (r) => r.visa },
  { header: "requests.columns.status", width: 12, value: (r) => r.status },
  { header: "requests.columns.price", width: 10, kind: "money", value: (r) => r.amount },
  { header: "requests.columns.createdAt", width: 14, kind: "date", value: (r) => r.at },
];
const rows: Row[] = [
  { name: "أحمد علي حسن", visa: "تأشيرة سياحية (30 يوماً)", amount: 12_550, at: "2026-11-23T10:05:00Z", status: "مقدَّم" },
  { name: "ڕێژنە ئەحمەد", visa: "ڤیزای گەشتیاری بۆ تورکیا", amount: 250_000, at: "2026-11-22T08:00:00Z", status: "پەسەندکراو" },
  { name: "John Smith", visa: "Tourist visa – Türkiye", amount: 9_900, at: "2026-11-21T23:59:00Z", status: "Approved" },
];

describe("bidi runs for the PDF", () => {
  it("keeps numbers left to right inside Arabic, and puts the runs in visual order", () => {
    const runs = visualRuns("تأشيرة 30 يوماً");
    // Visual order, left to right: the last Arabic word, the number, the first word.
    expect(runs.map((r) => r.text.trim())).toEqual(["يوماً", "30", "تأشيرة"]);
    expect(visualRuns("Visa 30 days").map((r) => r.text)).toEqual(["Visa 30 days"]);
    // After Arabic, 2026-11-23 is Arabic numbers split by neutral hyphens (UBA W2): isolated, it stays one unit.
    expect(visualRuns("في \u20662026-11-23\u2069").map((r) => r.text)).toEqual(["2026-11-23", "في "]);
  });
});

describe("PDF export", () => {
  it.each(["ar", "ku", "en"] as const)("%s: text extracts in logical order and a page renders", async (locale) => {
    const file = await renderExport({ format: "pdf", locale, title: "requests.export.title", columns, currency: "USD" }, rows, null);
    mkdirSync(OUT, { recursive: true });
    const pdf = join(OUT, `requests-${locale}.pdf`);
    writeFileSync(pdf, file.body);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("أحمد علي حسن");
    expect(flat).toContain("ڕێژنە ئەحمەد");
    expect(flat).toContain("John Smith");
    // Figures in the export's language (issue 26 item 7), as its pages write them.
    if (locale === "en") {
      expect(flat).toContain("125.50");
      expect(flat).toContain("2,500.00");
    } else {
      expect(flat).toContain("١٢٥٫٥٠");
      expect(flat).toContain("٢٬٥٠٠٫٠٠");
      expect(flat).not.toMatch(/125\.50|2,500/);
    }
    if (locale === "ar") expect(flat).toContain("طلبات التأشيرة");
    if (locale === "ku") expect(flat).toContain("داواکارییەکانی ڤیزا");
    execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", pdf, join(OUT, `requests-${locale}`)]);
  }, 60_000);
});

describe("exports as people read them (issue 26 item 7)", () => {
  interface Filed { reference: string; applicant: string; at: string }
  const narrow: ExportColumn<Filed>[] = [
    { header: "requests.columns.reference", width: 4, kind: "reference", value: (r) => r.reference },
    { header: "requests.columns.applicant", width: 40, value: (r) => r.applicant },
    { header: "requests.columns.createdAt", width: 14, kind: "date", value: (r) => r.at },
  ];
  const filed: Filed[] = [{ reference: "VR-2026-000123", applicant: "أحمد علي", at: "2026-11-23T10:05:00Z" }];

  it("a PDF never cuts a reference, however narrow its column was drawn", async () => {
    const file = await renderExport({ format: "pdf", locale: "ar", title: "requests.export.title", columns: narrow }, filed, null);
    mkdirSync(OUT, { recursive: true });
    const pdf = join(OUT, "references-ar.pdf");
    writeFileSync(pdf, file.body);
    const flat = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(flat).toContain("VR-2026-000123");
    expect(flat).not.toContain("…");
  }, 60_000);

  it("times are the reader's, and the header names the zone; csv figures in the export's language, references as they are", async () => {
    const csv = async (locale: "en" | "ar", timeZone?: string) =>
      new TextDecoder().decode((await renderExport({ format: "csv", locale, title: "requests.export.title", columns: narrow, timeZone }, filed, null)).body);
    const en = await csv("en", "Asia/Baghdad");
    expect(en).toContain("(Asia/Baghdad)");
    expect(en).toContain("2026-11-23 13:05"); // 10:05 UTC is 13:05 in Baghdad
    const ar = await csv("ar", "Asia/Baghdad");
    expect(ar).toContain("٢٠٢٦-١١-٢٣ ١٣:٠٥");
    expect(ar).toContain("VR-2026-000123");
    // No zone known: UTC, and it says so.
    expect(await csv("en")).toContain("(UTC)");
  });
});


const REQUEST_EXPORTS = "../../functions/services/request-exports";

describe("a long visa title in a request PDF wraps, never cut (issue 26)", () => {
  const TITLE = "تأشيرة سياحية متعددة الدخول لمدة تسعين يوماً إلى جمهورية تركيا لأغراض السياحة والزيارات العائلية ورحلات الأعمال القصيرة.";

  it("a 120-character Arabic title comes out whole, on as many lines as its column needs", async () => {
    expect([...TITLE]).toHaveLength(120);
    const row = {
      reference: "VR-2026-000777", applicant_name: "أحمد علي حسن", passport_number: "A1234567",
      visa_title_en: "Turkey multiple entry", visa_title_ar: TITLE, visa_title_ku: "ڤیزای تورکیا",
      country_name_en: "Turkey", country_name_ar: "تركيا", country_name_ku: "تورکیا", agent_name: "Sunrise Travel", filed_by_name: "Sunrise Travel",
      status: "InProcess", fields: JSON.stringify({ TravelDate: "2027-03-01" }), price: 12_500, created_at: "2026-11-23T10:05:00Z",
    };
    // The request export's own columns, loaded by a path the root type-check does not follow (it has the browser's
    // types, not the Worker's D1 ones that module's imports need).
    const { requestColumns } = (await import(REQUEST_EXPORTS)) as { requestColumns: (locale: string, money: boolean, admin: boolean) => ExportColumn<typeof row>[] };
    const file = await renderExport({ format: "pdf", locale: "ar", title: "requests.export.title", columns: requestColumns("ar", true, true), currency: "USD" }, [row, row], null);
    mkdirSync(OUT, { recursive: true });
    const pdf = join(OUT, "long-title-ar.pdf");
    writeFileSync(pdf, file.body);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
    expect(text).not.toContain("…");
    // Every word of the title, in order, in each row (its lines come one under the other in the visa column).
    // pdftotext gives a lam-alef ligature's two letters swapped (لأ → أل, the glyph's text read right to left again):
    // the words are compared as it writes them.
    const words = TITLE.replace(/ل([اأإآ])/g, "$1ل").split(" ");
    const inOrder = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\\s\\S]*?"), "g");
    expect(text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").replace(/\s+/g, " ").match(inOrder)).toHaveLength(2);
    execFileSync("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", pdf, join(OUT, "long-title-ar")]);
  }, 60_000);
});
