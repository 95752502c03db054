/**
 * The catalogue's stores, driven the way the pages drive them: filters and paging of /visa (the address, the
 * debounce, the query sent), the trip search of /visa/available-visa, and what a failed or unknown visa becomes.
 */
import { FetchError } from "ofetch";
import { allTasks, cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as api from "../../src/features/catalogue/api";
import {
  $searchText, $visaFilters, $visaPage, PAGE_SIZE, SEARCH_DEBOUNCE_MS, applySearch, chooseCountry, chooseTravelMode,
  clearFilters, filtersFromSearch, goToPage, listQueryOf, pageCount, searchOf, typeSearch,
} from "../../src/features/catalogue/visa-list.store";
import { $availableVisas, $trip, chooseDestination, chooseTripMode } from "../../src/features/catalogue/available.store";
import { $visaDetails, groupRequirements, loadVisaDetails } from "../../src/features/catalogue/visa-details.store";
import { $countries, sortCountries } from "../../src/features/catalogue/countries.store";
import { CLOSED, TURKEY, UAE, fullVisa, page, visa } from "./catalogue-fixtures";

vi.mock("../../src/features/catalogue/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/features/catalogue/api")>()),
  fetchVisaList: vi.fn(),
  fetchCountries: vi.fn(),
  searchAvailableVisas: vi.fn(),
  fetchVisa: vi.fn(),
}));

const fetchVisaList = vi.mocked(api.fetchVisaList);
const searchAvailable = vi.mocked(api.searchAvailableVisas);
const fetchVisa = vi.mocked(api.fetchVisa);
const fetchCountries = vi.mocked(api.fetchCountries);

type HappyDOMWindow = { happyDOM: { setURL(url: string): void } };
const goTo = (path: string) => (window as unknown as HappyDOMWindow).happyDOM.setURL(`https://visa.example${path}`);
const httpError = (status: number) => Object.assign(new FetchError(`${status}`), { status });
/** Mounts a store the way a component does, and waits for what that starts. */
async function mount(store: { listen(cb: () => void): () => void }) {
  const unbind = store.listen(() => {});
  await allTasks();
  return unbind;
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, "debug").mockImplementation(() => {});
  fetchVisaList.mockImplementation(async (query) => page([visa({ _id: "v1" })], 30, query.page, query.limit));
});

afterEach(() => {
  vi.useRealTimers();
  cleanStores($visaPage, $visaFilters, $searchText, $availableVisas, $trip, $visaDetails, $countries);
});

describe("visa list filters", () => {
  it("sends only the filters that are set, trimmed, with the page size", () => {
    expect(listQueryOf({ search: "  dubai ", countryId: "", travelMode: "", page: 1 })).toEqual({ page: 1, limit: PAGE_SIZE, search: "dubai" });
    expect(listQueryOf({ search: " ", countryId: "c1", travelMode: "Land", page: 3 })).toEqual({ page: 3, limit: PAGE_SIZE, countryId: "c1", travelMode: "Land" });
  });

  it("reads filters from the address and ignores what is not a filter", () => {
    expect(filtersFromSearch("?q=tourist&country=country-tr&mode=Land&page=2")).toEqual({ search: "tourist", countryId: "country-tr", travelMode: "Land", page: 2 });
    expect(filtersFromSearch("?mode=Sea&page=-4&country=%3Cscript%3E")).toEqual({ search: "", countryId: "", travelMode: "", page: 1 });
    expect(searchOf({ search: "a b", countryId: "c1", travelMode: "Air", page: 1 })).toBe("?q=a+b&country=c1&mode=Air");
    expect(searchOf({ search: "", countryId: "", travelMode: "", page: 1 })).toBe("");
  });

  it("loads the page the address names when the list is shown, and keeps the address in step", async () => {
    goTo("/en/visa/?q=work&country=country-ae&mode=Air&page=2");
    const unbind = await mount($visaPage);
    expect(fetchVisaList).toHaveBeenCalledExactlyOnceWith({ page: 2, limit: PAGE_SIZE, search: "work", countryId: "country-ae", travelMode: "Air" });
    expect($searchText.get()).toBe("work");
    expect($visaPage.get()).toMatchObject({ status: "ready", data: { total: 30, page: 2 } });

    chooseTravelMode("Land");
    await allTasks();
    expect(fetchVisaList).toHaveBeenLastCalledWith({ page: 1, limit: PAGE_SIZE, search: "work", countryId: "country-ae", travelMode: "Land" });
    expect(location.search).toBe("?q=work&country=country-ae&mode=Land");
    unbind();
  });

  it("goes back to page 1 whenever a filter changes", async () => {
    goTo("/en/visa/");
    const unbind = await mount($visaPage);
    goToPage(3);
    await allTasks();
    expect($visaFilters.get().page).toBe(3);
    chooseCountry("country-tr");
    await allTasks();
    expect($visaFilters.get()).toMatchObject({ countryId: "country-tr", page: 1 });
    expect(fetchVisaList).toHaveBeenLastCalledWith({ page: 1, limit: PAGE_SIZE, countryId: "country-tr" });
    unbind();
  });

  it("never pages before the first or past the last page", async () => {
    goTo("/en/visa/");
    const unbind = await mount($visaPage); // 30 visas, 12 a page: 3 pages
    const state = $visaPage.get();
    expect(state.status === "ready" && pageCount(state.data)).toBe(3);
    goToPage(9);
    await allTasks();
    expect($visaFilters.get().page).toBe(3);
    goToPage(0);
    await allTasks();
    expect($visaFilters.get().page).toBe(1);
    unbind();
  });

  it("searches once typing pauses, not on every key", async () => {
    goTo("/en/visa/");
    const unbind = await mount($visaPage);
    vi.useFakeTimers();
    fetchVisaList.mockClear();
    for (const text of ["d", "du", "dub", "duba", "dubai"]) {
      typeSearch(text);
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    }
    expect(fetchVisaList).not.toHaveBeenCalled();
    expect($searchText.get()).toBe("dubai");
    vi.advanceTimersByTime(50);
    expect(fetchVisaList).toHaveBeenCalledExactlyOnceWith({ page: 1, limit: PAGE_SIZE, search: "dubai" });
    // Enter searches at once; the same words again change nothing.
    typeSearch("dubai");
    applySearch();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(fetchVisaList).toHaveBeenCalledTimes(1);
    unbind();
  });

  it("shows only the newest answer when an older one arrives late", async () => {
    goTo("/en/visa/");
    const unbind = await mount($visaPage);
    let releaseSlow!: () => void;
    fetchVisaList.mockImplementationOnce(
      () => new Promise((resolve) => (releaseSlow = () => resolve(page([visa({ _id: "stale" })], 1)))),
    );
    fetchVisaList.mockImplementationOnce(async () => page([visa({ _id: "fresh" })], 1));
    chooseCountry("country-tr");
    chooseCountry("country-ae");
    await Promise.resolve();
    releaseSlow();
    await allTasks();
    const state = $visaPage.get();
    expect(state.status === "ready" && state.data.data.map((v) => v._id)).toEqual(["fresh"]);
    unbind();
  });

  it("clears every filter and the search box", async () => {
    goTo("/en/visa/?q=x&mode=Land&page=2");
    const unbind = await mount($visaPage);
    clearFilters();
    await allTasks();
    expect($visaFilters.get()).toEqual({ search: "", countryId: "", travelMode: "", page: 1 });
    expect($searchText.get()).toBe("");
    expect(location.search).toBe("");
    unbind();
  });

  it("turns a failed load into the error state", async () => {
    goTo("/en/visa/");
    fetchVisaList.mockRejectedValueOnce(httpError(500));
    const unbind = await mount($visaPage);
    expect($visaPage.get()).toEqual({ status: "error" });
    unbind();
  });
});

describe("available visas", () => {
  it("waits for a destination, then searches for it with the chosen travel mode", async () => {
    goTo("/en/visa/available-visa/");
    searchAvailable.mockResolvedValue([visa({ _id: "v-land", travelMode: "Land" })]);
    const unbind = await mount($availableVisas);
    expect($availableVisas.get()).toEqual({ status: "idle" });
    expect(searchAvailable).not.toHaveBeenCalled();

    chooseDestination("country-tr");
    await allTasks();
    expect(searchAvailable).toHaveBeenLastCalledWith("country-tr", "Air");
    chooseTripMode("Land");
    await allTasks();
    expect(searchAvailable).toHaveBeenLastCalledWith("country-tr", "Land");
    expect($availableVisas.get()).toMatchObject({ status: "ready", data: [{ _id: "v-land" }] });
    expect(location.search).toBe("?country=country-tr&mode=Land");
    unbind();
  });

  it("starts from the trip in the address", async () => {
    goTo("/ar/visa/available-visa/?country=country-ae&mode=Land");
    searchAvailable.mockResolvedValue([]);
    const unbind = await mount($availableVisas);
    expect(searchAvailable).toHaveBeenCalledExactlyOnceWith("country-ae", "Land");
    expect($availableVisas.get()).toEqual({ status: "ready", data: [] });
    unbind();
  });
});

describe("visa details", () => {
  it("is not found when the API answers 404 (unknown, or hidden from the agent's group)", async () => {
    fetchVisa.mockRejectedValueOnce(httpError(404));
    await loadVisaDetails("hidden-one");
    expect($visaDetails.get()).toEqual({ status: "notFound" });
  });

  it("is an error, not 'not found', when the server fails", async () => {
    fetchVisa.mockRejectedValueOnce(httpError(503));
    await loadVisaDetails("v1");
    expect($visaDetails.get()).toEqual({ status: "error" });
  });

  it("puts required requirements first, documents apart from information", () => {
    const { documents, information } = groupRequirements(fullVisa({ _id: "v1" }).requirements);
    expect(documents.map((r) => [r._id, r.required])).toEqual([["req-passport", true], ["req-photo", false]]);
    expect(information.map((r) => r._id)).toEqual(["req-hotel"]);
  });
});

describe("countries", () => {
  it("offers only enabled countries, in the page language's order", async () => {
    fetchCountries.mockResolvedValue([UAE, CLOSED, TURKEY]);
    const unbind = await mount($countries);
    const state = $countries.get();
    expect(state.status).toBe("ready");
    const countries = state.status === "ready" ? state.data : [];
    expect(countries.map((c) => c.code)).toEqual(["AE", "TR"]);
    expect(sortCountries(countries, "en").map((c) => c.code)).toEqual(["TR", "AE"]);
    // Arabic: الإمارات before تركيا.
    expect(sortCountries(countries, "ar").map((c) => c.code)).toEqual(["AE", "TR"]);
    unbind();
  });
});
