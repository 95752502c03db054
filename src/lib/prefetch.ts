/** Prefetch of spec §9: 1000 ms after start, the pages the navigation links to, except on slow-2g or Save-Data. */
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
    const seen = new Set<string>([location.pathname]);
    const pages: string[] = [];
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-prefetch]")) {
      if (link.origin !== location.origin || seen.has(link.pathname)) continue;
      seen.add(link.pathname);
      pages.push(link.pathname);
    }
    appendHints(pages);
  }, Math.max(0, PREFETCH_DELAY_MS - elapsed));
}

/** How long one go of appending hints may take before the page gets the main thread back (ms). */
const SLICE_MS = 8;

/**
 * One <link rel=prefetch> per page, a few per task: each append makes the browser start a request (about a
 * millisecond here), and the admin's navigation links 30 pages; in one task that was a 20-40 ms block, 4× that on a
 * phone (issue 9).
 */
function appendHints(pages: readonly string[], from = 0): void {
  const start = performance.now();
  let next = from;
  while (next < pages.length && performance.now() - start < SLICE_MS) {
    const hint = document.createElement("link");
    hint.rel = "prefetch";
    hint.href = pages[next++]!;
    document.head.append(hint);
  }
  if (next < pages.length) setTimeout(() => appendHints(pages, next), 0);
}
