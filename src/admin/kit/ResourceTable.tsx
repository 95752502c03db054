/**
 * A server-side table over a resource store (the look is ResourceTableView's): the store's query, answer, loading and
 * error drawn, the reader's actions sent to the store, the first page loaded on mount.
 */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { usePageLocale } from "./hooks";
import type { ResourceStore } from "./resource.store";
import { ResourceTableView, type ResourceTableLook, type TableHandlers, type TableState } from "./ResourceTableView";

export interface ResourceTableProps<T extends { _id: string }> extends ResourceTableLook<T> {
  store: ResourceStore<T>;
  /** Loads the first page on mount (default true). */
  autoLoad?: boolean;
}

/** The table's state as the store holds it now; the first page is loaded on mount when `autoLoad`. */
export function useTableState<T extends { _id: string }>(store: ResourceStore<T>, autoLoad = true): TableState<T> {
  const state = {
    query: useStore(store.$query),
    list: useStore(store.$list),
    loading: useStore(store.$loading),
    loaded: useStore(store.$loaded),
    error: useStore(store.$error),
    searchText: useStore(store.$searchText),
  };
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
  return <ResourceTableView {...look} state={state} locale={usePageLocale()} awaitsFirst={autoLoad} on={tableHandlers(store)} />;
}
