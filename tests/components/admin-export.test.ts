import { describe, expect, it } from "vitest";
import { exportParams, fetchExport, fileNameOf } from "../../src/admin/kit/export";
import { createResourceStore } from "../../src/admin/kit/resource.store";
import { FakeRoutes } from "./money-requests-fake";

describe("exports of a list (DESIGN §4)", () => {
  it("reads the API's file name, RFC 6266 filename* first", () => {
    expect(fileNameOf(`attachment; filename="requests-2026-11-23.csv"; filename*=UTF-8''%D8%B7%D9%84%D8%A8%D8%A7%D8%AA-2026-11-23.csv`)).toBe("طلبات-2026-11-23.csv");
    expect(fileNameOf(`attachment; filename="ledger-2026-11-23.xlsx"`)).toBe("ledger-2026-11-23.xlsx");
    expect(fileNameOf(null)).toBeNull();
  });

  it("sends the list's own filters and search without paging, and keeps the file's bytes and name", async () => {
    const api = new FakeRoutes();
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62]);
    api.on("GET", "requests/export-list/csv", () =>
      new Response(bytes, { status: 200, headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="requests-2026-11-23.csv"` } }),
    );
    const { http } = api.client();
    const store = createResourceStore({ endpoints: { list: "requests/list", one: String, create: "", update: String, remove: String }, http, query: { sort: "createdAt", order: "desc", page: 3 } });
    store.$query.set({ ...store.$query.get(), search: "VR-2026", filters: { status: "Requested", countryId: "", from: "2026-11-01" } });
    const file = await fetchExport("requests/export-list/csv", exportParams(store.$query.get()), "csv", "requests", http);
    expect(api.calls[0]!.query).toEqual({ search: "VR-2026", sort: "createdAt", order: "desc", status: "Requested", from: "2026-11-01" });
    expect(file.name).toBe("requests-2026-11-23.csv");
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes);
  });

  it("names the file itself when the API sends no name", async () => {
    const api = new FakeRoutes();
    api.on("GET", "transactions/exportAllByAgent/pdf", () => new Response("%PDF-1.7", { status: 200, headers: { "Content-Type": "application/pdf" } }));
    const file = await fetchExport("transactions/exportAllByAgent/pdf", {}, "pdf", "statement", api.client().http);
    expect(file.name).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.pdf$/);
  });
});
