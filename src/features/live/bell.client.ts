/**
 * Fills the bell of the layout (LiveBell.astro) from the live stores, without React: the unseen count, the list of
 * recent events (newest first, unseen ones marked), marking one or all seen, and the admins' new-request flag.
 * An entry that speaks of a record opens it (event-links.ts) and is read from then on (issue 26 item 4).
 */
import type { EventRecord } from "../../contract/events";
import { markAllEventsSeen, openEvent, toggleEventSeen } from "./api";
import { eventHref, type EventSide } from "./event-links";
import { formatDate, formatNumber } from "../../shared/format";
import { $newRequest, $recentEvents, $unseen, markSeenLocally } from "./live.store";

/** The page's locale (<html data-locale>): its digits and dates, as the rest of the page writes them. */
const locale = () => document.documentElement.dataset.locale || "en";

function formatUnseen(count: number): string {
  return formatNumber(count > 99 ? 99 : count, locale()) + (count > 99 ? "+" : "");
}

function formatWhen(iso: string): string {
  return formatDate(iso, locale(), { dateStyle: "short", timeStyle: "short" });
}

interface Labels { seen: string; unseen: string; read: string; unread: string; side: EventSide }

function item(event: EventRecord, labels: Labels): HTMLLIElement {
  const li = document.createElement("li");
  // Unread entries stand out (tinted, a dot, bold); read ones do not: marking as read changes what the panel shows.
  li.className = `px-3 py-2 flex items-start gap-2 border-b border-[var(--border)] last:border-b-0 ${event.seen ? "" : "bg-primary-500/10"}`;
  li.dataset.testid = "live-event";
  li.dataset.seen = String(event.seen);
  const dot = document.createElement("span");
  dot.className = `mt-2 size-2 shrink-0 rounded-full ${event.seen ? "bg-transparent" : "bg-primary-600"}`;
  dot.setAttribute("aria-hidden", "true");
  const body = document.createElement("div");
  body.className = "min-w-0 flex-1";
  const href = eventHref(event, locale(), labels.side);
  const title = document.createElement(href ? "a" : "p");
  title.className = `block text-sm break-words ${event.seen ? "" : "font-semibold"} ${href ? "underline-offset-4 hover:underline" : ""}`;
  title.textContent = event.title;
  if (href && title instanceof HTMLAnchorElement) {
    title.href = href;
    title.dataset.testid = "live-event-link";
    title.addEventListener("click", (click) => {
      if (click.ctrlKey || click.metaKey || click.shiftKey || click.button !== 0) return;
      click.preventDefault();
      void openEvent(event, href);
    });
  }
  // Said, not only shown: a screen reader hears which entries are new.
  const state = document.createElement("span");
  state.className = "sr-only";
  state.textContent = ` (${event.seen ? labels.read : labels.unread})`;
  title.append(state);
  body.append(title);
  if (event.message) {
    const text = document.createElement("p");
    text.className = "muted text-sm break-words";
    text.textContent = event.message;
    body.append(text);
  }
  const when = document.createElement("time");
  when.className = "muted text-xs";
  when.dateTime = event.createdAt;
  when.textContent = formatWhen(event.createdAt);
  body.append(when);
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "btn-icon size-8 text-xs shrink-0";
  toggle.dataset.testid = "live-event-toggle";
  const glyph = document.createElement("span");
  glyph.setAttribute("aria-hidden", "true");
  glyph.textContent = event.seen ? "○" : "●";
  toggle.append(glyph);
  toggle.title = event.seen ? labels.unseen : labels.seen;
  toggle.setAttribute("aria-label", `${event.seen ? labels.unseen : labels.seen}: ${event.title}`);
  toggle.addEventListener("click", () => {
    void toggleEventSeen(event._id).then((updated) => {
      if (updated.seen) markSeenLocally([event._id]);
      else {
        $recentEvents.set(($recentEvents.get() ?? []).map((e) => (e._id === event._id ? { ...e, seen: false } : e)));
        $unseen.set(($unseen.get() ?? 0) + 1);
      }
    }, () => undefined);
  });
  li.append(dot, body, toggle);
  return li;
}

export function setupBell(): () => void {
  const root = document.querySelector<HTMLElement>("[data-live-bell]");
  if (!root) return () => undefined;
  root.hidden = false;
  const badge = root.querySelector<HTMLElement>("[data-live-unseen]")!;
  const list = document.querySelector<HTMLElement>("[data-live-list]");
  const empty = document.querySelector<HTMLElement>("[data-live-empty]");
  const flag = root.querySelector<HTMLElement>("[data-live-new-request]");
  const labels: Labels = {
    seen: list?.dataset.seenLabel ?? "", unseen: list?.dataset.unseenLabel ?? "", read: list?.dataset.readLabel ?? "",
    unread: list?.dataset.unreadLabel ?? "", side: list?.dataset.side === "admin" ? "admin" : "agency",
  };

  document.querySelector("[data-live-mark-all]")?.addEventListener("click", () => {
    void markAllEventsSeen().then(() => markSeenLocally("all"), () => undefined);
  });

  const stops = [
    $unseen.subscribe((count) => {
      badge.hidden = !count;
      badge.textContent = count ? formatUnseen(count) : "";
    }),
    $recentEvents.subscribe((events) => {
      if (!list || !empty) return;
      list.replaceChildren(...(events ?? []).map((e) => item(e, labels)));
      empty.hidden = Boolean(events?.length);
    }),
    $newRequest.subscribe((isNew) => {
      if (flag) flag.hidden = !isNew;
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
