/**
 * A server-side table over a resource store (the look is ResourceTableView's): the store's query, answer, loading and
 * error drawn, the reader's actions sent to the store, the first page loaded on mount.
 */
import { useStore } from "@nanostores/react";
import { useContext, useDeferredValue, useEffect, useMemo } from "react";
import { usePageLocale } from "./hooks";
import type { ResourceStore } from "./resource.store";
import { ResourceSeed } from "./seed";
import { ResourceTableView, type ResourceTableLook, type TableHandlers, type TableState } from "./ResourceTableView";

export interface ResourceTableProps<T extends { _id: string }> extends ResourceTableLook<T> {
  store: ResourceStore<T>;
  /** Loads the first page on mount (default true). */
  autoLoad?: boolean;
}

/** The table's state as the store holds it now; the first page is loaded on mount when `autoLoad`. */
export function useTableState<T extends { _id: string }>(store: ResourceStore<T>, autoLoad = true): TableState<T> {
  const list = useStore(store.$list);
  const loading = useStore(store.$loading);
  const loaded = useStore(store.$loaded);
  const error = useStore(store.$error);
  // A page of rows (drawn twice: table and cards) is drawn in the background, in slices the browser can interrupt,
  // not in one long task the moment the store has it (issue 9: that task was most of the admin lists' blocking time
  // on phones). The flags come with the rows, so no empty state flashes while they are on their way; the query and
  // the search box read the store directly and stay instant.
  const fresh = useMemo(() => ({ list, loading, loaded, error }), [list, loading, loaded, error]);
  const shown = useDeferredValue(fresh);
  const state = { query: useStore(store.$query), searchText: useStore(store.$searchText), ...shown };
  useEffect(() => {
    if (autoLoad) void store.load();
  }, [store, autoLoad]);
  return state;
}

/** The reader's actions on the table, sent to the store. */
export function tableHandlers<T extends { _id: string }>(store: ResourceStore<T>): TableHandlers {
  return {
    search: store.setSearch,
    applySearch: () => void store.applySearch(),
    filter: (name, value) => void store.setFilter(name, value),
    sort: (field) => void store.sortBy(field),
    page: (page) => void store.setPage(page),
    limit: (limit) => void store.setLimit(limit),
    retry: () => void store.load(),
  };
}

export function ResourceTable<T extends { _id: string }>({ store, autoLoad = true, ...look }: ResourceTableProps<T>) {
  const state = useTableState(store, autoLoad);
  // Unset in the browser (its own zone); the reader's when the edge draws the page (seed.ts).
  const { timeZone } = useContext(ResourceSeed);
  return <ResourceTableView {...look} state={state} locale={usePageLocale()} timeZone={timeZone} awaitsFirst={autoLoad} on={tableHandlers(store)} />;
}
