/**
 * /news and /events drawn by the edge (issue 32): their lists came with an island after paint, and a list item was the
 * page's largest paint at 3.4-6.4 s on a phone. The address's page of items (search, read filter and page as the
 * island reads them), in the reader's language and time zone; the island comes when the reader reaches for a control.
 */
import type { ListResponse } from "../../../src/contract/common";
import type { EventRecord } from "../../../src/contract/events";
import type { NewsItem } from "../../../src/contract/news";
import { eventsFeedCall, feedQueryFromSearch, newsFeedCall } from "../../../src/features/live/feed-query";
import { EventFeedItem, NewsFeedItem } from "../../../src/features/live/FeedItems";
import { FeedPageView } from "../../../src/features/live/FeedPageView";
import type { EdgeView, ViewRegistry } from "./view";

/** The page's own message prefixes (news.astro, events.astro give the island the same). */
const MESSAGES = ["events", "feed", "news", "ui"];

const views: Record<string, EdgeView> = {
  "all-news": {
    calls: (url) => [newsFeedCall(feedQueryFromSearch(url.search))],
    messages: MESSAGES,
    zoned: true,
    render: ([list], { locale, timeZone, url }) => (
      <FeedPageView<NewsItem>
        name="news"
        query={feedQueryFromSearch(url.search)}
        list={list as ListResponse<NewsItem>}
        searchLabel="feed.searchNews"
        emptyLabel="feed.noNews"
        renderItem={(item) => <NewsFeedItem item={item} locale={locale} timeZone={timeZone} />}
      />
    ),
  },
  "all-events": {
    calls: (url) => [eventsFeedCall(feedQueryFromSearch(url.search))],
    messages: MESSAGES,
    zoned: true,
    render: ([list], { locale, timeZone, url }) => (
      <FeedPageView<EventRecord>
        name="events"
        query={feedQueryFromSearch(url.search)}
        list={list as ListResponse<EventRecord>}
        searchLabel="feed.searchEvents"
        emptyLabel="events.empty"
        renderItem={(event) => <EventFeedItem event={event} locale={locale} timeZone={timeZone} />}
      />
    ),
  },
};

const routes: Record<string, readonly string[]> = { news: ["all-news"], events: ["all-events"] };

export const feedViews: ViewRegistry = { views, routes };
