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
    for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-prefetch]")) {
      if (link.origin !== location.origin || seen.has(link.pathname)) continue;
      seen.add(link.pathname);
      const hint = document.createElement("link");
      hint.rel = "prefetch";
      hint.href = link.pathname;
      document.head.append(hint);
    }
  }, Math.max(0, PREFETCH_DELAY_MS - elapsed));
}
