/**
 * /events (issue 27): every event addressed to the reader (the bell keeps the last 20), ten a page, searchable, read
 * and unread, written in the reader's language (events/all).
 */
import { withI18n } from "../../components/with-i18n";
import { formatDate } from "../../components/ui";
import type { ListResponse } from "../../contract/common";
import type { EventRecord } from "../../contract/events";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { openEvent } from "./api";
import { eventHref } from "./event-links";
import { EventTitle } from "./EventsBox";
import { FEED_PAGE_SIZE, FeedPage, type FeedQuery } from "./FeedPage";
import { ReadToggle } from "./ReadMarks";

const loadEvents = ({ page, search, filter }: FeedQuery) =>
  api.get<ListResponse<EventRecord>>("events/all", {
    query: { page, limit: FEED_PAGE_SIZE, ...(search && { search }), ...(filter && { seen: filter === "read" ? "true" : "false" }) },
  });

function AllEvents({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <FeedPage<EventRecord>
      name="events"
      load={loadEvents}
      markAll={() => api.patch("events/toggle-seen-many", undefined, { query: { seen: "true" } })}
      searchLabel="feed.searchEvents"
      emptyLabel="events.empty"
      renderItem={(event, reload) => (
        <article className="flex flex-wrap items-start justify-between gap-2" data-testid="all-events-item" data-read={event.seen ? "true" : "false"}>
          <div className="min-w-0 flex-1">
            <h2 className={event.seen ? "font-medium" : "font-bold"}>
              {!event.seen && <span className="me-2 inline-block size-2 rounded-full bg-primary-600 align-middle" aria-hidden="true" />}
              <EventTitle event={event} href={eventHref(event, locale, "agency")} onOpen={(e, to) => void openEvent(e, to)} testId="event-link" />
              {!event.seen && <span className="sr-only"> ({t("feed.unread")})</span>}
            </h2>
            {event.message && <p className="muted text-sm break-words">{event.message}</p>}
            <time className="muted text-xs" dateTime={event.createdAt}>{formatDate(event.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</time>
          </div>
          <ReadToggle read={event.seen} onToggle={() => api.patch(`events/${encodeURIComponent(event._id)}`, { seen: !event.seen }).then(reload)} testId="event-read-toggle" />
        </article>
      )}
    />
  );
}

export default withI18n(AllEvents);
