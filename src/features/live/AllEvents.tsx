/**
 * /events (issue 27): every event addressed to the reader (the bell keeps the last 20), ten a page, searchable, read
 * and unread, written in the reader's language (events/all).
 */
import { withI18n } from "../../components/with-i18n";
import type { ListResponse } from "../../contract/common";
import type { EventRecord } from "../../contract/events";
import { api } from "../../lib/api";
import type { Locale } from "../../shared/locales";
import { openEvent } from "./api";
import { FeedPage } from "./FeedPage";
import { EVENTS_FEED, eventsListQuery, type FeedQuery } from "./feed-query";
import { EventFeedItem } from "./FeedItems";

const loadEvents = (query: FeedQuery) => api.get<ListResponse<EventRecord>>(EVENTS_FEED, { query: eventsListQuery(query) });

function AllEvents({ locale }: { locale: Locale }) {
  return (
    <FeedPage<EventRecord>
      name="events"
      load={loadEvents}
      markAll={() => api.patch("events/toggle-seen-many", undefined, { query: { seen: "true" } })}
      searchLabel="feed.searchEvents"
      emptyLabel="events.empty"
      renderItem={(event, reload) => (
        <EventFeedItem
          event={event}
          locale={locale}
          onOpen={(e, to) => void openEvent(e, to)}
          onToggle={() => api.patch(`events/${encodeURIComponent(event._id)}`, { seen: !event.seen }).then(reload)}
        />
      )}
    />
  );
}

export default withI18n(AllEvents);
