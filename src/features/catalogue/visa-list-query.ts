/**
 * The agent's visa catalogue (/visa) as an address: filters in the query string (?q=&country=&mode=&page=) and the
 * `visa/list` query they make. Plain functions, shared by the store (browser) and the edge that draws the page.
 */
import type { ListResponse } from "../../contract/common";
import type { TRAVEL_MODES } from "../../contract/catalogue";

export type TravelMode = (typeof TRAVEL_MODES)[number];
/** The travel modes as values (the contract's own list lives next to zod, which islands must not load). */
export const TRAVEL_MODE_LIST: readonly TravelMode[] = ["Air", "Land"];

/** The filters of `visa/list` that the agent's catalogue uses (DESIGN §4 list query). */
export interface VisaListQuery {
  page: number;
  limit: number;
  search?: string;
  countryId?: string;
  travelMode?: TravelMode;
  featured?: boolean;
}

export const PAGE_SIZE = 12;
export const SEARCH_DEBOUNCE_MS = 300;
const MODES = TRAVEL_MODE_LIST;

export interface VisaFilters {
  search: string;
  countryId: string;
  travelMode: TravelMode | "";
  page: number;
}

export const EMPTY_FILTERS: VisaFilters = { search: "", countryId: "", travelMode: "", page: 1 };

/** The query of `visa/list` for a set of filters. */
export function listQueryOf(filters: VisaFilters): VisaListQuery {
  const query: VisaListQuery = { page: filters.page, limit: PAGE_SIZE };
  if (filters.search.trim()) query.search = filters.search.trim();
  if (filters.countryId) query.countryId = filters.countryId;
  if (filters.travelMode) query.travelMode = filters.travelMode;
  return query;
}

/** Filters from an address's query string; anything unknown or malformed is ignored. */
export function filtersFromSearch(search: string): VisaFilters {
  const params = new URLSearchParams(search);
  const mode = params.get("mode");
  const page = Number(params.get("page"));
  return {
    search: (params.get("q") ?? "").slice(0, 100),
    countryId: /^[A-Za-z0-9_-]{1,64}$/.test(params.get("country") ?? "") ? params.get("country")! : "",
    travelMode: MODES.includes(mode as TravelMode) ? (mode as TravelMode) : "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query string for a set of filters (empty filters are left out). */
export function searchOf(filters: VisaFilters): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set("q", filters.search.trim());
  if (filters.countryId) params.set("country", filters.countryId);
  if (filters.travelMode) params.set("mode", filters.travelMode);
  if (filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The `visa/list` call (path and query) for a set of filters. */
export function listPathOf(filters: VisaFilters): string {
  const query = listQueryOf(filters);
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.search) params.set("search", query.search);
  if (query.countryId) params.set("countryId", query.countryId);
  if (query.travelMode) params.set("travelMode", query.travelMode);
  return `visa/list?${params}`;
}

/** The number of pages of the loaded list (at least 1). */
export function pageCount(list: ListResponse<unknown>): number {
  return Math.max(1, Math.ceil(list.total / Math.max(1, list.limit)));
}

