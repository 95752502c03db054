import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createResourceStore, catalogueEndpoints, queryParams, SEARCH_DELAY_MS } from "../../src/admin/kit/resource.store";
import type { Country } from "../../src/contract/catalogue";
import { COUNTRIES, fakeCountries } from "./admin-countries-fixture";

function setup(pageSize = 10) {
  const api = fakeCountries();
  const { http, notices } = api.client();
  const store = createResourceStore<Country>({ endpoints: catalogueEndpoints("countries"), http, query: { limit: pageSize, sort: "name", order: "asc" } });
  return { api, store, notices };
}

const codes = (rows: Country[]) => rows.map((r) => r.code);
const byName = [...COUNTRIES].sort((a, b) => a.name.en.localeCompare(b.name.en, "en", { sensitivity: "base" }));

afterEach(() => {
  vi.useRealTimers();
});

describe("resource store: list query → API → { data, total }", () => {
  it("loads the first page with the list query of DESIGN §4", async () => {
    const { api, store } = setup();
    expect(store.$loaded.get()).toBe(false);
    const loading = store.load();
    expect(store.$loading.get()).toBe(true);
    await loading;
    expect(store.$loading.get()).toBe(false);
    expect(store.$loaded.get()).toBe(true);
    expect(store.$list.get().total).toBe(COUNTRIES.length);
    expect(codes(store.$list.get().data)).toEqual(codes(byName.slice(0, 10)));
    expect(api.listCalls()).toEqual([{ page: "1", limit: "10", sort: "name", order: "asc" }]);
  });

  it("pages forward and back, and changes the page size from the first page", async () => {
    const { api, store } = setup();
    await store.load();
    await store.setPage(3);
    expect(codes(store.$list.get().data)).toEqual(codes(byName.slice(20, 30)));
    await store.setPage(2);
    expect(codes(store.$list.get().data)).toEqual(codes(byName.slice(10, 20)));
    await store.setLimit(20);
    expect(store.$query.get().page).toBe(1);
    expect(store.$list.get().data).toHaveLength(20);
    expect(api.listCalls().map((q) => `${q.page}/${q.limit}`)).toEqual(["1/10", "3/10", "2/10", "1/20"]);
  });

  it("sorts by a column, and the other way round on a second press, from the first page", async () => {
    const { store } = setup();
    await store.load();
    await store.setPage(2);
    await store.sortBy("code");
    expect(store.$query.get()).toMatchObject({ sort: "code", order: "asc", page: 1 });
    const ascending = codes(store.$list.get().data);
    expect(ascending).toEqual([...COUNTRIES.map((c) => c.code)].sort().slice(0, 10));
    await store.sortBy("code");
    expect(store.$query.get()).toMatchObject({ sort: "code", order: "desc" });
    expect(codes(store.$list.get().data)).toEqual([...COUNTRIES.map((c) => c.code)].sort().reverse().slice(0, 10));
    // Another column starts ascending again.
    await store.sortBy("visaCount");
    expect(store.$query.get()).toMatchObject({ sort: "visaCount", order: "asc" });
  });

  it("searches once typing pauses, from the first page, in any language", async () => {
    vi.useFakeTimers();
    const { api, store } = setup();
    await store.load();
    await store.setPage(2);
    store.setSearch("t");
    store.setSearch("tu");
    store.setSearch("تركي");
    expect(store.$searchText.get()).toBe("تركي");
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 50);
    expect(api.listCalls()).toHaveLength(2); // nothing sent while typing
    await vi.advanceTimersByTimeAsync(100);
    await vi.waitFor(() => expect(store.$loading.get()).toBe(false));
    expect(api.listCalls()).toHaveLength(3);
    expect(api.listCalls()[2]).toMatchObject({ search: "تركي", page: "1" });
    expect(codes(store.$list.get().data)).toEqual(["TR"]);
    expect(store.$list.get().total).toBe(1);
  });

  it("filters, and an empty filter means all", async () => {
    const { api, store } = setup(50);
    await store.load();
    await store.setFilter("enabled", "false");
    expect(store.$list.get().data.every((c) => !c.enabled)).toBe(true);
    expect(store.$list.get().total).toBe(COUNTRIES.filter((c) => !c.enabled).length);
    await store.setFilter("enabled", "");
    expect(store.$list.get().total).toBe(COUNTRIES.length);
    expect(api.listCalls().at(-1)).not.toHaveProperty("enabled");
  });

  it("drops an answer that arrives after a newer request was sent", async () => {
    const { api, store } = setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.hold = (query) => (query.page === "1" ? held : null);
    const slow = store.load(); // page 1, held
    await store.setPage(2); // answered at once
    release();
    await slow;
    expect(api.listCalls().map((q) => q.page)).toEqual(["1", "2"]);
    expect(store.$query.get().page).toBe(2);
    expect(codes(store.$list.get().data)).toEqual(codes(byName.slice(10, 20)));
  });

  it("shows an error state, and a retry loads again", async () => {
    const { api, store, notices } = setup();
    api.forced.push({ status: 500, body: { statusCode: 500, message: "Internal Server Error", code: "INTERNAL" } });
    api.forced.push({ status: 500, body: { statusCode: 500, message: "Internal Server Error", code: "INTERNAL" } }); // the client's one retry of a GET
    await store.load();
    expect(store.$error.get()).toBeTruthy();
    expect(store.$loaded.get()).toBe(false);
    expect(notices).toEqual(["Internal Server Error"]);
    await store.load();
    expect(store.$error.get()).toBeNull();
    expect(store.$list.get().total).toBe(COUNTRIES.length);
  });

  it("creates, updates and removes, and the list follows", async () => {
    const { api, store } = setup(50);
    await store.load();
    const created = await store.create({ name: { en: "Iraq", ar: "العراق", ku: "عێراق" }, code: "iq", enabled: true });
    expect(created).toMatchObject({ code: "IQ", flag: "🇮🇶" });
    await vi.waitFor(() => expect(store.$list.get().total).toBe(COUNTRIES.length + 1));
    await store.update(created._id, { name: { en: "Republic of Iraq", ar: "جمهورية العراق", ku: "کۆماری عێراق" }, code: "IQ", enabled: false });
    expect(store.$list.get().data.find((c) => c._id === created._id)?.name.en).toBe("Republic of Iraq");
    await store.remove(created._id);
    expect(store.$list.get().data.find((c) => c._id === created._id)).toBeUndefined();
    expect(api.calls.map((c) => c.method)).toEqual(expect.arrayContaining(["POST", "PATCH", "DELETE"]));
  });

  it("goes back a page when the last row of the last page is removed", async () => {
    const { store } = setup();
    await store.load();
    const last = Math.ceil(COUNTRIES.length / 10);
    await store.setPage(last);
    for (const row of [...store.$list.get().data]) await store.remove(row._id);
    expect(store.$query.get().page).toBe(last - 1);
    expect(store.$list.get().data).toHaveLength(10);
  });
});

describe("queryParams", () => {
  it("leaves out empty search, filters and an unset sort", () => {
    expect(queryParams({ page: 2, limit: 20, search: "  ", sort: null, order: "asc", filters: { countryId: "", travelMode: "Air" } })).toEqual({
      page: 2, limit: 20, travelMode: "Air",
    });
  });
});
