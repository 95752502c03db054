/**
 * /admin/requests-list's list, apart from its components: the query the page's address asks for and the calls of
 * its filter pickers. The island (RequestsListPage) and the edge (src/admin/edge-pages.ts; issue 32) read the address
 * by these same rules, so the island's first call is the list the edge drew.
 */
import { DEFAULT_LIST_QUERY, queryParams, type ListQuery } from "../kit/list-query";
import { addressListQuery } from "../address-filters";
import { callPath } from "../../shared/call-path";
import { requestEndpoints } from "./api";

/** The list as it starts, newest request first. */
export const REQUESTS_BASE_QUERY: ListQuery = { ...DEFAULT_LIST_QUERY, sort: "createdAt", order: "desc" };
/** The dashboard links here with ?status=…, ?from=…&to=… (requests filed today); the pickers' choices are kept too. */
export const REQUEST_ADDRESS_FILTERS = ["status", "from", "to", "agentId", "countryId", "visaId"] as const;

/** The list the address asks for. */
export const requestsQueryFromSearch = (search: string): ListQuery => addressListQuery(REQUESTS_BASE_QUERY, search, REQUEST_ADDRESS_FILTERS);
export const requestsListCall = (query: ListQuery) => callPath(requestEndpoints.list, queryParams(query));
