/** Calls of the live feature: events (the bell, the home box) and the news feed (the home list). */
import type { ListResponse } from "../../contract/common";
import type { EventList, EventRecord } from "../../contract/events";
import type { NewsItem } from "../../contract/news";
import { api } from "../../lib/api";

export const EVENTS_SHOWN = 10;
export const NEWS_SHOWN = 10;

/**
 * The reader's latest events (admins: those addressed to admins) and the unseen count; `since` asks for what was missed.
 * Quiet: these calls run in the background (also while the server is unreachable, before a reconnect), so a failure
 * shows no error notice; an error toast there would load the toaster's chunk from a server that is down, and that
 * failed chunk load reloads the page onto the browser's error page.
 */
export const fetchEvents = (options: { admin: boolean; since?: string; limit?: number }) =>
  api.get<EventList>("events/all", {
    notify: false,
    query: { limit: options.limit ?? EVENTS_SHOWN, ...(options.admin ? { audience: "admins" } : {}), ...(options.since ? { since: options.since } : {}) },
  });

export const toggleEventSeen = (id: string) => api.patch<EventRecord>(`events/toggle-seen/${encodeURIComponent(id)}`);

/** Marks one event read (opening it reads it); quiet like the bell's other calls. */
export const markEventSeen = (id: string) => api.patch<EventRecord>(`events/${encodeURIComponent(id)}`, { seen: true }, { notify: false });

/**
 * Opens the record an event speaks of, marking the event read first (briefly waited for: the page it opens counts
 * unread events itself), so the bell and the lists say "read" for what the reader has opened.
 */
export async function openEvent(event: Pick<EventRecord, "_id" | "seen">, href: string): Promise<void> {
  if (!event.seen) await Promise.race([markEventSeen(event._id).catch(() => undefined), new Promise((done) => setTimeout(done, 800))]);
  location.assign(href);
}

export const markAllEventsSeen = () => api.patch<{ updated: number; unseen: number }>("events/toggle-seen-many", undefined, { query: { seen: "true" } });

export const fetchNews = (limit = NEWS_SHOWN) => api.get<ListResponse<NewsItem>>("news-feed", { query: { limit } });

/** Marks the listed news items read (or unread with `read: false`); without ids, every item read (issue 27). */
export const markNewsRead = (ids: readonly string[] | undefined, read = true) => api.post("news-feed/mark-read", { ...(ids && { ids }), read });
