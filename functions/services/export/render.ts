/**
 * Rendering of export files (csv, xlsx, pdf) from rows and column descriptions, without any database: used by
 * services/exports.ts and by the node-side tests and benches. The xlsx writer and the PDF maker (pdf-lib, fontkit and
 * the Vazirmatn font: ~2.5 MB, most of the Worker) are imported when a file of their kind is asked for, so an isolate
 * does not evaluate them at start (issue 31); the deploy build makes each a module of its own.
 */
import type { ExportFormat } from "../../../src/contract/requests";
import type { Locale } from "../../../src/shared/locales";
import { translate } from "../../i18n";
import { formatNumber, minorUnitsPerMajor } from "../../../src/shared/format";
import type { XlsxCell } from "./xlsx";

export const EXPORT_LIMITS: Record<ExportFormat, number> = { csv: 10_000, xlsx: 10_000, pdf: 5_000 };

/** "reference": text a reader quotes whole (VR-2026-000123): never cut in a PDF, its column widens instead. */
/** "day": a calendar day as typed (YYYY-MM-DD, no time, so no zone): only its digits follow the language. */
export type ColumnKind = "text" | "money" | "date" | "day" | "number" | "reference";

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
  /** The reader's time zone (the `tz` cookie): times are written in it and the date columns' headers name it. */
  timeZone?: string;
  now?: Date;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * "2026-11-23 14:05" in the reader's time zone (issue 26 item 7: the screen shows local time, so the file does too; the
 * header says which zone): sortable, the same shape in every language.
 */
export const dateText = (iso: string, timeZone = "UTC") => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    zoneFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(d).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
};

/** The export language's digits for figures (issue 26 item 7): Arabic-Indic in ar and ku, as their pages write them. */
function figuresIn(locale: Locale): (text: string) => string {
  if (locale === "en") return (text) => text;
  const digits = Array.from({ length: 10 }, (_, i) => formatNumber(i, locale, { useGrouping: false }));
  return (text) => text.replace(/[0-9]/g, (d) => digits[Number(d)]!);
}

const decimalsOf = (currency: string) => Math.round(Math.log10(minorUnitsPerMajor(currency)));
/** Money as a plain figure for csv (no grouping: a spreadsheet reads it back), in the language's digits and mark. */
const moneyText = (minor: number, currency: string, locale: Locale) =>
  formatNumber(minor / minorUnitsPerMajor(currency), locale, { useGrouping: false, minimumFractionDigits: decimalsOf(currency), maximumFractionDigits: decimalsOf(currency) });
/** Money as people read it (pdf): grouped, in the language's digits and marks. */
const groupedMoney = (minor: number, currency: string, locale: Locale) =>
  formatNumber(minor / minorUnitsPerMajor(currency), locale, { minimumFractionDigits: decimalsOf(currency), maximumFractionDigits: decimalsOf(currency) });

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
  const zone = request.timeZone ?? "UTC";
  const currency = request.currency ?? "USD";
  const figures = figuresIn(locale);
  const header = columns.map((c) =>
    c.kind === "money" && request.currency ? `${t(c.header)} (${request.currency})` : c.kind === "date" ? `${t(c.header)} (${zone})` : t(c.header),
  );
  const now = request.now ?? new Date();
  const note = truncatedFrom === null ? null : t("exports.truncated", { shown: rows.length, limit: EXPORT_LIMITS[format] });
  const kindOf = (c: ExportColumn<Row>) => c.kind ?? "text";
  /** A figure cell as the export's language writes it; text and references as they are. */
  const figure = (kind: ColumnKind, v: string | number, grouped: boolean) =>
    kind === "money"
      ? (grouped ? groupedMoney : moneyText)(Number(v), currency, locale)
      : kind === "date"
        ? figures(dateText(String(v), zone))
        : kind === "number" || kind === "day"
          ? figures(String(v))
          : String(v);

  if (format === "csv") {
    const lines = [header.map((h) => csvCell(h, "text")).join(",")];
    for (const row of rows) {
      lines.push(
        columns
          .map((c) => {
            const v = c.value(row);
            if (v === null || v === undefined || v === "") return "";
            const kind = kindOf(c);
            return csvCell(figure(kind, v, false), kind);
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
        // Typed cells: the spreadsheet writes numbers in its reader's own digits; times in the reader's zone.
        return kind === "money" ? Number(v) / minorUnitsPerMajor(currency) : kind === "date" ? dateText(String(v), zone) : kind === "number" ? Number(v) : String(v);
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
    subtitle: t("exports.generated", { date: ltrIsolate(`${figures(dateText(now.toISOString(), zone))} (${zone})`), count: rows.length }),
    header,
    rows: rows.map((row) =>
      columns.map((c) => {
        const v = c.value(row);
        if (v === null || v === undefined) return "";
        return figure(kindOf(c), v, true);
      }),
    ),
    widths: columns.map((c) => c.width),
    // References are quoted whole; a time's header names its zone (issue 26 item 7): neither may be cut.
    whole: new Set(columns.flatMap((c, i) => (c.kind === "reference" || c.kind === "date" ? [i] : []))),
    numeric: new Set(columns.flatMap((c, i) => (c.kind === "money" || c.kind === "number" ? [i] : []))),
    rtl,
    footnote: note ?? undefined,
    pageLabel: t("exports.page", { page: "{{page}}", pages: "{{pages}}" }),
  });
  return { body, type: "application/pdf", extension: "pdf" };
}

