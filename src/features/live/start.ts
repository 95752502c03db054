/**
 * Starts live delivery on a signed-in page (loaded by the boot script only when a session exists, so login pages
 * carry none of it): the bell, the sockets of the reader's audiences, catching up after a reconnect (events/all
 * since the newest known event; the news list reloaded), and the header balance on balance events.
 */
import { renderAccount } from "../../components/AccountMenu.client";
import type { EventRecord } from "../../contract/events";
import { api } from "../../lib/api";
import { readCookie } from "../../lib/cookies";
import { AUTH_COOKIES, sessionKind, storeBalance, storedBalance, storedUser } from "../../lib/session";
import { fetchEvents, fetchNews } from "./api";
import { setupBell } from "./bell.client";
import { connectLive, type LiveAudience, type LiveConnection } from "./live-socket";
import { $liveBalance, $news, $recentEvents, $unseen, addEvents, showPushToast } from "./live.store";
import { handleMessage } from "./live.store";
import { watchToasts } from "../../components/watch-toasts";
import { takeOver } from "../../lib/edge-views";
import { newsChangeOf } from "./news-list";
import { recordsChanged } from "../../lib/record-changes";
import { PREFETCH_STALE_MS, prefetchedAge } from "../../lib/prefetch";

/** How many missed events a reconnect shows as toasts (the rest wait in the bell). */
export const CATCH_UP_TOASTS = 3;

let connection: LiveConnection | null = null;
let started = false;

const socketUrl = (audience: string) => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/live?audience=${audience}`;

/**
 * A socket needs an access token the hub still accepts when it opens. The cookie can outlive its token by the trip of
 * the answer that set it, and a socket opened in that moment is refused: below this margin the token is renewed first.
 */
export const SOCKET_TOKEN_MARGIN_S = 2;

/** Seconds the access token in the cookie is still good for by its own `exp` (0: none, or not a readable JWT). */
export function tokenSecondsLeft(token = readCookie(AUTH_COOKIES.accessToken), now = Date.now()): number {
  try {
    const payload = token!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
    const exp = (JSON.parse(atob(payload)) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp - now / 1000 : 0;
  } catch {
    return 0;
  }
}

/** Renews the token when it is about to run out; answers whether the page still has a session to subscribe with. */
async function readyToSubscribe(): Promise<boolean> {
  const kind = sessionKind();
  if (!kind) return false;
  if (tokenSecondsLeft() <= SOCKET_TOKEN_MARGIN_S) await api.refresh(kind);
  return Boolean(sessionKind());
}

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
    // Nothing says which records changed while the page was away: every record the page shows is read again.
    recordsChanged(["*"]);
    for (const event of fresh.slice(0, CATCH_UP_TOASTS).reverse()) {
      const message = { notification: { title: event.title, body: event.message, icon: "/favicon.svg" }, data: { type: event.type, value: event.value, color: event.color } };
      // Logged like a message the socket brought (spec §9): a reconnect in between does not change what the page says.
      console.log("live message", message);
      showPushToast(message);
    }
    // News changes leave no rows: reload the list the page shows (an edge-drawn one is handed to its island).
    if ($news.get()) $news.set((await fetchNews()).data);
    else takeOver("home-news");
  } catch (error) {
    console.debug("live: catching up failed", error);
  }
}

export async function startLive(): Promise<void> {
  const kind = sessionKind();
  if (!kind || started) return;
  started = true;
  // Push toasts go through toast.store.ts: the toaster mounts on the first one.
  watchToasts();
  const admin = kind === "Admin";
  // Server time, minus a margin for clock skew (events already known are skipped by id).
  const startedAt = new Date(Date.now() - 60_000).toISOString();
  setupBell();
  try {
    const first = await fetchEvents({ admin });
    $recentEvents.set(first.data);
    $unseen.set(first.unseen);
    // The home page's events box was drawn by the edge: from the first change on, its island shows the live list.
    $recentEvents.listen(() => takeOver("home-events"));
  } catch (error) {
    console.debug("live: events not loaded", error);
  }
  // The session's renewal is needed exactly when the server may be away (reconnecting after a restart), and a module
  // the browser once failed to fetch stays failed for the page's life (its module map keeps the failure): the page
  // fetches it now, while the server answers, so that a restart cannot leave the sockets without a way to renew. Not
  // awaited: the subscription goes on as before (a page's own renewal must not move later than it was).
  void import("../../lib/refresh").catch(() => undefined);
  if (!(await readyToSubscribe())) return;
  const audiences: LiveAudience[] = admin ? ["admins"] : ["agency", "agents"];
  const ready = new Set<LiveAudience>();
  // A page prefetched long before the click was drawn then: once live, read it all again as after a reconnect.
  let stale = prefetchedAge() > PREFETCH_STALE_MS;
  connection = connectLive({
    audiences,
    url: socketUrl,
    onMessage: (message) => {
      handleMessage(message);
      // A news change the edge-drawn news box cannot show: its island takes over and loads the list as it is now.
      if (newsChangeOf(message.data.type)) takeOver("home-news");
    },
    onReady: (audience, again) => {
      ready.add(audience);
      // <html data-live="ready"> once every socket is subscribed (browser tests wait for it; styles could use it).
      if (ready.size === audiences.length) document.documentElement.dataset.live = "ready";
      if (again) void catchUp(admin, startedAt);
      else if (stale && ready.size === audiences.length) {
        stale = false;
        void catchUp(admin, startedAt);
      }
    },
    beforeReconnect: readyToSubscribe,
  });
  window.addEventListener("online", () => connection?.wake());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") connection?.wake();
  });
  // Push through FCM (issue 13) only where this browser already granted notifications: nothing else loads for it.
  if (typeof Notification !== "undefined" && Notification.permission === "granted") void import("../push/start").then(({ startPush }) => startPush());
  $liveBalance.listen((balance) => {
    if (!balance || kind !== "Agent") return;
    // The home page's balance card follows money that moved (its island listens from now on).
    takeOver("home-balance");
    storeBalance(balance);
    renderAccount({ user: storedUser(), kind, balance: storedBalance() });
  });
}
