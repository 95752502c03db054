/**
 * The columns of legal-translation/export-by-admin and export-by-agent, given to the one export service. Values in
 * the caller's language; staff users get no money columns.
 */
import type * as z from "zod/mini";
import { ORDER_KIND_KEYS, STATUS_A_KEYS, type OrderLanguage, type orderListQuery } from "../../src/contract/translation";
import type { Locale } from "../../src/shared/locales";
import { translate } from "../i18n";
import { forViewer } from "../db/paged";
import { orderSpec, type OrderRow } from "../db/translation";
import type { Principal } from "./accounts";
import { exportList, type ExportColumn } from "./exports";
import type { ExportContext } from "./request-exports";
import { orderFiltersFor } from "./translation-orders";

const pick = (locale: Locale, en: string, ar: string, ku: string) => (locale === "ar" ? ar : locale === "ku" ? ku : en) || en;

function languageName(text: string, locale: Locale): string {
  try {
    const l = JSON.parse(text) as OrderLanguage;
    return pick(locale, l.name.en, l.name.ar, l.name.ku);
  } catch {
    return "";
  }
}

export function orderColumns(locale: Locale, withMoney: boolean, admin: boolean): ExportColumn<OrderRow>[] {
  const columns: (ExportColumn<OrderRow> | null)[] = [
    { header: "translation.columns.reference", width: 14, kind: "reference", value: (r) => r.reference },
    { header: "translation.columns.kind", width: 12, value: (r) => translate(locale, ORDER_KIND_KEYS[r.kind]) },
    { header: "translation.columns.service", width: 22, value: (r) => pick(locale, r.service_name_en, r.service_name_ar, r.service_name_ku) },
    { header: "translation.columns.languages", width: 20, value: (r) => `${languageName(r.from_language, locale)} → ${languageName(r.to_language, locale)}` },
    { header: "translation.columns.pages", width: 7, kind: "number", value: (r) => r.pages },
    admin ? { header: "translation.columns.agency", width: 18, value: (r) => r.agent_name } : null,
    { header: "translation.columns.filedBy", width: 16, value: (r) => r.filed_by_name },
    { header: "translation.columns.status", width: 14, value: (r) => translate(locale, STATUS_A_KEYS[r.status]) },
    withMoney ? { header: "translation.columns.price", width: 11, kind: "money", value: (r) => r.price } : null,
    { header: "translation.columns.createdAt", width: 15, kind: "date", value: (r) => r.created_at },
  ];
  return columns.filter((c): c is ExportColumn<OrderRow> => c !== null);
}

export function exportOrders(ctx: ExportContext, principal: Principal, query: z.output<typeof orderListQuery>) {
  return exportList<OrderRow>(ctx.db, {
    format: ctx.format, locale: ctx.locale, title: "translation.export.title", fileBase: "translation-orders", currency: ctx.currency, timeZone: ctx.timeZone,
    columns: orderColumns(ctx.locale, principal.kind !== "User", principal.kind === "Admin"),
    spec: forViewer(orderSpec(orderFiltersFor(principal, query)), principal.kind !== "User"),
    query: { search: query.search, sort: query.sort, order: query.order },
  });
}
