/** Reads of translation languages, services and orders (issue 12). Writes are statements built by the services. */
import type { RequestStatusA } from "../../src/contract/requests";
import type { OrderKind } from "../../src/contract/translation";
import { all, first } from "./d1";
import { sqlPart, type ListSpec, type Sql } from "./paged";

export interface LanguageRow {
  id: string; code: string; name_en: string; name_ar: string; name_ku: string; enabled: number; created_at: string; updated_at: string;
}

export interface ServiceRow {
  id: string; name_en: string; name_ar: string; name_ku: string; description_en: string; description_ar: string; description_ku: string;
  price_per_page: number; languages: string; turnaround_days: number; certified: number; enabled: number; created_at: string; updated_at: string;
}

export interface OrderRow {
  id: string; reference: string; kind: OrderKind; service_id: string; service_name_en: string; service_name_ar: string; service_name_ku: string;
  from_language: string; to_language: string; from_language_id: string; to_language_id: string; pages: number; price_per_page: number;
  price: number; currency: string; turnaround_days: number; agent_id: string; agent_name: string; filed_by_kind: "Agent" | "User";
  filed_by_id: string; filed_by_name: string; status: RequestStatusA; reason: string | null; note: string | null; version: number;
  created_at: string; updated_at: string;
  /** Issue 30 (migration 0027): the agency's own price to its customer; not in the staff's projection. */
  selling_price?: number | null;
}

export interface OrderDocumentRow {
  id: string; order_id: string; kind: "upload" | "result"; file_key: string; name: string; content_type: string; size: number;
  uploaded_by_kind: string; uploaded_by_id: string; uploaded_by_name: string; created_at: string;
}

export interface OrderHistoryRow {
  id: string; request_id: string; at: string; by_kind: string; by_id: string; by_name: string; from_status: RequestStatusA | null;
  to_status: RequestStatusA; reason: string | null; action: string;
}

const enabledFilter = (column: string, value?: "true" | "false") => (value ? sqlPart(`${column} = ?`, value === "true" ? 1 : 0) : null);

/** Languages: agencies see enabled ones; admins all. */
export function languageSpec(admin: boolean, filters: { enabled?: "true" | "false" }): ListSpec {
  return {
    select: "l.*",
    from: sqlPart("FROM translation_languages l"),
    where: [admin ? null : sqlPart("l.enabled = 1"), enabledFilter("l.enabled", filters.enabled)],
    search: ["l.name_en", "l.name_ar", "l.name_ku", "l.code"],
    sortable: {
      name: "l.name_en COLLATE NOCASE", "name.en": "l.name_en COLLATE NOCASE", "name.ar": "l.name_ar", "name.ku": "l.name_ku",
      code: "l.code", enabled: "l.enabled", createdAt: "l.created_at", updatedAt: "l.updated_at",
    },
    defaultSort: { key: "name", order: "asc" },
    tieBreaker: "l.id",
  };
}

export const languageById = (db: D1Database, id: string) => first<LanguageRow>(db, "SELECT * FROM translation_languages WHERE id = ?", id);
export const languagesByIds = (db: D1Database, ids: string[]) =>
  ids.length ? all<LanguageRow>(db, `SELECT * FROM translation_languages WHERE id IN (${ids.map(() => "?").join(", ")})`, ...ids) : Promise.resolve([]);
export const allLanguages = (db: D1Database) => all<LanguageRow>(db, "SELECT * FROM translation_languages ORDER BY name_en");

/** Services: agencies see enabled ones; admins all. */
export function serviceSpec(admin: boolean, filters: { enabled?: "true" | "false"; certified?: "true" | "false" }): ListSpec {
  return {
    select: "s.*",
    from: sqlPart("FROM translation_services s"),
    where: [admin ? null : sqlPart("s.enabled = 1"), enabledFilter("s.enabled", filters.enabled), enabledFilter("s.certified", filters.certified)],
    search: ["s.name_en", "s.name_ar", "s.name_ku", "s.description_en", "s.description_ar", "s.description_ku"],
    sortable: {
      name: "s.name_en COLLATE NOCASE", "name.en": "s.name_en COLLATE NOCASE", "name.ar": "s.name_ar", "name.ku": "s.name_ku",
      pricePerPage: "s.price_per_page", turnaroundDays: "s.turnaround_days", certified: "s.certified", enabled: "s.enabled",
      createdAt: "s.created_at", updatedAt: "s.updated_at",
    },
    moneySorts: ["pricePerPage"],
    defaultSort: { key: "name", order: "asc" },
    tieBreaker: "s.id",
  };
}

export const serviceById = (db: D1Database, id: string) => first<ServiceRow>(db, "SELECT * FROM translation_services WHERE id = ?", id);

/** How many services offer a language (a language in use cannot be deleted). */
export async function servicesUsingLanguage(db: D1Database, languageId: string): Promise<number> {
  const row = await first<{ n: number }>(db, "SELECT COUNT(*) AS n FROM translation_services s, json_each(s.languages) j WHERE j.value = ?", languageId);
  return row?.n ?? 0;
}

export interface OrderFilters {
  agentId?: string;
  status?: RequestStatusA[];
  kind?: OrderKind;
  from?: string;
  to?: string;
  serviceId?: string;
}

const ORDER_SELECT = "o.*, a.name AS agent_name";
const ORDER_FROM = "FROM translation_orders o JOIN agents a ON a.id = o.agent_id";

/** Day filters on created_at: from = that day onwards, to = up to the end of that day (UTC). */
function days(from?: string, to?: string): Sql[] {
  const parts: Sql[] = [];
  if (from) parts.push(sqlPart("o.created_at >= ?", `${from}T00:00:00.000Z`));
  if (to) parts.push(sqlPart("o.created_at < ?", new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString()));
  return parts;
}

export function orderWhere(filters: OrderFilters, withStatus = true): Sql[] {
  return [
    filters.agentId ? sqlPart("o.agent_id = ?", filters.agentId) : null,
    withStatus && filters.status?.length ? sqlPart(`o.status IN (${filters.status.map(() => "?").join(", ")})`, ...filters.status) : null,
    filters.kind ? sqlPart("o.kind = ?", filters.kind) : null,
    filters.serviceId ? sqlPart("o.service_id = ?", filters.serviceId) : null,
    ...days(filters.from, filters.to),
  ].filter((p): p is Sql => Boolean(p));
}

export function orderSpec(filters: OrderFilters, withStatus = true): ListSpec {
  return {
    select: ORDER_SELECT,
    from: sqlPart(ORDER_FROM),
    where: orderWhere(filters, withStatus),
    search: ["o.reference", "o.service_name_en", "o.service_name_ar", "o.service_name_ku", "a.name", "o.filed_by_name"],
    sortable: { createdAt: "o.created_at", updatedAt: "o.updated_at", reference: "o.reference", status: "o.status", price: "o.price", pages: "o.pages" },
    moneySorts: ["price"],
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "o.id",
  };
}

export const orderRowById = (db: D1Database, id: string) => first<OrderRow>(db, `SELECT ${ORDER_SELECT} ${ORDER_FROM} WHERE o.id = ?`, id);

export const documentsOfOrders = (db: D1Database, ids: string[]) =>
  ids.length
    ? all<OrderDocumentRow>(db, `SELECT * FROM translation_documents WHERE order_id IN (${ids.map(() => "?").join(", ")}) ORDER BY created_at, id`, ...ids)
    : Promise.resolve([] as OrderDocumentRow[]);

export const historyOfOrder = (db: D1Database, id: string) =>
  all<OrderHistoryRow>(db, "SELECT * FROM translation_history WHERE request_id = ? ORDER BY at, rowid", id);

export const orderStatusCounts = (db: D1Database, where: Sql) =>
  all<{ status: RequestStatusA; n: number }>(db, `SELECT o.status, COUNT(*) AS n ${ORDER_FROM} ${where.sql} GROUP BY o.status`, ...where.params);
