import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { countries } from "../../src/admin/countries/countries.resource";
import { ResourceTable, createResourceStore, catalogueEndpoints } from "../../src/admin/kit";
import type { Country } from "../../src/contract/catalogue";
import type { Locale } from "../../src/shared/locales";
import ar from "../../locales/ar.json";
import en from "../../locales/en.json";
import { COUNTRIES, fakeCountries } from "./admin-countries-fixture";
import { usePageMessages } from "./page-messages";

afterEach(() => cleanup());

/** happy-dom's own control of the window: its size, as a resized window or a phone would have it. */
const setWidth = (width: number) => (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM.setViewport({ width, height: 800 });

function renderTable(locale: Locale = "en", setup?: (api: ReturnType<typeof fakeCountries>) => void) {
  const api = fakeCountries();
  setup?.(api);
  const { http } = api.client();
  const store = createResourceStore<Country>({ endpoints: catalogueEndpoints("countries"), http, query: { limit: 10, sort: "name.en", order: "asc" }, searchDelay: 10 });
  usePageMessages(locale, "admin/countries", "view:admin-countries");
  render(
    <ResourceTable
      store={store}
      columns={countries.columns}
      caption="Countries"
      searchLabel={countries.labels.search}
      emptyLabel={countries.labels.empty}
      filters={countries.filters}
      rowActions={(row) => <button type="button" aria-label={`Edit ${row.name.en}`}>✎</button>}
    />
  );
  return { api, store };
}

const grid = () => screen.getByTestId("resource-table-grid");
// The first cell's visible name, without the flag (hidden from assistive technology: the name says the country).
const rowNames = () =>
  within(grid()).queryAllByTestId("table-row").map((row) => {
    const cell = row.querySelector("td")?.cloneNode(true) as HTMLElement | undefined;
    cell?.querySelectorAll("[aria-hidden]").forEach((node) => node.remove());
    return (cell?.textContent ?? "").trim();
  });

describe("resource table", () => {
  it("holds the layout with skeleton rows until the first page arrives", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    renderTable("en", (api) => (api.hold = () => held));
    expect(within(grid()).getAllByTestId("skeleton-row")).toHaveLength(5);
    expect(screen.getByTestId("resource-table").getAttribute("aria-busy")).toBe("true");
    await act(async () => release());
    await waitFor(() => expect(within(grid()).getAllByTestId("table-row")).toHaveLength(10));
    expect(within(grid()).queryAllByTestId("skeleton-row")).toHaveLength(0);
    // Only the layout the screen shows is drawn: the table from md up (happy-dom's window is 1024 px wide)…
    expect(screen.queryByTestId("resource-table-cards")).toBeNull();
  });

  it("shows the rows as cards below md, and switches live when the window crosses md", async () => {
    const cards = () => within(screen.getByTestId("resource-table-cards")).getAllByTestId("table-card");
    // A phone-sized window from the start (happy-dom's matchMedia reports a change only after its first match).
    setWidth(390);
    try {
      renderTable();
      await waitFor(() => expect(cards()).toHaveLength(10));
      expect(screen.queryByTestId("resource-table-grid")).toBeNull();
      const firstCard = cards()[0]!.textContent;
      act(() => setWidth(1024));
      expect(within(grid()).getAllByTestId("table-row")).toHaveLength(10);
      expect(firstCard).toContain(rowNames()[0]);
      expect(screen.queryByTestId("resource-table-cards")).toBeNull();
      act(() => setWidth(390));
      expect(cards()).toHaveLength(10);
      expect(screen.queryByTestId("resource-table-grid")).toBeNull();
    } finally {
      setWidth(1024);
    }
  });

  it("sorts with the column header buttons and says so with aria-sort", async () => {
    const { api } = renderTable();
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    const header = within(grid()).getByTestId("sort-code");
    expect(header.getAttribute("aria-sort")).toBe("none");
    const button = within(header).getByRole("button", { name: /Country code/ });
    expect(button.getAttribute("title")).toBe("Sort by Country code");
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(header.getAttribute("aria-sort")).toBe("ascending"));
    const codes = () => within(grid()).getAllByTestId("table-row").map((row) => row.querySelectorAll("td")[1]?.textContent);
    expect(codes()).toEqual([...COUNTRIES.map((c) => c.code)].sort().slice(0, 10));
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(header.getAttribute("aria-sort")).toBe("descending"));
    expect(codes()).toEqual([...COUNTRIES.map((c) => c.code)].sort().reverse().slice(0, 10));
    expect(api.listCalls().at(-1)).toMatchObject({ sort: "code", order: "desc", page: "1" });
  });

  it("sorts localized names in the page's language", async () => {
    const { api } = renderTable("ar");
    await waitFor(() => expect(within(grid()).getAllByTestId("table-row")).toHaveLength(10));
    await act(async () => fireEvent.click(within(within(grid()).getByTestId("sort-name")).getByRole("button")));
    await waitFor(() => expect(api.listCalls().at(-1)).toMatchObject({ sort: "name.ar", order: "asc" }));
  });

  it("pages with numbers in the page's language", async () => {
    renderTable("ar");
    await waitFor(() => expect(within(grid()).getAllByTestId("table-row")).toHaveLength(10));
    expect(screen.getByTestId("pagination-range").textContent).toBe(ar["ui.range"].replace("{{from}}", "١").replace("{{to}}", "١٠").replace("{{total}}", "٢٥"));
    await act(async () => fireEvent.click(screen.getByTestId("page-next")));
    await waitFor(() => expect(screen.getByTestId("pagination-range").textContent).toContain("١١–٢٠"));
    expect(screen.getByTestId("page-next").hasAttribute("disabled")).toBe(false);
    await act(async () => fireEvent.click(screen.getByTestId("page-next")));
    await waitFor(() => expect(within(grid()).getAllByTestId("table-row")).toHaveLength(5));
    expect(screen.getByTestId("page-next").hasAttribute("disabled")).toBe(true);
  });

  it("searches after typing pauses and shows 'nothing matches' for no result", async () => {
    const { api } = renderTable();
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    fireEvent.change(screen.getByTestId("search"), { target: { value: "land" } });
    await waitFor(() => expect(api.listCalls().at(-1)?.search).toBe("land"));
    await waitFor(() => expect(rowNames().sort()).toEqual(["Netherlands", "Thailand"]));
    fireEvent.change(screen.getByTestId("search"), { target: { value: "zzz" } });
    await waitFor(() => expect(screen.getByTestId("table-empty").textContent).toContain(en["kit.noResults"]));
  });

  it("filters with a select", async () => {
    const { api } = renderTable();
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    fireEvent.change(screen.getByTestId("filter-enabled"), { target: { value: "false" } });
    await waitFor(() => expect(api.listCalls().at(-1)).toMatchObject({ enabled: "false" }));
    await waitFor(() => expect(rowNames()).toHaveLength(COUNTRIES.filter((c) => !c.enabled).length));
  });

  it("shows an error with a retry that loads again", async () => {
    const failure = { status: 503, body: { statusCode: 503, message: "Service Unavailable", code: "UNAVAILABLE" } };
    renderTable("en", (api) => api.forced.push(failure, failure));
    const alert = await screen.findByTestId("table-error");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toContain(en["kit.loadFailed"]);
    await act(async () => fireEvent.click(screen.getByTestId("table-retry")));
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(screen.queryByTestId("table-error")).toBeNull();
  });

  it("offers each row's actions as named buttons", async () => {
    renderTable();
    await waitFor(() => expect(rowNames()).toHaveLength(10));
    expect(within(grid()).getByRole("button", { name: "Edit Armenia" })).toBeTruthy();
  });
});
