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
import { whereOf, type ListSpec } from "../db/paged";
import { EXPORT_LIMITS, renderExport, type ExportColumn } from "./export/render";

export { EXPORT_LIMITS, dateText, renderExport, type ColumnKind, type ExportColumn } from "./export/render";

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
  /** The reader's time zone (times are written in it; the date columns' headers name it). */
  timeZone?: string;
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
