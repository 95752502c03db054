/**
 * The group import's reading of a sheet (issue 28 item 3): csv and xlsx (our own template writer's output), Arabic and
 * Kurdish headers, Arabic-Indic digits, day/month/year dates; and its speed on 200 rows.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { writeXlsx } from "../../functions/services/export/xlsx";
import { headerKey, isoDateOf, latinDigits, readCsv, readSheet, travellersOf } from "../../src/features/groups/spreadsheet";
import type { FieldKind } from "../../src/contract/catalogue";

const kinds: FieldKind[] = ["FullName", "PassportNumber", "DateOfBirth", "TravelDate"];
const label = (locale: string) => JSON.parse(readFileSync(`locales/${locale}.json`, "utf8")) as Record<string, string>;
const labels = Object.fromEntries(kinds.map((k) => [k, ["en", "ar", "ku"].map((l) => label(l)[`filing.field.${k}`]!)])) as Partial<Record<FieldKind, string[]>>;

describe("group spreadsheet import", () => {
  it("reads Arabic-Indic digits and day/month/year dates as the form's values", () => {
    expect(latinDigits("A١٢٣۴۵۶")).toBe("A123456");
    expect(isoDateOf("٣/٥/١٩٩٠")).toBe("1990-05-03");
    expect(isoDateOf("03.05.1990")).toBe("1990-05-03");
    expect(isoDateOf("2026-1-9")).toBe("2026-01-09");
    expect(isoDateOf("45000")).toBe("2023-03-15"); // a spreadsheet's day number
    expect(isoDateOf("yesterday")).toBe("yesterday"); // kept, for the form to mark
    expect(headerKey("تاريخ الميلاد")).toBe(headerKey(" تاريخ  الميلاد: "));
  });

  it("matches Kurdish headers in a csv (semicolons, quotes, BOM), in any column order, and leaves empty rows out", () => {
    const ku = label("ku");
    const csv = `\uFEFF${ku["filing.field.PassportNumber"]};${ku["filing.field.FullName"]};Note\r\n"A١٢٣٤٥٦٧";"Ahmed ""Abu"" Ali";x\r\n;;\r\nB7654321;Sara Omar;\r\n`;
    const found = travellersOf(readCsv(csv), kinds, labels);
    expect(found.rows).toEqual([
      { FullName: 'Ahmed "Abu" Ali', PassportNumber: "A1234567", DateOfBirth: "", TravelDate: "" },
      { FullName: "Sara Omar", PassportNumber: "B7654321", DateOfBirth: "", TravelDate: "" },
    ]);
    expect(found.lineNumbers).toEqual([2, 4]);
    expect(found.missing).toEqual(["DateOfBirth", "TravelDate"]);
  });

  it("reads an Arabic xlsx of 200 rows in well under a second", async () => {
    const ar = label("ar");
    const header = kinds.map((k) => ar[`filing.field.${k}`]!);
    const rows = Array.from({ length: 200 }, (_, i) => [`مسافر رقم`, `A${String(1_000_000 + i)}`, "١٤/٣/١٩٨٥", "1/12/2027"]);
    const bytes = writeXlsx({ name: "المسافرون", header, rows, widths: header.map(() => 20), rtl: true });
    const started = performance.now();
    const found = travellersOf(await readSheet(new Blob([bytes as Uint8Array<ArrayBuffer>])), kinds, labels);
    const ms = performance.now() - started;
    expect(found.rows).toHaveLength(200);
    expect(found.rows[199]).toEqual({ FullName: "مسافر رقم", PassportNumber: "A1000199", DateOfBirth: "1985-03-14", TravelDate: "2027-12-01" });
    expect(ms).toBeLessThan(1_000);
    console.log(`group import: 200-row xlsx read and matched in ${ms.toFixed(1)} ms`);
  });
});
