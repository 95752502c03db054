/**
 * The agent's visa catalogue (/visa): search (debounced), country and travel-mode filters, paging.
 * The filters live in the address (?q=&country=&mode=&page=) so a reload or a shared link shows the same page.
 * Every change of filter goes back to page 1; only the newest answer is shown.
 */
import { atom, map, onMount } from "nanostores";
import type { ListResponse } from "../../contract/common";
import type { VisaSummary } from "../../contract/catalogue";
import { fetchVisaList, type TravelMode } from "./api";
import {
  EMPTY_FILTERS, PAGE_SIZE, SEARCH_DEBOUNCE_MS, filtersFromSearch, listQueryOf, pageCount, searchOf, type VisaFilters,
} from "./visa-list-query";
import { inBrowser, latestOnly, type Loadable } from "./loadable";
import { replaceQuery } from "../../lib/address";

export { EMPTY_FILTERS, PAGE_SIZE, SEARCH_DEBOUNCE_MS, filtersFromSearch, listQueryOf, pageCount, searchOf, type VisaFilters };

/** The filters the list is loaded with. */
export const $visaFilters = map<VisaFilters>({ ...EMPTY_FILTERS });
/** What the search box shows right now (the list follows it after a pause in typing). */
export const $searchText = atom("");
/** The current page of visas. */
export const $visaPage = atom<Loadable<ListResponse<VisaSummary>>>({ status: "loading" });

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
    replaceQuery(searchOf(filters));
    void loadVisas();
  });
  return () => {
    clearTimeout(debounce);
    unbind();
  };
});
