/**
 * The admin resource pages' views (issue 9): /admin/visa-list, /admin/countries and the other pages that are one
 * kit resource (src/admin/edge-pages.ts). The edge draws the page with its island's own components from the first
 * page of the list the island would ask for (same query, read from the address the same way, same admin session), so
 * the table is there at first paint
 * with no React in the browser. The island comes when the admin reaches for a control (src/lib/edge-views.ts): it
 * asks for its rows again and takes the drawn page over once they are there; a press made meanwhile is made again.
 * The dashboard (/admin) is drawn whole from its one call: nothing on it needs a script.
 */
import { ADMIN_PAGES, ADMIN_RECORD_PAGES, ADMIN_RESOURCE_PAGES } from "#admin-pages";
import type { Thread } from "../../../src/contract/threads";
import { ThreadView, threadPrintHref } from "../../../src/features/threads/ThreadView";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../src/shared/locales";
import { notificationSettingsView } from "./account";
import { recordReferenceView } from "./record-reference";
import type { EdgeView, ViewRegistry } from "./view";

/** The page's language from its address (/en/admin/…): the first call's sort is per language ("title.ar"). */
const localeOf = (url: URL): Locale => {
  const code = url.pathname.split("/")[1];
  return isLocale(code) ? code : DEFAULT_LOCALE;
};

const entries = Object.entries(ADMIN_RESOURCE_PAGES);

const views: Record<string, EdgeView> = Object.fromEntries(
  entries.map(([name, page]) => [
    name,
    {
      calls: (url: URL) => [page.firstCall(localeOf(url), url.search), ...(page.moreCalls ?? [])],
      messages: page.messages,
      zoned: page.zoned ?? true,
      render: ([list, ...more], { locale, timeZone, url }) => page.render(list, locale, timeZone, url.search, more),
    } satisfies EdgeView,
  ]),
);

for (const [name, page] of Object.entries(ADMIN_PAGES)) {
  views[name] = {
    calls: (url: URL) => [page.call(localeOf(url))],
    messages: page.messages,
    render: ([answer], { locale }) => page.render(answer, locale),
  };
}

for (const [name, page] of Object.entries(ADMIN_RECORD_PAGES)) {
  views[name] = {
    calls: [page.call, ...(page.moreCalls ?? [])],
    messages: page.messages,
    zoned: true,
    render: ([record, ...more], { locale, timeZone }) => page.render(record, locale, timeZone, more),
  };
}

// The request's conversation with the agency (issue 29), under the office's request page (issue 32): the office's side.
views["admin-request-thread"] = {
  calls: ["requests/:id/messages"],
  messages: ["threads", "validation"],
  zoned: true,
  render: ([thread], { locale, timeZone, params }) => (
    <ThreadView state={{ status: "ready", data: thread as Thread }} side="office" locale={locale} timeZone={timeZone} printHref={threadPrintHref(locale, params.id ?? "")} />
  ),
};

// The agency's page names the agency in its header (issue 32: it was an island at load).
views["record-reference"] = recordReferenceView;

// The dashboard's push card (issue 32: it was an Astro island whose props carried its messages, and with the islands'
// runtime the page's HTML took a second round trip before the first paint).
views["admin-notification-settings"] = notificationSettingsView("admin");

const routes: Record<string, readonly string[]> = {
  ...Object.fromEntries([...entries, ...Object.entries(ADMIN_PAGES), ...Object.entries(ADMIN_RECORD_PAGES)].map(([name, page]) => [page.route, [name]])),
  "admin-request": ["admin-request", "admin-request-thread"],
  "admin-agent": ["admin-agent", "record-reference"],
  admin: ["admin-dashboard", "admin-notification-settings"],
};

export const adminViews: ViewRegistry = { views, routes };
