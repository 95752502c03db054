/**
 * The ONE export service behind every export* call (issue 8 item 7; translations and agents reuse it): a list's own
 * rows and filters become csv (UTF-8 with a BOM, so spreadsheet programs read Arabic right), xlsx or pdf, with column
 * headers and values in the caller's language, downloaded as an attachment with a dated file name.
 *
 * A resource describes its columns once (ExportColumn) and hands over its ListSpec with the caller's filters; rows
 * are read in one query, capped: 10 000 rows for csv and xlsx, 5 000 for pdf (the feasibility measurements put 10 000
 * PDF rows near the Worker's 128 MB). A capped file says so in a footnote (pdf), a last row (csv, xlsx) and the
 * X-Export-Truncated header.
 */
import type { ExportFormat } from "../../src/contract/requests";
import type { Locale } from "../../src/shared/locales";
import { ApiError } from "../errors";
import { translate } from "../i18n";
import { whereOf, type ListSpec } from "../db/paged";
import { writePdf } from "./export/pdf";
import { writeXlsx, type XlsxCell } from "./export/xlsx";

export const EXPORT_LIMITS: Record<ExportFormat, number> = { csv: 10_000, xlsx: 10_000, pdf: 5_000 };

export type ColumnKind = "text" | "money" | "date" | "number";

export interface ExportColumn<Row> {
  /** Message key of the column header. */
  header: string;
  kind?: ColumnKind;
  /** Relative width (pdf) and characters (xlsx). */
  width: number;
  /** The raw value: text (already in the caller's language), minor units for money, ISO 8601 for dates. */
  value: (row: Row) => string | number | null | undefined;
}

export interface ExportRequest<Row> {
  format: ExportFormat;
  locale: Locale;
  /** Message key of the document's title ("requests.export.title"). */
  title: string;
  /** File name start: "visa-requests" → visa-requests-2026-11-23.csv */
  fileBase: string;
  columns: ExportColumn<Row>[];
  /** The list's spec with the caller's filters (agency forced for agencies) and its search/sort. */
  spec: ListSpec;
  query: { search?: string; sort?: string; order?: "asc" | "desc" };
  /** Currency of money columns (shown in the header). */
  currency?: string;
  now?: Date;
}

/** Reads up to `cap + 1` rows of a list in its order (one query), to know whether the export was cut. */
export async function exportRows<Row>(db: D1Database, spec: ListSpec, query: ExportRequest<Row>["query"], cap: number): Promise<Row[]> {
  const sortKey = query.sort ?? spec.defaultSort.key;
  if (!Object.hasOwn(spec.sortable, sortKey)) throw new ApiError(400, ["sort: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.sort" } });
  const order = (query.order ?? (query.sort ? "asc" : spec.defaultSort.order)) === "desc" ? "DESC" : "ASC";
  const where = whereOf(spec, query.search);
  const result = await db
    .prepare(`SELECT ${spec.select} ${spec.from.sql} ${where.sql} ORDER BY ${spec.sortable[sortKey]} ${order}, ${spec.tieBreaker} ${order} LIMIT ?`)
    .bind(...spec.from.params, ...where.params, cap + 1)
    .all<Row>();
  return result.results;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** "2026-11-23 14:05" (UTC): sortable in every spreadsheet, the same in every language. */
export const dateText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};
const moneyText = (minor: number) => (minor / 100).toFixed(2);
const groupedMoney = (minor: number) => (minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A csv cell: quoted when needed; text starting with = + - @ is prefixed with ' so spreadsheets never run it as a formula. */
function csvCell(value: string | number, kind: ColumnKind): string {
  let text = String(value);
  if (kind === "text" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file for the rows: body, content type, extension. Exposed for the bench and tests (no HTTP around it). */
export async function renderExport<Row>(request: Omit<ExportRequest<Row>, "spec" | "query">, rows: Row[], truncatedFrom: number | null) {
  const { locale, columns, format } = request;
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(locale, key, vars);
  const rtl = locale !== "en";
  const header = columns.map((c) => (c.kind === "money" && request.currency ? `${t(c.header)} (${request.currency})` : t(c.header)));
  const now = request.now ?? new Date();
  const note = truncatedFrom === null ? null : t("exports.truncated", { shown: rows.length, limit: EXPORT_LIMITS[format] });
  const kindOf = (c: ExportColumn<Row>) => c.kind ?? "text";

  if (format === "csv") {
    const lines = [header.map((h) => csvCell(h, "text")).join(",")];
    for (const row of rows) {
      lines.push(
        columns
          .map((c) => {
            const v = c.value(row);
            if (v === null || v === undefined || v === "") return "";
            const kind = kindOf(c);
            return csvCell(kind === "money" ? moneyText(Number(v)) : kind === "date" ? dateText(String(v)) : v, kind);
          })
          .join(","),
      );
    }
    if (note) lines.push(csvCell(note, "text"));
    return { body: new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`), type: "text/csv; charset=utf-8", extension: "csv" };
  }

  if (format === "xlsx") {
    const data: XlsxCell[][] = rows.map((row) =>
      columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined) return null;
        const kind = kindOf(c);
        return kind === "money" ? Number(v) / 100 : kind === "date" ? dateText(String(v)) : kind === "number" ? Number(v) : String(v);
      }),
    );
    if (note) data.push([note]);
    const moneyColumns = new Set(columns.flatMap((c, i) => (c.kind === "money" ? [i] : [])));
    const body = writeXlsx({ name: t(request.title), header, rows: data, widths: columns.map((c) => c.width), moneyColumns, rtl });
    return { body, type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" };
  }

  const body = await writePdf({
    title: t(request.title),
    subtitle: t("exports.generated", { date: dateText(now.toISOString()), count: rows.length }),
    header,
    rows: rows.map((row) =>
      columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined) return "";
        const kind = kindOf(c);
        return kind === "money" ? groupedMoney(Number(v)) : kind === "date" ? dateText(String(v)) : String(v);
      }),
    ),
    widths: columns.map((c) => c.width),
    numeric: new Set(columns.flatMap((c, i) => (c.kind === "money" || c.kind === "number" ? [i] : []))),
    rtl,
    footnote: note ?? undefined,
    pageLabel: t("exports.page", { page: "{{page}}", pages: "{{pages}}" }),
  });
  return { body, type: "application/pdf", extension: "pdf" };
}

/** The download: the list's rows (capped), rendered, as an attachment named <fileBase>-<YYYY-MM-DD>.<ext>. */
export async function exportList<Row>(db: D1Database, request: ExportRequest<Row>): Promise<Response> {
  const cap = EXPORT_LIMITS[request.format];
  const rows = await exportRows<Row>(db, request.spec, request.query, cap);
  const truncated = rows.length > cap ? rows.length : null;
  if (truncated) rows.length = cap;
  const file = await renderExport(request, rows, truncated);
  const day = (request.now ?? new Date()).toISOString().slice(0, 10);
  const name = `${request.fileBase}-${day}.${file.extension}`;
  const headers = new Headers({
    "Content-Type": file.type,
    "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    "Content-Length": String(file.body.byteLength),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "X-Export-Rows": String(rows.length),
  });
  if (truncated) headers.set("X-Export-Truncated", String(cap));
  return new Response(file.body, { status: 200, headers });
}
