/** The home page's "recent events" box from the events (null: still loading). Drawn by the edge and by HomeEvents.tsx. */
import { CalendarDays } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import type { EventRecord } from "../../contract/events";
import type { Locale } from "../../shared/locales";
import { formatDate } from "../../shared/format";
import { eventHref } from "./event-links";

export const HOME_EVENTS_SHOWN = 5;

/**
 * The box itself, from the events (null: still loading); the edge draws it too, in the reader's time zone. An event
 * that speaks of a record links to it; `onOpen` (the island's) marks it read on the way.
 */
export function EventsBox({ events, locale, timeZone, onOpen }: {
  events: readonly EventRecord[] | null; locale: Locale; timeZone?: string; onOpen?: (event: EventRecord, href: string) => void;
}) {
  const t = useT();
  const when = { format: (date: string | Date) => formatDate(date, locale, { dateStyle: "short", timeStyle: "short", timeZone }) };
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="home-events-title" data-testid="home-events">
      <h2 id="home-events-title" className="flex items-center gap-2 text-xl font-bold">
        <CalendarDays size={24} aria-hidden="true" className="text-primary-600" />
        {t("events.recent")}
        <a className="ms-auto text-sm font-medium text-accent-600 underline-offset-4 hover:underline" href={`/${locale}/events/`} data-testid="all-events-link">{t("events.all")}</a>
      </h2>
      {events === null ? (
        <div className="flex flex-col gap-2 animate-pulse" aria-busy="true">
          <div className="h-4 w-2/3 rounded bg-[var(--border)]" />
          <div className="h-4 w-1/2 rounded bg-[var(--border)]" />
        </div>
      ) : events.length === 0 ? (
        <p className="muted text-sm">{t("events.empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-[var(--border)]" data-testid="home-events-list">
          {events.slice(0, HOME_EVENTS_SHOWN).map((event) => (
            <li key={event._id} className="flex items-start gap-2 py-2" data-testid="home-event">
              <span className={`mt-2 size-2 shrink-0 rounded-full ${event.seen ? "bg-transparent" : "bg-primary-600"}`} aria-hidden="true" />
              <div className="min-w-0">
                <p className={`text-sm break-words ${event.seen ? "" : "font-semibold"}`}>
                  <EventTitle event={event} href={eventHref(event, locale, "agency")} onOpen={onOpen} />
                </p>
                {event.message && <p className="muted text-sm break-words">{event.message}</p>}
                <time className="muted text-xs" dateTime={event.createdAt}>{when.format(new Date(event.createdAt))}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An event's title, as the link to its record when it has one; following it marks it read (a new tab leaves it). */
export function EventTitle({ event, href, onOpen, testId = "home-event-link" }: {
  event: EventRecord; href: string | null; onOpen?: (event: EventRecord, href: string) => void; testId?: string;
}) {
  if (!href) return <>{event.title}</>;
  return (
    <a
      href={href} className="underline-offset-4 hover:underline" data-testid={testId}
      onClick={(click) => {
        if (!onOpen || click.ctrlKey || click.metaKey || click.shiftKey || click.button !== 0) return;
        click.preventDefault();
        onOpen(event, href);
      }}
    >
      {event.title}
    </a>
  );
}
