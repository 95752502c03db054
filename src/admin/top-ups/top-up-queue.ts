/**
 * The office's top-up queue (/admin/top-ups) as an address: the status shown (?status=Approved, ?status=all; the
 * waiting ones when the address says nothing) and the calls it makes. Plain functions, shared by the island
 * (TopUpQueuePage.tsx) and the edge that draws the page (src/admin/edge-pages.ts; issue 32), so both read the address
 * alike and ask for the same requests.
 */
import { TOP_UP_STATUSES, type TopUpStatus } from "../../contract/credit";
import { callPath } from "../../shared/call-path";

export type TopUpFilter = TopUpStatus | "";
/** The filter's buttons, in order ("": every request). */
export const TOP_UP_FILTERS: readonly TopUpFilter[] = ["Pending", "Approved", "Rejected", ""];
export const INSTRUCTIONS_CALL = "settings/payment-instructions";

/** The status an address asks for (an unknown one reads as the default, the waiting requests). */
export function topUpFilterFromSearch(search: string): TopUpFilter {
  const asked = new URLSearchParams(search).get("status");
  if (asked === "all") return "";
  return (TOP_UP_STATUSES as readonly string[]).includes(asked ?? "") ? (asked as TopUpStatus) : "Pending";
}

/** The address's query string for a filter ("" for the default). */
export const topUpSearchOf = (status: TopUpFilter): string => (status === "Pending" ? "" : `?status=${status || "all"}`);

/** The list call (path and query) for a filter, as the island's HTTP client and the edge spell it. */
export const topUpQueueCall = (status: TopUpFilter) => callPath("top-up-requests", { limit: 50, ...(status ? { status } : {}) });
