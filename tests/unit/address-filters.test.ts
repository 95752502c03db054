import { describe, expect, it } from "vitest";
import { filtersFromAddress, listPartsFromAddress } from "../../src/admin/address-filters";

describe("list filters from the page address (dashboard links)", () => {
  it("takes the named filters, turns from/to=today into today's UTC date, and ignores the rest", () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(filtersFromAddress("?status=InProcess&from=today&to=today&page=3&evil=1", ["status", "from", "to"])).toEqual({ status: "InProcess", from: today, to: today });
    expect(filtersFromAddress("?from=2026-11-01&status=", ["status", "from"])).toEqual({ from: "2026-11-01" });
  });

  it("maps other parameters through the page's aliases", () => {
    const aliases = (p: URLSearchParams): Record<string, string> => (p.get("pending") === "1" ? { state: "pending" } : {});
    expect(filtersFromAddress("?pending=1", ["groupId"], aliases)).toEqual({ state: "pending" });
    expect(filtersFromAddress("", ["groupId"], aliases)).toEqual({});
  });
});

describe("the page, size and search of the address (admin lists with their own stores)", () => {
  it("takes what a list holds and nothing else", () => {
    expect(listPartsFromAddress("?page=3&limit=50&search=%20sunrise%20")).toEqual({ page: 3, limit: 50, search: "sunrise" });
    expect(listPartsFromAddress("?page=0&limit=7&search=")).toEqual({});
    expect(listPartsFromAddress("?page=1e3&limit=-20")).toEqual({});
    expect(listPartsFromAddress("")).toEqual({});
  });
});
