/**
 * The agency's translation orders (/translation/requests) as an address: the status filter and the page in the query
 * string (?status=&page=) and the `legal-translation/by-agent` call they make. Plain functions, shared by the island
 * and the edge that draws the page (functions/edge/views/translation.tsx), so both ask for the same answer.
 */
import type { RequestStatusA } from "../../contract/requests";
import { STATUSES_A } from "../../contract/translation-labels";
import { callPath } from "../../shared/call-path";

export const ORDERS_PAGE_SIZE = 20;

export interface OrderFilters {
  status: RequestStatusA | "";
  page: number;
  /**
   * One order the address opens (?order=<id>, where a bell entry or an event leads: issue 26): shown at the top of
   * the list and marked, wherever it is in the list's pages.
   */
  order?: string;
}

export const ALL_ORDERS: OrderFilters = { status: "", page: 1 };

/** Filters from an address's query string; an unknown status or a page that is not a whole number ≥ 1 is ignored. */
export function orderFiltersFromSearch(search: string): OrderFilters {
  const params = new URLSearchParams(search);
  const status = params.get("status") ?? "";
  const page = Number(params.get("page"));
  const order = params.get("order") ?? "";
  return {
    status: STATUSES_A.includes(status as RequestStatusA) ? (status as RequestStatusA) : "",
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
    ...(/^[0-9a-f-]{36}$/i.test(order) ? { order: order.toLowerCase() } : {}),
  };
}

/** The query string for a set of filters (defaults left out). */
export function orderSearchOf(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.page > 1) params.set("page", String(filters.page));
  if (filters.order) params.set("order", filters.order);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The list call's query (in the order the island's http client sends it). */
export const orderQueryOf = (filters: OrderFilters) => ({
  page: filters.page, limit: ORDERS_PAGE_SIZE, ...(filters.status ? { status: filters.status } : {}),
});

/** The call for the one order the address opens (`legal-translation/by-agent/{id}`). */
export const openedOrderPathOf = (id: string) => `legal-translation/by-agent/${encodeURIComponent(id)}`;

/** The `legal-translation/by-agent` call (path and query) for a set of filters. */
export function orderListPathOf(filters: OrderFilters): string {
  const query = orderQueryOf(filters);
  return callPath("legal-translation/by-agent", query);
}
