/**
 * One news item and one event as /news and /events show them (issue 27), from props only: the island gives them their
 * handlers, the edge draws them in the reader's time zone with none (functions/edge/views/feeds.tsx; issue 32).
 */
import type { EventRecord } from "../../contract/events";
import type { NewsItem } from "../../contract/news";
import { useT } from "../../lib/i18n";
import { formatDate } from "../../shared/format";
import type { Locale } from "../../shared/locales";
import { eventHref } from "./event-links";
import { EventTitle } from "./EventsBox";
import { NEWS_BODY_CLASS } from "./NewsBox";
import { ReadToggle, UnreadMark } from "./ReadMarks";

export function NewsFeedItem({ item, locale, timeZone, onToggle }: {
  item: NewsItem; locale: Locale; timeZone?: string; onToggle?: () => Promise<unknown>;
}) {
  return (
    <article className="flex flex-col gap-1" data-testid="all-news-item" data-read={item.read ? "true" : "false"}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className={`text-lg ${item.read ? "font-medium" : "font-bold"}`}>
          <UnreadMark read={Boolean(item.read)} />
          {item.title[locale] || item.title.en}
        </h2>
        <ReadToggle read={Boolean(item.read)} onToggle={onToggle} testId="news-read-toggle" />
      </div>
      <time className="muted text-xs" dateTime={item.createdAt}>{formatDate(item.createdAt, locale, { dateStyle: "medium", timeZone })}</time>
      <div className={NEWS_BODY_CLASS} dangerouslySetInnerHTML={{ __html: item.message[locale] || item.message.en }} />
    </article>
  );
}

export function EventFeedItem({ event, locale, timeZone, onOpen, onToggle }: {
  event: EventRecord; locale: Locale; timeZone?: string; onOpen?: (event: EventRecord, href: string) => void; onToggle?: () => Promise<unknown>;
}) {
  const t = useT();
  return (
    <article className="flex flex-wrap items-start justify-between gap-2" data-testid="all-events-item" data-read={event.seen ? "true" : "false"}>
      <div className="min-w-0 flex-1">
        <h2 className={event.seen ? "font-medium" : "font-bold"}>
          {!event.seen && <span className="me-2 inline-block size-2 rounded-full bg-primary-600 align-middle" aria-hidden="true" />}
          <EventTitle event={event} href={eventHref(event, locale, "agency")} onOpen={onOpen} testId="event-link" />
          {!event.seen && <span className="sr-only"> ({t("feed.unread")})</span>}
        </h2>
        {event.message && <p className="muted text-sm break-words">{event.message}</p>}
        <time className="muted text-xs" dateTime={event.createdAt}>{formatDate(event.createdAt, locale, { dateStyle: "medium", timeStyle: "short", timeZone })}</time>
      </div>
      <ReadToggle read={event.seen} onToggle={onToggle} testId="event-read-toggle" />
    </article>
  );
}
