/**
 * The agent's visa catalogue (/visa): search (debounced), country and travel-mode filters, paging.
 * The filters live in the address (?q=&country=&mode=&page=) so a reload or a shared link shows the same page.
 * Every change of filter goes back to page 1; only the newest answer is shown.
 */
import { atom, map, onMount } from "nanostores";
import type { ListResponse } from "../../contract/common";
import type { VisaSummary } from "../../contract/catalogue";
import { TRAVEL_MODE_LIST, fetchVisaList, type TravelMode, type VisaListQuery } from "./api";
import { inBrowser, latestOnly, type Loadable } from "./loadable";

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

/** The filters the list is loaded with. */
export const $visaFilters = map<VisaFilters>({ ...EMPTY_FILTERS });
/** What the search box shows right now (the list follows it after a pause in typing). */
export const $searchText = atom("");
/** The current page of visas. */
export const $visaPage = atom<Loadable<ListResponse<VisaSummary>>>({ status: "loading" });

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

const run = latestOnly<ListResponse<VisaSummary>>((state) => $visaPage.set(state));

/** Loads the page of visas for the current filters. */
export function loadVisas(): Promise<void> {
  const query = listQueryOf($visaFilters.get());
  return run(() => fetchVisaList(query));
}

let debounce: ReturnType<typeof setTimeout> | undefined;

/** The agent types in the search box: the list follows once typing pauses for SEARCH_DEBOUNCE_MS. */
export function typeSearch(text: string): void {
  $searchText.set(text);
  clearTimeout(debounce);
  debounce = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
}

/** Searches at once (Enter in the search box). */
export function applySearch(text = $searchText.get()): void {
  clearTimeout(debounce);
  if (text.trim() === $visaFilters.get().search.trim()) return;
  $visaFilters.set({ ...$visaFilters.get(), search: text, page: 1 });
}

export function chooseCountry(countryId: string): void {
  $visaFilters.set({ ...$visaFilters.get(), countryId, page: 1 });
}

export function chooseTravelMode(travelMode: TravelMode | ""): void {
  $visaFilters.set({ ...$visaFilters.get(), travelMode, page: 1 });
}

export function goToPage(page: number): void {
  const state = $visaPage.get();
  const last = state.status === "ready" ? Math.max(1, Math.ceil(state.data.total / state.data.limit)) : Infinity;
  const next = Math.min(Math.max(1, Math.trunc(page)), last);
  if (next !== $visaFilters.get().page) $visaFilters.set({ ...$visaFilters.get(), page: next });
}

export function clearFilters(): void {
  clearTimeout(debounce);
  $searchText.set("");
  $visaFilters.set({ ...EMPTY_FILTERS });
}

/** The number of pages of the loaded list (at least 1). */
export function pageCount(list: ListResponse<unknown>): number {
  return Math.max(1, Math.ceil(list.total / Math.max(1, list.limit)));
}

onMount($visaPage, () => {
  if (!inBrowser()) return;
  // The address is read after mount, never during hydration: the pre-rendered page knows no filters.
  {
    const fromUrl = filtersFromSearch(location.search);
    $visaFilters.set(fromUrl);
    $searchText.set(fromUrl.search);
  }
  void loadVisas();
  const unbind = $visaFilters.listen((filters) => {
    history.replaceState(history.state, "", `${location.pathname}${searchOf(filters)}${location.hash}`);
    void loadVisas();
  });
  return () => {
    clearTimeout(debounce);
    unbind();
  };
});
