/**
 * The store behind every admin resource list (react-admin's data provider, as nanostores): the list query
 * (page, limit, search, sort, order, filters), the answer { data, total }, loading and error, and the actions the
 * UI calls. Components render these stores; tests call the same functions.
 */
import { atom, map } from "nanostores";
import type { ListResponse } from "../../contract/common";
import { api } from "../../lib/api";
import type { Http } from "../../lib/http";

// The list query and its query string live in list-query.ts (pure: the edge asks for a table's first page with them).
import { DEFAULT_LIST_QUERY, queryParams, type ListQuery, type Order } from "./list-query";
export { queryParams, type ListQuery, type Order };

/** The calls of one resource (spec §7 paths, without /api). */
export interface ResourceEndpoints {
  list: string;
  one: (id: string) => string;
  create: string;
  update: (id: string) => string;
  remove: (id: string) => string;
}

/** The common shape: `base/list`, `base/one/{id}`, POST `base`, PATCH and DELETE `base/{id}`. */
export function catalogueEndpoints(base: string, overrides: Partial<ResourceEndpoints> = {}): ResourceEndpoints {
  return {
    list: `${base}/list`,
    one: (id) => `${base}/one/${encodeURIComponent(id)}`,
    create: base,
    update: (id) => `${base}/${encodeURIComponent(id)}`,
    remove: (id) => `${base}/${encodeURIComponent(id)}`,
    ...overrides,
  };
}

export type HttpLike = Pick<Http, "get" | "post" | "patch" | "delete">;

export interface ResourceStoreOptions {
  endpoints: ResourceEndpoints;
  http?: HttpLike;
  query?: Partial<ListQuery>;
  /** How long typing must pause before a search runs (ms). */
  searchDelay?: number;
  /** The first page, already fetched (the edge's draw, src/admin/kit/seed.ts): the list starts loaded. */
  initial?: ListResponse<unknown>;
}

export const SEARCH_DELAY_MS = 300;

export function createResourceStore<T extends { _id: string }>(options: ResourceStoreOptions) {
  const http = options.http ?? api;
  const { endpoints } = options;
  const delay = options.searchDelay ?? SEARCH_DELAY_MS;

  const $query = map<ListQuery>({ ...DEFAULT_LIST_QUERY, ...options.query });
  const initial = options.initial as ListResponse<T> | undefined;
  const $list = atom<{ data: T[]; total: number }>(initial ? { data: initial.data, total: initial.total } : { data: [], total: 0 });
  const $loading = atom(false);
  const $error = atom<unknown>(null);
  /** Whether an answer ever arrived: before it, the table shows skeleton rows. */
  const $loaded = atom(initial !== undefined);
  /** The search box as typed (the query follows it after a pause). */
  const $searchText = atom($query.get().search);

  let sequence = 0;
  let searchTimer: ReturnType<typeof setTimeout> | null = null;

  /** Loads the page the query asks for. An answer that arrives after a newer request was sent is dropped. */
  async function load(): Promise<void> {
    const mine = ++sequence;
    $loading.set(true);
    $error.set(null);
    try {
      const answer = await http.get<ListResponse<T>>(endpoints.list, { query: queryParams($query.get()) });
      if (mine !== sequence) return;
      $list.set({ data: answer.data, total: answer.total });
      $loaded.set(true);
      // The last row of the last page was removed (elsewhere too): show the page before it.
      const { page, limit } = $query.get();
      if (answer.data.length === 0 && answer.total > 0 && page > 1) {
        $query.setKey("page", Math.max(1, Math.ceil(answer.total / limit)));
        await load();
      }
    } catch (error) {
      if (mine === sequence) $error.set(error);
    } finally {
      if (mine === sequence) $loading.set(false);
    }
  }

  function setPage(page: number): Promise<void> {
    $query.setKey("page", Math.max(1, page));
    return load();
  }

  function setLimit(limit: number): Promise<void> {
    $query.set({ ...$query.get(), limit, page: 1 });
    return load();
  }

  /** A press on a column header: that column ascending, or the other way round when it already was the sort. */
  function sortBy(field: string): Promise<void> {
    const { sort, order } = $query.get();
    const next: Order = sort === field && order === "asc" ? "desc" : "asc";
    $query.set({ ...$query.get(), sort: field, order: next, page: 1 });
    return load();
  }

  /** Typing in the search box: the search runs once typing pauses, from the first page. */
  function setSearch(text: string): void {
    $searchText.set(text);
    if (searchTimer) clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      searchTimer = null;
      void applySearch(text);
    }, delay);
  }

  /** Runs a search at once (Enter, or tests). */
  function applySearch(text: string = $searchText.get()): Promise<void> {
    if (searchTimer) clearTimeout(searchTimer);
    searchTimer = null;
    $searchText.set(text);
    if (text.trim() === $query.get().search.trim() && $loaded.get()) return Promise.resolve();
    $query.set({ ...$query.get(), search: text, page: 1 });
    return load();
  }

  function setFilter(name: string, value: string): Promise<void> {
    $query.set({ ...$query.get(), filters: { ...$query.get().filters, [name]: value }, page: 1 });
    return load();
  }

  function fetchOne(id: string): Promise<T> {
    return http.get<T>(endpoints.one(id));
  }

  /** Creates a record, then shows the list again (the new record may land on any page, depending on the sort). */
  async function create(input: unknown): Promise<T> {
    const record = await http.post<T>(endpoints.create, input);
    void load();
    return record;
  }

  async function update(id: string, input: unknown): Promise<T> {
    const record = await http.patch<T>(endpoints.update(id), input);
    // The edited row changes in place at once; the reload brings the server's order.
    $list.set({ ...$list.get(), data: $list.get().data.map((row) => (row._id === id ? { ...row, ...record } : row)) });
    void load();
    return record;
  }

  async function remove(id: string): Promise<void> {
    await http.delete(endpoints.remove(id));
    $list.set({ data: $list.get().data.filter((row) => row._id !== id), total: Math.max(0, $list.get().total - 1) });
    await load();
  }

  /** Replaces one row with a newer copy (an image uploaded, a flag switched elsewhere). */
  function patchRow(record: Partial<T> & { _id: string }): void {
    $list.set({ ...$list.get(), data: $list.get().data.map((row) => (row._id === record._id ? { ...row, ...record } : row)) });
  }

  return {
    endpoints, $query, $list, $loading, $error, $loaded, $searchText,
    load, setPage, setLimit, sortBy, setSearch, applySearch, setFilter, fetchOne, create, update, remove, patchRow,
  };
}

export type ResourceStore<T extends { _id: string }> = ReturnType<typeof createResourceStore<T>>;
