/**
 * Starts live delivery on a signed-in page (loaded by the boot script only when a session exists, so login pages
 * carry none of it): the bell, the sockets of the reader's audiences, catching up after a reconnect (events/all
 * since the newest known event; the news list reloaded), and the header balance on balance events.
 */
import { renderAccount } from "../../components/AccountMenu.client";
import type { EventRecord } from "../../contract/events";
import { readCookie } from "../../lib/cookies";
import { AUTH_COOKIES, sessionKind, storeBalance, storedBalance, storedUser } from "../../lib/session";
import { fetchEvents, fetchNews } from "./api";
import { setupBell } from "./bell.client";
import { connectLive, type LiveAudience, type LiveConnection } from "./live-socket";
import { $liveBalance, $news, $recentEvents, $unseen, addEvents, showPushToast } from "./live.store";
import { handleMessage } from "./live.store";
import { watchToasts } from "../../components/mount-toaster";

/** How many missed events a reconnect shows as toasts (the rest wait in the bell). */
export const CATCH_UP_TOASTS = 3;

let connection: LiveConnection | null = null;

const socketUrl = (audience: string) => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/live?audience=${audience}`;

/** The newest moment the page knows about: events after it were missed. */
function newestKnown(startedAt: string): string {
  const newest = ($recentEvents.get() ?? [])[0]?.createdAt;
  return newest && newest > startedAt ? newest : startedAt;
}

async function catchUp(admin: boolean, startedAt: string): Promise<void> {
  const since = newestKnown(startedAt);
  try {
    const missed = await fetchEvents({ admin, since, limit: 50 });
    const known = new Set(($recentEvents.get() ?? []).map((e) => e._id));
    const fresh = missed.data.filter((e: EventRecord) => !known.has(e._id));
    addEvents(fresh);
    $unseen.set(missed.unseen);
    for (const event of fresh.slice(0, CATCH_UP_TOASTS).reverse()) {
      const message = { notification: { title: event.title, body: event.message, icon: "/favicon.svg" }, data: { type: event.type, value: event.value, color: event.color } };
      // Logged like a message the socket brought (spec §9): a reconnect in between does not change what the page says.
      console.log("live message", message);
      showPushToast(message);
    }
    // News changes leave no rows: reload the list the page shows.
    if ($news.get()) $news.set((await fetchNews()).data);
  } catch (error) {
    console.debug("live: catching up failed", error);
  }
}

export async function startLive(): Promise<void> {
  const kind = sessionKind();
  if (!kind || connection) return;
  // Push toasts go through toast.store.ts: the toaster mounts on the first one.
  watchToasts();
  const admin = kind === "Admin";
  // Server time, minus a margin for clock skew (events already known are skipped by id).
  const startedAt = new Date(Date.now() - 60_000).toISOString();
  setupBell();
  try {
    // Also refreshes the access token when its cookie has run out (the socket needs it).
    const first = await fetchEvents({ admin });
    $recentEvents.set(first.data);
    $unseen.set(first.unseen);
  } catch (error) {
    console.debug("live: events not loaded", error);
  }
  const audiences: LiveAudience[] = admin ? ["admins"] : ["agency", "agents"];
  const ready = new Set<LiveAudience>();
  connection = connectLive({
    audiences,
    url: socketUrl,
    onMessage: (message) => handleMessage(message),
    onReady: (audience, again) => {
      ready.add(audience);
      // <html data-live="ready"> once every socket is subscribed (browser tests wait for it; styles could use it).
      if (ready.size === audiences.length) document.documentElement.dataset.live = "ready";
      if (again) void catchUp(admin, startedAt);
    },
    beforeReconnect: async () => {
      if (!sessionKind()) return false;
      // A socket needs a live access token: one authenticated call refreshes it when its cookie has gone.
      if (!readCookie(AUTH_COOKIES.accessToken)) await fetchEvents({ admin, limit: 1 }).catch(() => null);
      return Boolean(sessionKind());
    },
  });
  window.addEventListener("online", () => connection?.wake());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") connection?.wake();
  });
  // Push through FCM (issue 13) only where this browser already granted notifications: nothing else loads for it.
  if (typeof Notification !== "undefined" && Notification.permission === "granted") void import("../push/start").then(({ startPush }) => startPush());
  $liveBalance.listen((balance) => {
    if (!balance || kind !== "Agent") return;
    storeBalance(balance);
    renderAccount({ user: storedUser(), kind, balance: storedBalance() });
  });
}
