/**
 * The admin's translation queue (/admin/translation/requests) as an address: the status and page as the agency's list
 * reads them (orders-query.ts), and the search (?status=&search=&page=), with the `legal-translation/by-admin` call
 * they make. Plain functions, shared by the island (TranslationQueue.tsx) and the edge that draws the page
 * (src/admin/edge-pages.ts; issue 32), so both read the address alike and ask for the same page.
 */
import type { RequestStatusA } from "../../contract/requests";
import { orderFiltersFromSearch, orderSearchOf } from "../../features/translation/orders-query";
import { callPath } from "../../shared/call-path";

export const QUEUE_LIMIT = 20;
export const ADMIN_ORDERS = "legal-translation/by-admin";

export interface QueueQuery {
  status: RequestStatusA | "";
  search: string;
  page: number;
}

/** The query an address holds (an unknown status or page is ignored; the search is trimmed to what the API takes). */
export function queueQueryFromSearch(search: string): QueueQuery {
  const { status, page } = orderFiltersFromSearch(search);
  return { status, page, search: (new URLSearchParams(search).get("search") ?? "").trim().slice(0, 100) };
}

/** The address's query string for a queue query ("" for the plain address). */
export function queueSearchOf({ status, search, page }: QueueQuery): string {
  const query = new URLSearchParams(orderSearchOf({ status, page }));
  if (search.trim()) query.set("search", search.trim());
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The list call's query (what listAdminOrders sends). */
export const queueCallQuery = ({ status, search, page }: QueueQuery) => ({
  page, limit: QUEUE_LIMIT, ...(status ? { status } : {}), ...(search.trim() ? { search: search.trim() } : {}),
});

/** The list call (path and query) for a queue query, as the edge asks for it. */
export const queueCall = (query: QueueQuery) => callPath(ADMIN_ORDERS, queueCallQuery(query));
