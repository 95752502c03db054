/**
 * List filters named in the page address (`?status=InProcess`, `?from=today&to=today`, `?lowBalance=true`): the
 * dashboard links every figure to the list it counts, filtered the same way. They are applied after mount (the shell
 * is pre-rendered without them; reading the address while hydrating would not match it), all at once with one load,
 * and written into the store's filters, so the list's own filter controls show them as applied. The page, page size
 * and search are read too, and every later change of the list is written back into the address (followAddress).
 */
import { useEffect } from "react";
import { followAddress } from "./kit/list-address";
import { DEFAULT_LIST_QUERY, listQueryFromSearch, listSearchOf, type ListQuery } from "./kit/list-query";
import type { ResourceStore } from "./kit/resource.store";

type FilterStore = Pick<ResourceStore<{ _id: string }>, "$query" | "$searchText" | "load">;

/** `today` in a date filter: the UTC day, the day the API and the dashboard count in. */
const dateValue = (value: string) => (value === "today" ? new Date().toISOString().slice(0, 10) : value);

/** The filters of `names` present in `search`; `aliases` turn other address parameters into filters. */
export function filtersFromAddress(
  search: string,
  names: readonly string[],
  aliases: (params: URLSearchParams) => Record<string, string> = () => ({}),
): Record<string, string> {
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = name === "from" || name === "to" ? dateValue(value) : value;
  }
  return { ...filters, ...aliases(params) };
}

/** The page, page size and search an address asks for (`?page=3&limit=50&search=…`), where they are ones a list holds. */
export function listPartsFromAddress(search: string): Partial<Pick<ListQuery, "page" | "limit" | "search">> {
  const asked = listQueryFromSearch(search, DEFAULT_LIST_QUERY, { filters: {}, limits: [10, 20, 50, 100], search: true });
  return {
    ...(asked.page > 1 ? { page: asked.page } : {}),
    ...(asked.limit !== DEFAULT_LIST_QUERY.limit ? { limit: asked.limit } : {}),
    ...(asked.search ? { search: asked.search } : {}),
  };
}

/**
 * The list an address asks for: `base` with the page, size, search and filters the address names. What
 * useAddressFilters applies in the browser, and what the edge draws (src/admin/edge-pages.ts).
 */
export function addressListQuery(
  base: ListQuery, search: string, names: readonly string[], aliases?: (params: URLSearchParams) => Record<string, string>,
): ListQuery {
  const filters = filtersFromAddress(search, names, aliases);
  return { ...base, ...listPartsFromAddress(search), filters: { ...base.filters, ...filters } };
}

export function useAddressFilters(store: FilterStore, names: readonly string[], aliases?: (params: URLSearchParams) => Record<string, string>): void {
  useEffect(() => {
    // The list as it starts: what the address writes is what differs from it.
    const base = store.$query.get();
    const asked = addressListQuery(base, location.search, names, aliases);
    if (listSearchOf(asked, base) !== "") {
      store.$query.set(asked);
      // The search box shows what the list is searched for.
      if (asked.search) store.$searchText.set(asked.search);
      void store.load();
    }
    // From now on the list's changes are written into the address (a reload or a shared link shows the same rows).
    return followAddress(store, base);
    // Once per store: the address is read when the page opens, later changes are the filter controls'.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
}
