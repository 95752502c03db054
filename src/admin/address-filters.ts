/**
 * List filters named in the page address (`?status=InProcess`, `?from=today&to=today`, `?lowBalance=true`): the
 * dashboard links every figure to the list it counts, filtered the same way. They are applied after mount (the shell
 * is pre-rendered without them; reading the address while hydrating would not match it), all at once with one load,
 * and written into the store's filters, so the list's own filter controls show them as applied.
 */
import { useEffect } from "react";
import type { ResourceStore } from "./kit/resource.store";

type FilterStore = Pick<ResourceStore<{ _id: string }>, "$query" | "load">;

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

export function useAddressFilters(store: FilterStore, names: readonly string[], aliases?: (params: URLSearchParams) => Record<string, string>): void {
  useEffect(() => {
    const filters = filtersFromAddress(location.search, names, aliases);
    if (Object.keys(filters).length === 0) return;
    const query = store.$query.get();
    store.$query.set({ ...query, filters: { ...query.filters, ...filters }, page: 1 });
    void store.load();
    // Once per store: the address is read when the page opens, later changes are the filter controls'.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
}
