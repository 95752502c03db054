import { describe, expect, it } from "vitest";
import { isDay, listQueryFromSearch, listSearchOf } from "../../src/admin/kit/list-query";
import { historyQueryFromSearch, ledgerPageHref, ledgerQuery, statementQueryFromSearch } from "../../src/features/wallet/ledger";

describe("a list's state in the address", () => {
  it("reads the filters, search, page and page size a list allows, and nothing else", () => {
    const query = historyQueryFromSearch("?type=TopUp&direction=Incoming&from=2026-11-01&to=2026-11-30&search=%20visa%20&page=3&limit=20&sort=amount&evil=1", 50);
    expect(query).toEqual({ ...ledgerQuery(50), page: 3, limit: 20, search: "visa", filters: { type: "TopUp", direction: "Incoming", from: "2026-11-01", to: "2026-11-30" } });
  });

  it("ignores values a user could type but the list never holds", () => {
    for (const search of ["?type=topup", "?type=<script>", "?direction=Up", "?from=2026-02-30", "?to=yesterday", "?page=0", "?page=-2", "?page=1e3", "?page=0x10", "?page=9999999", "?limit=7", "?limit=", "?%E0%A4%A=1"]) {
      expect(historyQueryFromSearch(search, 50), search).toEqual(ledgerQuery(50));
    }
  });

  it("the statement takes no direction and no search (it shows no control for them)", () => {
    expect(statementQueryFromSearch("?direction=Incoming&search=fee&type=Refund")).toEqual({ ...ledgerQuery(20), filters: { type: "Refund" } });
  });

  it("writes only what differs from the list's first query, and reads back what it wrote", () => {
    const base = ledgerQuery(50);
    expect(listSearchOf(base, base)).toBe("");
    const query = { ...base, page: 2, search: "fee 10%", filters: { type: "Order", direction: "", from: "2026-01-31" } };
    const search = listSearchOf(query, base);
    expect(search).toBe("?search=fee+10%25&type=Order&from=2026-01-31&page=2");
    expect(historyQueryFromSearch(search, 50)).toEqual({ ...query, filters: { type: "Order", from: "2026-01-31" } });
    // The pager's links keep the filters; page 1 is the plain address.
    expect(ledgerPageHref(query, 50)(3)).toBe("?search=fee+10%25&type=Order&from=2026-01-31&page=3");
    expect(ledgerPageHref(base, 50)(1)).toBe(""); // the plain address (the pager links it as "?")
  });

  it("isDay: real calendar days only", () => {
    expect(isDay("2028-02-29")).toBe(true);
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay("2026-1-01")).toBe(false);
    expect(isDay("")).toBe(false);
  });

  it("a list without rules for a filter keeps its own first filters", () => {
    const base = { ...ledgerQuery(20), filters: { status: "Open" } };
    expect(listQueryFromSearch("?status=Closed", base, { filters: {} }).filters).toEqual({ status: "Open" });
  });
});
