/**
 * Rendering of export files (csv, xlsx, pdf) from rows and column descriptions, without any database: used by
 * services/exports.ts and by the node-side tests and benches. The xlsx writer and the PDF maker (pdf-lib, fontkit and
 * the Vazirmatn font: ~2.5 MB, most of the Worker) are imported when a file of their kind is asked for, so an isolate
 * does not evaluate them at start (issue 31); the deploy build makes each a module of its own.
 */
import type { ExportFormat } from "../../../src/contract/requests";
import type { Locale } from "../../../src/shared/locales";
import { translate } from "../../i18n";
import type { XlsxCell } from "./xlsx";

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

export interface RenderRequest<Row> {
  format: ExportFormat;
  locale: Locale;
  /** Message key of the document's title ("requests.export.title"). */
  title: string;
  columns: ExportColumn<Row>[];
  /** Currency of money columns (shown in the header). */
  currency?: string;
  now?: Date;
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
export async function renderExport<Row>(request: RenderRequest<Row>, rows: Row[], truncatedFrom: number | null) {
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
    const { writeXlsx } = await import("./xlsx");
    const body = writeXlsx({ name: t(request.title), header, rows: data, widths: columns.map((c) => c.width), moneyColumns, rtl });
    return { body, type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" };
  }

  const { ltrIsolate, writePdf } = await import("./pdf");
  const body = await writePdf({
    title: t(request.title),
    subtitle: t("exports.generated", { date: ltrIsolate(dateText(now.toISOString())), count: rows.length }),
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

