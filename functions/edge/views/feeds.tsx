/**
 * /news and /events drawn by the edge (issue 32): their lists came with an island after paint, and a list item was the
 * page's largest paint at 3.4-6.4 s on a phone. The address's page of items (search, read filter and page as the
 * island reads them), in the reader's language and time zone; the island comes when the reader reaches for a control.
 */
import type { ListResponse } from "../../../src/contract/common";
import type { EventRecord } from "../../../src/contract/events";
import type { NewsItem } from "../../../src/contract/news";
import type { ReactElement } from "react";
import { eventsFeedCall, feedQueryFromSearch, newsFeedCall, type FeedQuery } from "../../../src/features/live/feed-query";
import { EventFeedItem, NewsFeedItem } from "../../../src/features/live/FeedItems";
import { FeedPageView } from "../../../src/features/live/FeedPageView";
import type { Locale } from "../../../src/shared/locales";
import type { EdgeView, ViewRegistry } from "./view";

/** The page's own message prefixes (news.astro, events.astro give the island the same). */
const MESSAGES = ["events", "feed", "news", "ui"];

/** A feed page's view: its list call for the address, its labels, and how one item is drawn. */
function feedView<T extends { _id: string }>(
  name: string, call: (query: FeedQuery) => string, labels: { search: string; empty: string },
  item: (record: T, locale: Locale, timeZone: string) => ReactElement,
): EdgeView {
  return {
    calls: (url) => [call(feedQueryFromSearch(url.search))],
    messages: MESSAGES,
    zoned: true,
    render: ([list], { locale, timeZone, url }) => (
      <FeedPageView<T>
        name={name}
        query={feedQueryFromSearch(url.search)}
        list={list as ListResponse<T>}
        searchLabel={labels.search}
        emptyLabel={labels.empty}
        renderItem={(record) => item(record, locale, timeZone)}
      />
    ),
  };
}

const views: Record<string, EdgeView> = {
  "all-news": feedView<NewsItem>("news", newsFeedCall, { search: "feed.searchNews", empty: "feed.noNews" }, (item, locale, timeZone) => (
    <NewsFeedItem item={item} locale={locale} timeZone={timeZone} />
  )),
  "all-events": feedView<EventRecord>("events", eventsFeedCall, { search: "feed.searchEvents", empty: "events.empty" }, (event, locale, timeZone) => (
    <EventFeedItem event={event} locale={locale} timeZone={timeZone} />
  )),
};

const routes: Record<string, readonly string[]> = { news: ["all-news"], events: ["all-events"] };

export const feedViews: ViewRegistry = { views, routes };
