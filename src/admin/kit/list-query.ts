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

