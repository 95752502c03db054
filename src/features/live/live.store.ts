/**
 * What live messages change on a signed-in page (DESIGN §7, spec §4 and §9), as nanostores:
 * - a toast per message (spec §9: not closed on click, no close button, colour from data.color, default white) and a
 *   console log of it;
 * - the news list (spec §4 rules, news-list.ts), the bell's unseen count and recent events, the new-request flag
 *   (set on request.created, never reset: spec §4), and the header balance on balance events.
 * Components only render these stores; start.ts wires them to the sockets.
 */
import type { EventRecord, PushMessage } from "../../contract/events";
import { PUSH_DEFAULT_COLOR } from "../../shared/push";
import type { NewsItem } from "../../contract/news";
import { toast } from "../../lib/toast.store";
import { applyNewsChange, newsChangeOf } from "./news-list";
import { recordsChanged, topicsOf } from "../../lib/record-changes";

import { $liveBalance, $newRequest, $news, $recentEvents, $unseen } from "./live.atoms";

export { $liveBalance, $newRequest, $news, $recentEvents, $unseen };

export const RECENT_KEPT = 20;

function valueOf(message: PushMessage): Record<string, unknown> {
  try {
    const value = JSON.parse(message.data.value) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Messages applied without a toast: a news item going away is not news; an echo is the other side's event, sent so
 * this side's open pages of the record follow it (functions/services/events.ts echoOf), not news to this reader; a
 * quiet one is a traveller's own within a group action (the group's notice is the news).
 */
function silent(message: PushMessage, value: Record<string, unknown>): boolean {
  const news = value.news as { enabled?: boolean } | undefined;
  if (message.data.type === "thread.changed") return true;
  // A quiet message is a traveller's within a group action: the group's notice is the news.
  return value.echo === true || value.quiet === true || message.data.type === "news-feed.removed" || (message.data.type === "news-feed.updated" && news?.enabled !== true);
}

/** spec §9's foreground push toast. */
export function showPushToast(message: PushMessage): void {
  toast.show(message.notification.title, {
    description: message.notification.body || undefined,
    closeOnClick: false,
    color: message.data.color || PUSH_DEFAULT_COLOR,
    icon: message.notification.icon || undefined,
  });
}

/** An event row as the bell shows it, from a live message that carried one. */
function eventFrom(message: PushMessage, eventId: string): EventRecord {
  const now = new Date().toISOString();
  return {
    _id: eventId, type: message.data.type, audience: "agency", agentId: null, title: message.notification.title,
    message: message.notification.body, value: message.data.value, color: message.data.color || PUSH_DEFAULT_COLOR, seen: false,
    createdAt: now, updatedAt: now,
  };
}

export function addEvents(events: EventRecord[]): void {
  const known = $recentEvents.get() ?? [];
  const fresh = events.filter((e) => !known.some((k) => k._id === e._id));
  if (!fresh.length) return;
  $recentEvents.set([...fresh, ...known].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, RECENT_KEPT));
  $unseen.set(($unseen.get() ?? 0) + fresh.filter((e) => !e.seen).length);
}

/** Applies one live message to the page. */
export function handleMessage(message: PushMessage, options: { toast?: boolean } = {}): void {
  console.log("live message", message);
  const value = valueOf(message);
  const change = newsChangeOf(message.data.type);
  const news = $news.get();
  if (change && news && value.news) {
    // A broadcast item carries no reader's read mark: an edited item keeps the one this reader has.
    const item = value.news as NewsItem;
    const read = news.find((entry) => entry._id === item._id)?.read;
    $news.set(applyNewsChange(news, change, item.read === undefined && read !== undefined ? { ...item, read } : item));
  }
  if (message.data.type === "request.created" && value.echo !== true && value.quiet !== true) $newRequest.set(true);
  if (message.data.type === "balance.updated" && typeof value.balance === "number" && typeof value.currency === "string") {
    $liveBalance.set({ balance: value.balance, currency: value.currency });
  }
  if (typeof value.eventId === "string") addEvents([eventFrom(message, value.eventId)]);
  // The open pages that show the record read it again (issue 26): the toast and the page say the same.
  recordsChanged(topicsOf(message));
  if (options.toast !== false && !silent(message, value)) showPushToast(message);
}

/** Marks events seen locally (after the API agreed). */
export function markSeenLocally(ids: string[] | "all"): void {
  const events = $recentEvents.get() ?? [];
  const hit = events.filter((e) => !e.seen && (ids === "all" || ids.includes(e._id))).length;
  $recentEvents.set(events.map((e) => (ids === "all" || ids.includes(e._id) ? { ...e, seen: true } : e)));
  $unseen.set(ids === "all" ? 0 : Math.max(0, ($unseen.get() ?? 0) - hit));
}
