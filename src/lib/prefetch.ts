/**
 * Prefetch of spec §9: 1000 ms after start, except on slow-2g or Save-Data. What is prefetched is the page a person is
 * about to open, not every link in view (issue 27 item 6): the page's speculation rules (src/lib/speculation-rules.ts,
 * drawn into `<template data-speculation-rules>` by Base.astro) go live now, and the browser fetches a link's page when
 * the pointer rests on it or presses it, and hands that answer to the click. Browsers without speculation rules
 * prefetch nothing: a `<link rel=prefetch>` of a `no-store` signed-in page was fetched and thrown away.
 */
export const PREFETCH_DELAY_MS = 1000;

interface NetworkInformationLike { effectiveType?: string; saveData?: boolean }

export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  return !(connection?.effectiveType === "slow-2g" || connection?.saveData);
}

/** `elapsed`: ms since the page started (the caller may run later than the page's start, as boot-run.ts does). */
export function schedulePrefetch(elapsed = 0): void {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!prefetchAllowed(connection)) return;
  setTimeout(() => {
    enableSpeculationRules();
    rememberIntent();
  }, Math.max(0, PREFETCH_DELAY_MS - elapsed));
}

const INTENT_KEY = "prefetch.intent";
/**
 * A page the browser prefetched this long before the click shows what the edge drew then: once it is live, it reads
 * what it shows again, as after a reconnect (src/features/live/start.ts). The browser keeps a prefetch for minutes.
 */
export const PREFETCH_STALE_MS = 30_000;

/**
 * When the reader first reached for each link (pointer over it or pressing it: when the rules fetched its page), handed
 * to the page a click opens (sessionStorage, this tab): the same clock on both sides, whatever the server's says.
 */
function rememberIntent(): void {
  const first = new Map<string, number>();
  const linkOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null);
  const reach = (event: Event) => {
    const link = linkOf(event);
    if (link && !first.has(link.href)) first.set(link.href, Date.now());
  };
  document.addEventListener("pointerover", reach, { passive: true });
  document.addEventListener("pointerdown", reach, { passive: true });
  document.addEventListener("click", (event) => {
    const link = linkOf(event);
    if (!link) return;
    try {
      sessionStorage.setItem(INTENT_KEY, JSON.stringify({ href: link.href, at: first.get(link.href) ?? Date.now() }));
    } catch {
      // No storage (private mode limits): the page counts as fresh.
    }
  }, true);
}

/** How old this page's HTML was when it was shown, if it came from a prefetch (ms); 0 when fetched for this navigation. */
export function prefetchedAge(now = Date.now()): number {
  const navigation = performance.getEntriesByType?.("navigation")[0] as (PerformanceEntry & { deliveryType?: string }) | undefined;
  if (navigation?.deliveryType !== "navigational-prefetch") return 0;
  try {
    const intent = JSON.parse(sessionStorage.getItem(INTENT_KEY) ?? "null") as { href?: unknown; at?: unknown } | null;
    if (intent?.href === location.href && typeof intent.at === "number") return Math.max(0, now - intent.at);
  } catch {
    // Unreadable: fresh.
  }
  return 0;
}

/**
 * Puts the page's rules in its head, once. A copy of the template's script, text unchanged: the CSP allows it by the
 * hash the build recorded of exactly that text.
 */
function enableSpeculationRules(): void {
  const template = document.querySelector<HTMLTemplateElement>("template[data-speculation-rules]");
  if (!template || document.head.querySelector("script[data-speculation-rules]")) return;
  const script = document.createElement("script");
  script.type = "speculationrules";
  script.dataset.speculationRules = "";
  script.textContent = template.content.textContent;
  document.head.append(script);
}
