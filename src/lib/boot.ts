/**
 * The small script every layout loads (no React): theme toggle, account menu and sign-out, prefetch. What the first
 * view does not need waits for the browser to be idle (issue 9): the new-build watch and live delivery. The toaster
 * loads with the first toast (src/lib/toast.ts).
 */
import { setupThemeToggle } from "./theme";
import { schedulePrefetch } from "./prefetch";
import { setupAccountMenu } from "../components/AccountMenu.client";
import { sessionKind } from "./session";
import { readCookie, writeCookie } from "./cookies";
import { TIME_ZONE_COOKIE } from "../shared/time-zone";

setupThemeToggle();
schedulePrefetch();

// The reader's time zone, for the dates and times the edge writes into pages (src/lib/edge-views.ts).
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone && readCookie(TIME_ZONE_COOKIE) !== zone) writeCookie(TIME_ZONE_COOKIE, zone, 365 * 24 * 60 * 60);

// Header name and balance, sign-out, and no signed-in page from the back/forward cache after a logout.
setupAccountMenu();

const { layout = "" } = document.documentElement.dataset;

const whenIdle = (run: () => void) =>
  "requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 1500 }) : setTimeout(run, 300);

whenIdle(() => {
  // Admin islands raise toasts through toast.store.ts itself: watch it so the toaster mounts on the first one (a toast
  // raised before this is shown when the watch starts).
  if (layout === "admin" || layout === "editor") void import("../components/watch-toasts").then(({ watchToasts }) => watchToasts());
  void import("./build-watch").then(({ watchBuilds }) =>
    watchBuilds(document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content ?? "dev"),
  );
  // Live delivery (issue 13): signed-in pages of the default and admin layouts load it; sign-in pages never do.
  if (sessionKind() && (layout === "default" || layout === "admin" || layout === "editor")) {
    void import("../features/live/start").then(({ startLive }) => startLive());
  }
});
