/**
 * The speculation rules every page carries (spec §9 "route payloads are prefetched", issue 27 item 6), rendered at build
 * time into a <template> by Base.astro and switched on by src/lib/prefetch.ts. The build records the rules' hash for the
 * CSP like any inline script (scripts/build.mjs), so the policy stays 'self' plus hashes.
 *
 * - Prefetch, not prerender: a prefetched page is the HTML alone, kept by the browser for this document and handed to
 *   the click even though signed-in pages are `no-store`; a prerendered page would run its scripts, open a live socket
 *   and call the API for a page that may never be shown.
 * - Moderate eagerness: a link is fetched when the pointer rests on it (about 200 ms) or is pressed (touch screens),
 *   never because it is in view: one or two pages a view instead of every navigation link.
 * - Only same-origin page addresses; never what changes state or is not a page: the API and files (`/api/…`), the
 *   traveller's status links (`/s/…`, counted and rate-limited), the language links (following one moves the locale
 *   cookie and the account's saved language), downloads, links that open another tab, same-page anchors and the page
 *   itself. Sign-out is a button (a POST), never a link. Print pages are plain reads and may be prefetched.
 * - The edge answers a prefetch that would need a token refresh with an error, which the browser drops: the click then
 *   asks again and refreshes (functions/worker.ts).
 */
export const SPECULATION_RULES = {
  prefetch: [
    {
      source: "document",
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/s/*" } },
          { not: { selector_matches: "[data-locale-link], [download], [target], [href^='#'], [aria-current='page'], [data-no-prefetch]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
} as const;

/** The rules as the inline script's text (its hash goes into the CSP, so the text is made in this one place). */
export const speculationRulesText = (): string => JSON.stringify(SPECULATION_RULES);
