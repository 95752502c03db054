/** A kit list's query (page, sort, search, filters) and its query string: pure, shared by the store and the edge. */
export type Order = "asc" | "desc";

export interface ListQuery {
  page: number;
  limit: number;
  search: string;
  sort: string | null;
  order: Order;
  /** Resource filters (countryId, travelMode, …); an empty value means "all". */
  filters: Record<string, string>;
}

/** Where every list starts (page size 20, the table's default). */
export const DEFAULT_LIST_QUERY: ListQuery = { page: 1, limit: 20, search: "", sort: null, order: "asc", filters: {} };

/** The query string of DESIGN §4 for a list query: empty values are left out. */
export function queryParams(query: ListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, limit: query.limit };
  const search = query.search.trim();
  if (search) params.search = search;
  if (query.sort) {
    params.sort = query.sort;
    params.order = query.order;
  }
  for (const [key, value] of Object.entries(query.filters)) if (value !== "") params[key] = value;
  return params;
}


/**
 * A list whose state lives in the page's address (`?type=TopUp&from=2026-11-01&page=2`): what each parameter may hold.
 * A parameter that is not named here, or holds anything else, is ignored: an odd address shows the plain list.
 */
export interface AddressRules {
  filters: Record<string, (value: string) => boolean>;
  /** The page sizes the list offers. */
  limits?: readonly number[];
  /** The list has a search box (a list without one ignores `?search=`: it would filter with nothing to show it). */
  search?: boolean;
}

const MAX_PAGE = 100_000;
const MAX_SEARCH = 100;

/** The list query an address asks for, on top of the list's first query `base`. Pure: the edge draws it too. */
export function listQueryFromSearch(search: string, base: ListQuery, rules: AddressRules): ListQuery {
  const params = new URLSearchParams(search);
  // Digits only: "1e3" or "0x10" are numbers to Number() but not page numbers anyone typed.
  const whole = (name: string) => (/^\d{1,6}$/.test(params.get(name) ?? "") ? Number(params.get(name)) : NaN);
  const page = whole("page");
  const limit = whole("limit");
  const text = rules.search ? (params.get("search") ?? "").trim().slice(0, MAX_SEARCH) : "";
  const filters: Record<string, string> = { ...base.filters };
  for (const [name, allowed] of Object.entries(rules.filters)) {
    const value = params.get(name)?.trim();
    if (value && allowed(value)) filters[name] = value;
  }
  return {
    ...base,
    page: page > 1 && page <= MAX_PAGE ? page : 1,
    limit: rules.limits?.includes(limit) ? limit : base.limit,
    search: text || base.search,
    filters,
  };
}

/** The address's query string for a list query: only what differs from the list's first query `base`. */
export function listSearchOf(query: ListQuery, base: ListQuery): string {
  const params = new URLSearchParams();
  const search = query.search.trim();
  if (search) params.set("search", search);
  for (const [name, value] of Object.entries(query.filters)) if (value !== "" && value !== base.filters[name]) params.set(name, value);
  if (query.limit !== base.limit) params.set("limit", String(query.limit));
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A calendar day written YYYY-MM-DD that exists (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
