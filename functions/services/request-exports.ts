/**
 * The columns of the visa request and ledger exports (requests/export-*, transactions/export*), given to the one
 * export service. Values are written in the caller's language; staff users get no money columns.
 */
import type * as z from "zod/mini";
import { VISA_STATUS_KEYS, type ExportFormat, type requestListQuery } from "../../src/contract/requests";
import { DIRECTION_KEYS, TRANSACTION_TYPE_KEYS, type transactionListQuery } from "../../src/contract/transactions";
import type { Locale } from "../../src/shared/locales";
import { translate } from "../i18n";
import { forViewer } from "../db/paged";
import { requestSpec, type RequestRow } from "../db/requests";
import type { Principal } from "./accounts";
import { exportList, type ExportColumn } from "./exports";
import { transactionSpec, type TransactionRow } from "./ledger";
import { filtersFor } from "./requests";

const pick = (locale: Locale, en: string, ar: string, ku: string) => (locale === "ar" ? ar : locale === "ku" ? ku : en) || en;

function fieldOf(row: RequestRow, kind: string): string {
  try {
    return (JSON.parse(row.fields) as Record<string, string>)[kind] ?? "";
  } catch {
    return "";
  }
}

export function requestColumns(locale: Locale, withMoney: boolean, admin: boolean): ExportColumn<RequestRow>[] {
  const columns: (ExportColumn<RequestRow> | null)[] = [
    { header: "requests.columns.reference", width: 14, kind: "reference", value: (r) => r.reference },
    { header: "requests.columns.applicant", width: 22, value: (r) => r.applicant_name },
    { header: "requests.columns.passportNumber", width: 12, value: (r) => r.passport_number },
    { header: "requests.columns.visa", width: 24, value: (r) => pick(locale, r.visa_title_en, r.visa_title_ar, r.visa_title_ku) },
    { header: "requests.columns.country", width: 14, value: (r) => pick(locale, r.country_name_en, r.country_name_ar, r.country_name_ku) },
    admin ? { header: "requests.columns.agency", width: 18, value: (r) => r.agent_name } : null,
    { header: "requests.columns.filedBy", width: 16, value: (r) => r.filed_by_name },
    { header: "requests.columns.status", width: 14, value: (r) => translate(locale, VISA_STATUS_KEYS[r.status]) },
    { header: "requests.columns.travelDate", width: 11, kind: "day", value: (r) => fieldOf(r, "TravelDate") },
    withMoney ? { header: "requests.columns.price", width: 11, kind: "money", value: (r) => r.price } : null,
    { header: "requests.columns.createdAt", width: 15, kind: "date", value: (r) => r.created_at },
  ];
  return columns.filter((c): c is ExportColumn<RequestRow> => c !== null);
}

export function transactionColumns(locale: Locale, admin: boolean): ExportColumn<TransactionRow>[] {
  const columns: (ExportColumn<TransactionRow> | null)[] = [
    { header: "transactions.columns.date", width: 15, kind: "date", value: (r) => r.created_at },
    admin ? { header: "transactions.columns.agency", width: 20, value: (r) => r.agent_name } : null,
    { header: "transactions.columns.type", width: 12, value: (r) => translate(locale, TRANSACTION_TYPE_KEYS[r.type]) },
    { header: "transactions.columns.direction", width: 10, value: (r) => translate(locale, DIRECTION_KEYS[r.direction]) },
    { header: "transactions.columns.amount", width: 12, kind: "money", value: (r) => (r.direction === "Outgoing" ? -r.amount : r.amount) },
    { header: "transactions.columns.balanceAfter", width: 12, kind: "money", value: (r) => r.balance_after },
    { header: "transactions.columns.request", width: 14, kind: "reference", value: (r) => r.request_reference ?? "" },
    { header: "transactions.columns.note", width: 30, value: (r) => r.note ?? "" },
    { header: "transactions.columns.createdBy", width: 16, value: (r) => r.created_by_name ?? "" },
  ];
  return columns.filter((c): c is ExportColumn<TransactionRow> => c !== null);
}

export interface ExportContext {
  db: D1Database;
  currency: string;
  locale: Locale;
  format: ExportFormat;
  /** The reader's time zone: the file's times are in it (issue 26 item 7). */
  timeZone: string;
}

/** requests/export-list/{format} (admin) and requests/export-agent-list/{format} (the agency's own). */
export function exportRequests(ctx: ExportContext, principal: Principal, query: z.output<typeof requestListQuery>) {
  const admin = principal.kind === "Admin";
  return exportList<RequestRow>(ctx.db, {
    format: ctx.format, locale: ctx.locale, title: "requests.export.title", fileBase: "visa-requests", currency: ctx.currency, timeZone: ctx.timeZone,
    columns: requestColumns(ctx.locale, principal.kind !== "User", admin),
    spec: forViewer(requestSpec(filtersFor(principal, query)), principal.kind !== "User"),
    query: { search: query.search, sort: query.sort, order: query.order },
  });
}

/** transactions/exportAllBy* and requests/export-agent-transactions: the ledger (an agency's own, or filtered by an admin). */
export function exportTransactions(ctx: ExportContext, admin: boolean, query: z.output<typeof transactionListQuery>) {
  return exportList<TransactionRow>(ctx.db, {
    format: ctx.format, locale: ctx.locale, title: "transactions.export.title", fileBase: "transactions", currency: ctx.currency, timeZone: ctx.timeZone,
    columns: transactionColumns(ctx.locale, admin),
    spec: transactionSpec(query),
    query: { search: query.search, sort: query.sort, order: query.order },
  });
}
