/**
 * /news and /events as addresses (issue 27): the page, search and read filter in the query string (?search=&show=&page=)
 * and the list calls they make. Plain functions, shared by the island (FeedPage.tsx) and the edge that draws the page
 * (functions/edge/views/feeds.tsx; issue 32), so both read the address alike and ask for the same list.
 */
import { callPath } from "../../shared/call-path";

export type ReadFilter = "" | "unread" | "read";
export const FEED_PAGE_SIZE = 10;

export interface FeedQuery {
  page: number;
  search: string;
  filter: ReadFilter;
}

/** The query an address holds (values it never writes are ignored). */
export function feedQueryFromSearch(search: string): FeedQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get("page"));
  const filter = params.get("show");
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    search: params.get("search") ?? "",
    filter: filter === "unread" || filter === "read" ? filter : "",
  };
}

/** The query string of a feed query (defaults left out; "" for the plain address). */
export function feedSearchOf(query: FeedQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.filter) params.set("show", query.filter);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The list call's query: news items are read or not (`read`), events seen or not (`seen`). */
const listQuery = ({ page, search, filter }: FeedQuery, readParam: "read" | "seen") => ({
  page,
  limit: FEED_PAGE_SIZE,
  ...(search && { search }),
  ...(filter && { [readParam]: filter === "read" ? "true" : "false" }),
});

export const newsListQuery = (query: FeedQuery) => listQuery(query, "read");
export const eventsListQuery = (query: FeedQuery) => listQuery(query, "seen");
export const NEWS_FEED = "news-feed";
export const EVENTS_FEED = "events/all";
/** The calls (path and query) the edge makes for an address's list. */
export const newsFeedCall = (query: FeedQuery) => callPath(NEWS_FEED, newsListQuery(query));
export const eventsFeedCall = (query: FeedQuery) => callPath(EVENTS_FEED, eventsListQuery(query));
