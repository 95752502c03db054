/**
 * The agency's request list (/requests): filters and the page live in the address (a reload, a shared link and Back
 * show the same list), the query sent to requests/agent-list follows them, the search waits for a pause, and an
 * export sends the same filters without paging.
 */
import { FetchError } from "ofetch";
import { cleanStores } from "nanostores";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RequestListResponse } from "../../src/contract/requests";
import * as api from "../../src/features/requests/api";
import * as download from "../../src/lib/download";
import {
  $filters, $list, $searchText, PAGE_SIZE, SEARCH_DEBOUNCE_MS, clearFilters, exportList, filtersFromSearch, goToPage, listQueryOf, searchOf,
  setDates, startList, toggleStatus, typeSearch,
} from "../../src/features/requests/list.store";

vi.mock("../../src/features/requests/api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../src/features/requests/api")>()),
  fetchAgentRequests: vi.fn(),
}));
vi.mock("../../src/lib/download", () => ({
  fetchFile: vi.fn(async (_path: string, _query: unknown, name: string) => ({ blob: new Blob(["x"]), name })),
  saveFile: vi.fn(),
}));
const fetchList = vi.mocked(api.fetchAgentRequests);

type HappyDOMWindow = { happyDOM: { setURL(url: string): void } };
const goTo = (path: string) => (window as unknown as HappyDOMWindow).happyDOM.setURL(`https://visa.example${path}`);
const answer = (total: number, page = 1): RequestListResponse =>
  ({ data: total ? [{ _id: `r${page}` }] : [], total, page, limit: PAGE_SIZE, counts: {} }) as unknown as RequestListResponse;

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, "debug").mockImplementation(() => {});
  fetchList.mockImplementation(async (query) => answer(95, query.page));
  goTo("/en/requests/");
});

afterEach(() => {
  vi.useRealTimers();
  cleanStores($filters, $list, $searchText);
});

describe("filters in the address", () => {
  it("reads them from the address and ignores what is not a filter", () => {
    expect(filtersFromSearch("?q=VR-2026&status=DocumentNeeded,Paid&from=2026-01-01&to=2026-12-31&page=3")).toEqual({
      search: "VR-2026", status: ["DocumentNeeded", "Paid"], from: "2026-01-01", to: "2026-12-31", page: 3,
    });
    expect(filtersFromSearch("?status=Lost,Paid,Paid&from=yesterday&page=-2")).toEqual({ search: "", status: ["Paid"], from: "", to: "", page: 1 });
  });

  it("writes only what is set, and the API query follows", () => {
    const filters = { search: "layla", status: ["Requested" as const], from: "", to: "2026-11-30", page: 2 };
    expect(searchOf(filters)).toBe("?q=layla&status=Requested&to=2026-11-30&page=2");
    expect(searchOf({ search: "", status: [], from: "", to: "", page: 1 })).toBe("");
    expect(listQueryOf(filters)).toEqual({ page: 2, limit: PAGE_SIZE, search: "layla", status: ["Requested"], to: "2026-11-30" });
  });

  it("opens on the address's filters and page", async () => {
    goTo("/en/requests/?status=Approved&page=4");
    await startList();
    expect(fetchList).toHaveBeenLastCalledWith({ page: 4, limit: PAGE_SIZE, status: ["Approved"] });
    expect($list.get().status).toBe("ready");
  });

  it("a filter change starts again at page 1 and replaces the address; a new page is a new history entry", async () => {
    await startList();
    const entries = history.length;
    await goToPage(3);
    expect(location.search).toBe("?page=3");
    expect(history.length).toBe(entries + 1);
    await toggleStatus("DocumentNeeded");
    expect(location.search).toBe("?status=DocumentNeeded");
    expect(history.length).toBe(entries + 1);
    await toggleStatus("CorrectionNeeded");
    await setDates("2026-11-01", "not a date");
    expect(location.search).toBe("?status=DocumentNeeded%2CCorrectionNeeded&from=2026-11-01");
    expect(fetchList).toHaveBeenLastCalledWith({ page: 1, limit: PAGE_SIZE, status: ["DocumentNeeded", "CorrectionNeeded"], from: "2026-11-01" });
    await toggleStatus("DocumentNeeded");
    expect($filters.get().status).toEqual(["CorrectionNeeded"]);
    await clearFilters();
    expect(location.search).toBe("");
  });

  it("searches after a pause in typing, once", async () => {
    await startList();
    vi.useFakeTimers();
    typeSearch("A12");
    typeSearch("A1234567");
    expect($searchText.get()).toBe("A1234567");
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(fetchList).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchList).toHaveBeenCalledTimes(2);
    expect(fetchList).toHaveBeenLastCalledWith({ page: 1, limit: PAGE_SIZE, search: "A1234567" });
    expect(location.search).toBe("?q=A1234567");
  });

  it("a page past the end (an old link) shows the last page instead", async () => {
    fetchList.mockImplementation(async (query) => (query.page > 2 ? { ...answer(25, query.page), data: [] } : answer(25, query.page)));
    goTo("/en/requests/?page=9");
    await startList();
    await vi.waitFor(() => expect($filters.get().page).toBe(2));
    expect(location.search).toBe("?page=2");
    expect($list.get().status).toBe("ready");
  });

  it("a failed load is an error state with the previous answer gone (the client has shown the notice)", async () => {
    fetchList.mockRejectedValueOnce(Object.assign(new FetchError("500"), { status: 500 }));
    await startList();
    expect($list.get()).toEqual({ status: "error" });
  });
});

describe("export", () => {
  it("sends the list's filters (not its page) in the chosen format", async () => {
    goTo("/en/requests/?status=Approved&q=layla&page=3");
    await startList();
    await exportList("xlsx");
    expect(download.fetchFile).toHaveBeenCalledWith("requests/export-agent-list/xlsx", { search: "layla", status: "Approved" }, expect.stringMatching(/^visa-requests-\d{4}-\d{2}-\d{2}\.xlsx$/));
    expect(download.saveFile).toHaveBeenCalledTimes(1);
  });
});
