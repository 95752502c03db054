/**
 * What every layout runs, without React, once the first view is painted (boot.ts): theme toggle, account menu and
 * sign-out, prefetch. What the first view does not need waits for the browser to be idle (issue 9): the new-build
 * watch and live delivery. The toaster loads with the first toast (src/lib/toast.ts).
 */
import { setupThemeToggle } from "./theme";
import { schedulePrefetch } from "./prefetch";
import { setupAccountMenu } from "../components/AccountMenu.client";
import { sessionKind } from "./session";
import { readCookie, writeCookie } from "./cookies";
import { TIME_ZONE_COOKIE, browserTimeZone } from "../shared/time-zone";
import { addWholeFont } from "./whole-font";

setupThemeToggle();
// Vazirmatn for Arabic-script characters outside the cut the page's head declares (whole-font.ts).
addWholeFont();
// Spec §9 counts from the page's start, not from this script's (it runs once the first view is painted).
schedulePrefetch(performance.now());

// Header name and balance, sign-out, and no signed-in page from the back/forward cache after a logout.
setupAccountMenu();

const { layout = "" } = document.documentElement.dataset;

/**
 * After the page has loaded, when the browser is idle: what the first view does not need must not lengthen the tasks
 * of the page's own islands while they start (a phone's CPU runs them one after the other). Within a few seconds
 * even on a page that never idles.
 */
const whenIdle = (run: () => void) => {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 4000 }) : setTimeout(run, 300));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
};

// Each in its own idle task: together they were one long task (the preload links of the live client's modules
// alone took 10-20 ms of this project's test host), and a phone's CPU takes four times as long.
whenIdle(() => {
  // The reader's time zone, for the dates and times the edge writes into the next pages (src/lib/edge-views.ts), read
  // again once a day (a travelling agent). Not at start (browserTimeZone falls back to Intl, one long task where
  // Temporal is missing). A page whose drawn times are in another zone than the browser's redraws them anyway
  // (isDrawn). Only agent pages: the edge draws none of the admin pages.
  if (layout === "default" && !readCookie(TIME_ZONE_COOKIE)) {
    const zone = browserTimeZone();
    if (zone) writeCookie(TIME_ZONE_COOKIE, zone, 24 * 60 * 60);
  }
  // Admin islands raise toasts through toast.store.ts itself: watch it so the toaster mounts on the first one (a toast
  // raised before this is shown when the watch starts).
  if (layout === "admin" || layout === "editor") void import("../components/watch-toasts").then(({ watchToasts }) => watchToasts());
});
whenIdle(() => {
  void import("./build-watch").then(({ watchBuilds }) =>
    watchBuilds(document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content ?? "dev"),
  );
});
// Live delivery (issue 13): signed-in pages of the default and admin layouts load it; sign-in pages never do.
if (sessionKind() && (layout === "default" || layout === "admin" || layout === "editor")) {
  whenIdle(() => void import("../features/live/start").then(({ startLive }) => startLive()));
}
