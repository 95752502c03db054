/**
 * /requests: the agency's visa requests. The filters and the page live in the address (?status=…&from=…&to=…&q=…
 * &page=…), so a link, a reload or Back shows the same list; the search is debounced. Exports take the same filters.
 */
import { FetchError } from "ofetch";
import { atom } from "nanostores";
import type { ExportFormat, RequestListResponse, VisaStatus } from "../../contract/requests";
import { exportAgentRequests, fetchAgentRequests } from "./api";
import { DATE, EMPTY_FILTERS, filtersFromSearch, listQueryOf, pageCount, searchOf, type ListFilters, type ListState } from "./list-query";

export { EMPTY_FILTERS, PAGE_SIZE, filtersFromSearch, hasFilters, listQueryOf, pageCount, searchOf, type ListFilters, type ListState } from "./list-query";

export const SEARCH_DEBOUNCE_MS = 300;

export const $filters = atom<ListFilters>(EMPTY_FILTERS);
/** What the search box shows while typing (the filter follows after the debounce). */
export const $searchText = atom("");
export const $list = atom<ListState>({ status: "loading" });
export const $exporting = atom<ExportFormat | null>(null);
/** On a phone the dates, statuses and exports fold behind one button (issue 26): the first request shows at once. */
export const $filtersOpen = atom(false);

export function toggleFilters(): void {
  $filtersOpen.set(!$filtersOpen.get());
}

let generation = 0;

async function load(): Promise<void> {
  const mine = ++generation;
  const current = $list.get();
  $list.set({ status: "loading", previous: current.status === "ready" ? current.data : current.status === "loading" ? current.previous : undefined });
  try {
    const data = await fetchAgentRequests(listQueryOf($filters.get()));
    if (mine !== generation) return;
    // A page past the end (a request was canceled meanwhile, an old link): show the last page instead.
    const last = pageCount(data.total);
    if (data.data.length === 0 && $filters.get().page > last) {
      apply({ ...$filters.get(), page: last }, "replace");
      return;
    }
    $list.set({ status: "ready", data });
  } catch (error) {
    if (mine !== generation) return;
    console.debug("requests: list not loaded", error instanceof FetchError ? error.status : error);
    $list.set({ status: "error" });
  }
}

/** Sets the filters, writes them into the address (a new history entry for a new page) and loads. */
function apply(filters: ListFilters, history: "push" | "replace" = "replace"): Promise<void> {
  $filters.set(filters);
  if (typeof window !== "undefined") {
    const url = `${location.pathname}${searchOf(filters)}`;
    if (url !== `${location.pathname}${location.search}`) {
      if (history === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    }
  }
  return load();
}

/** The page opened (or Back/Forward changed the address): the filters are the address's. */
export function startList(search = typeof location === "undefined" ? "" : location.search): Promise<void> {
  const filters = filtersFromSearch(search);
  $searchText.set(filters.search);
  $filters.set(filters);
  return load();
}

export const reloadList = () => load();

/** A change of filter starts again at page 1. */
const change = (patch: Partial<ListFilters>) => apply({ ...$filters.get(), ...patch, page: 1 });

export function toggleStatus(status: VisaStatus): Promise<void> {
  const current = $filters.get().status;
  return change({ status: current.includes(status) ? current.filter((s) => s !== status) : [...current, status] });
}

export const clearStatuses = () => change({ status: [] });

export function setDates(from: string, to: string): Promise<void> {
  return change({ from: DATE.test(from) ? from : "", to: DATE.test(to) ? to : "" });
}

let searchTimer: ReturnType<typeof setTimeout> | undefined;

/** Typing in the search box: the list follows after a short pause. */
export function typeSearch(text: string): void {
  $searchText.set(text);
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void applySearch(), SEARCH_DEBOUNCE_MS);
}

/** Applies the search box at once (Enter). */
export function applySearch(): Promise<void> {
  clearTimeout(searchTimer);
  const search = $searchText.get().trim().slice(0, 100);
  if (search === $filters.get().search) return Promise.resolve();
  return change({ search });
}

export function goToPage(page: number): Promise<void> {
  return apply({ ...$filters.get(), page: Math.max(1, Math.floor(page)) }, "push");
}

export function clearFilters(): Promise<void> {
  $searchText.set("");
  return apply({ ...EMPTY_FILTERS });
}

/** Downloads the list in `format` with the current filters (all matching rows). */
export async function exportList(format: ExportFormat): Promise<void> {
  if ($exporting.get()) return;
  $exporting.set(format);
  try {
    await exportAgentRequests(format, listQueryOf($filters.get()));
  } catch (error) {
    // The HTTP client has shown the notice.
    console.debug("requests: export failed", error);
  } finally {
    $exporting.set(null);
  }
}
