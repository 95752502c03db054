/**
 * The audit log's address (/admin/audit-log?search=&actor=&actorKind=&record=&kind=&outcome=&from=&to=&page=) and
 * the call it makes. Plain functions, shared by the island (AuditLogPage.tsx) and the edge that draws the page
 * (src/admin/edge-pages.ts; issue 32), so both read the address alike and ask for the same rows.
 */
import { callPath } from "../../shared/call-path";

export const AUDIT_FILTERS = ["search", "actor", "actorKind", "record", "kind", "outcome", "from", "to"] as const;
export type AuditFilters = Record<(typeof AUDIT_FILTERS)[number], string>;
export const NO_AUDIT_FILTERS: AuditFilters = { search: "", actor: "", actorKind: "", record: "", kind: "", outcome: "", from: "", to: "" };
export const AUDIT_LIMIT = 20;

export interface AuditQuery {
  filters: AuditFilters;
  page: number;
}

export function auditQueryFromSearch(search: string): AuditQuery {
  const params = new URLSearchParams(search);
  const filters = { ...NO_AUDIT_FILTERS };
  for (const name of AUDIT_FILTERS) filters[name] = params.get(name) ?? "";
  const page = Number(params.get("page"));
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The filters that are set (what the list and export calls send). */
export const auditFilterParams = (filters: AuditFilters) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;

/** The address's query string ("" for the plain address). */
export function auditSearchOf({ filters, page }: AuditQuery): string {
  const params = new URLSearchParams(auditFilterParams(filters));
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The list call's query (what the island sends). */
export const auditCallQuery = ({ filters, page }: AuditQuery) => ({ ...auditFilterParams(filters), page, limit: AUDIT_LIMIT });

/** The list call (path and query) for a query, as the edge asks for it. */
export const auditCall = (query: AuditQuery) => callPath("admin/audit-log", auditCallQuery(query));
