/**
 * /requests as an address: the filters and the page in the query string (?q=&status=&from=&to=&page=) and the
 * `requests/agent-list` query they make. Plain functions, shared by the list's store (browser) and the edge that draws
 * the page (functions/edge/views/requests.tsx), so both ask the API the same thing.
 */
import type { RequestListResponse, VisaStatus } from "../../contract/requests";
import { STATUSES } from "./status";
import { callPath } from "../../shared/call-path";

export const PAGE_SIZE = 20;

export interface ListFilters {
  search: string;
  status: VisaStatus[];
  /** YYYY-MM-DD or "". */
  from: string;
  to: string;
  page: number;
}

/** The filters of requests/agent-list the list page uses (DESIGN §4 list query). */
export interface AgentListQuery {
  page: number;
  limit: number;
  search?: string;
  status?: VisaStatus[];
  from?: string;
  to?: string;
}

/** The list as its store holds it (the island) or as the edge drew it. */
export type ListState =
  | { status: "loading"; previous?: RequestListResponse }
  | { status: "ready"; data: RequestListResponse }
  | { status: "error" };

export const EMPTY_FILTERS: ListFilters = { search: "", status: [], from: "", to: "", page: 1 };

export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters from an address's query; anything that is not a filter is ignored. */
export function filtersFromSearch(search: string): ListFilters {
  const params = new URLSearchParams(search);
  const status = (params.get("status") ?? "")
    .split(",")
    .filter((s): s is VisaStatus => (STATUSES as readonly string[]).includes(s));
  const page = Number(params.get("page"));
  const date = (value: string | null) => (value && DATE.test(value) ? value : "");
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    status: [...new Set(status)],
    from: date(params.get("from")),
    to: date(params.get("to")),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address query of some filters: only what is set, so the plain list is a plain address. */
export function searchOf(filters: ListFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set("q", filters.search);
  if (filters.status.length) params.set("status", filters.status.join(","));
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The API query of some filters. */
export function listQueryOf(filters: ListFilters): AgentListQuery {
  const query: AgentListQuery = { page: filters.page, limit: PAGE_SIZE };
  if (filters.search) query.search = filters.search;
  if (filters.status.length) query.status = filters.status;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

/** The query string of a list or export call: only the filters that are set. */
export function listParams(query: Partial<AgentListQuery>): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (query.page) params.page = query.page;
  if (query.limit) params.limit = query.limit;
  if (query.search) params.search = query.search;
  if (query.status?.length) params.status = query.status.join(",");
  if (query.from) params.from = query.from;
  if (query.to) params.to = query.to;
  return params;
}

/** The `requests/agent-list` call (path and query) the island makes for these filters. */
export function listPathOf(filters: ListFilters): string {
  return callPath("requests/agent-list", listParams(listQueryOf(filters)));
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

export const hasFilters = (filters: ListFilters) => Boolean(filters.search || filters.status.length || filters.from || filters.to);
