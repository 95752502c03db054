/**
 * The spreadsheet import of a group filing (issue 28 item 3), read in the browser: the file never leaves the device
 * before filing. An .xlsx (a zip: its first sheet, shared and inline strings, date serials) or a .csv (UTF-8, BOM,
 * comma or semicolon) becomes rows of text; the header row is matched to the visa's fields by their labels in English,
 * Arabic or Kurdish (or the field's own name); Arabic-Indic digits are read as digits and day/month/year dates become
 * YYYY-MM-DD, the form's own values. Checking is not done here: the group form checks each row with the API's schema.
 * Loaded only when an agent drops a file (its zip reader with it).
 */
import type { FieldKind } from "../../contract/catalogue";

/** Field kinds whose values are dates (YYYY-MM-DD in the form). */
const DATE_KINDS: readonly FieldKind[] = ["DateOfBirth", "TravelDate", "ReturnDate", "PassportExpiry", "LastEntry"];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) =>
    name[0] === "#" ? String.fromCodePoint(name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1))) : ENTITIES[name] ?? whole);

/** The text of every <t> inside an element (a shared string may be split into runs). */
const textOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => decodeXml(m[1]!)).join("");

/** "BC12" → column index 54 (0-based). */
function columnOf(ref: string): number {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, "")) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The first worksheet of an .xlsx as rows of cell texts (numbers as written in the file). */
export async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const { unzipSync, strFromU8 } = await import("fflate");
  const files = unzipSync(bytes, { filter: (file) => file.name.startsWith("xl/") });
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : "");
  const shared = [...text("xl/sharedStrings.xml").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!));
  // The first sheet of the workbook, through its relationship (not always sheet1.xml).
  const firstSheetRel = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(text("xl/workbook.xml"))?.[1];
  const target = firstSheetRel
    ? new RegExp(`<Relationship\\b[^>]*Id="${firstSheetRel}"[^>]*Target="([^"]+)"`).exec(text("xl/_rels/workbook.xml.rels"))?.[1] ??
      new RegExp(`<Relationship\\b[^>]*Target="([^"]+)"[^>]*Id="${firstSheetRel}"`).exec(text("xl/_rels/workbook.xml.rels"))?.[1]
    : undefined;
  const sheetName = target ? `xl/${target.replace(/^\/?xl\//, "")}` : "xl/worksheets/sheet1.xml";
  const sheet = text(sheetName) || text("xl/worksheets/sheet1.xml");
  const rows: string[][] = [];
  for (const row of sheet.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const cells: string[] = [];
    let next = 0;
    for (const cell of (row[1] ?? "").matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1]!;
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const index = ref ? columnOf(ref) : next;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1];
      const inner = cell[2] ?? "";
      const raw = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      const value = type === "s" ? shared[Number(raw)] ?? "" : type === "inlineStr" ? textOf(inner) : raw !== undefined ? decodeXml(raw) : "";
      cells[index] = value;
      next = index + 1;
    }
    rows.push(Array.from(cells, (c) => c ?? ""));
  }
  return rows;
}

/** A .csv as rows: quoted cells ("a, b" and "" inside), comma or semicolon (what the first line uses), CRLF or LF. */
export function readCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** An .xlsx (by its zip signature) or a .csv. */
export async function readSheet(file: Blob): Promise<string[][]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return readXlsx(bytes);
  return readCsv(new TextDecoder().decode(bytes));
}

/** Arabic-Indic (٠–٩) and Extended Arabic-Indic (۰–۹, Persian and Kurdish) digits as 0–9; the Arabic comma and decimal marks too. */
export const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * A date as the form keeps it (YYYY-MM-DD): day/month/year with / - or . between (how dates are written in Iraq and
 * the region; a two-digit year is 20xx up to ten years ahead, else 19xx), YYYY-MM-DD or YYYY/MM/DD as they are, and a
 * spreadsheet's day number (days since 1899-12-30). Anything else is kept as typed, for the form to mark.
 */
export function isoDateOf(value: string, now = new Date()): string {
  const text = latinDigits(value).trim().replace(/[\u200e\u200f\u061c]/g, "");
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (m) return `${m[1]}-${pad2(Number(m[2]))}-${pad2(Number(m[3]))}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(text);
  if (m) {
    let year = Number(m[3]);
    if (m[3]!.length === 2) year += year <= (now.getUTCFullYear() % 100) + 10 ? 2000 : 1900;
    return `${year}-${pad2(Number(m[2]))}-${pad2(Number(m[1]))}`;
  }
  if (/^\d{4,5}(\.\d+)?$/.test(text)) {
    const day = new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000);
    return day.toISOString().slice(0, 10);
  }
  return text;
}

/** A header as compared: letters and digits only, lower case, Arabic letter variants folded (ي/ی, ك/ک, ة/ه/ە, ZWNJ). */
export function headerKey(text: string): string {
  return latinDigits(text)
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[ىيی]/g, "ي")
    .replace(/[كک]/g, "ك")
    .replace(/[ةهە]/g, "ه")
    .replace(/[أإآ]/g, "ا")
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

export interface ImportedRows {
  /** The visa's fields found among the headers, by column. */
  columns: (FieldKind | null)[];
  /** One entry per data row (empty rows left out): the visa's fields as the form keeps them. */
  rows: Record<string, string>[];
  /** Spreadsheet row numbers (1-based, as the program shows them) of the rows kept. */
  lineNumbers: number[];
  /** The visa's fields no header named. */
  missing: FieldKind[];
}

/**
 * Rows of a sheet as travellers: the first row whose cells name at least one of the visa's fields is the header;
 * `labels` are each field's names in every language (its label in en, ar and ku). Values are trimmed, digits made
 * Latin where the form expects them (dates, passport numbers), dates made YYYY-MM-DD.
 */
export function travellersOf(sheet: string[][], kinds: readonly FieldKind[], labels: Partial<Record<FieldKind, string[]>>): ImportedRows {
  const byKey = new Map<string, FieldKind>();
  for (const kind of kinds) for (const name of [kind, ...(labels[kind] ?? [])]) byKey.set(headerKey(name), kind);
  const headerIndex = sheet.findIndex((row) => row.some((cell) => byKey.has(headerKey(cell))));
  if (headerIndex < 0) return { columns: [], rows: [], lineNumbers: [], missing: [...kinds] };
  const columns = sheet[headerIndex]!.map((cell) => byKey.get(headerKey(cell)) ?? null);
  const rows: Record<string, string>[] = [];
  const lineNumbers: number[] = [];
  sheet.slice(headerIndex + 1).forEach((cells, offset) => {
    if (cells.every((c) => c.trim() === "")) return;
    const values: Record<string, string> = Object.fromEntries(kinds.map((k) => [k, ""]));
    columns.forEach((kind, i) => {
      if (!kind) return;
      const raw = (cells[i] ?? "").trim();
      values[kind] = DATE_KINDS.includes(kind) ? (raw ? isoDateOf(raw) : "") : kind === "PassportNumber" ? latinDigits(raw) : raw;
    });
    rows.push(values);
    lineNumbers.push(headerIndex + offset + 2);
  });
  return { columns, rows, lineNumbers, missing: kinds.filter((k) => !columns.includes(k)) };
}
