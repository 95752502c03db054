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
  setTimeout(enableSpeculationRules, Math.max(0, PREFETCH_DELAY_MS - elapsed));
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
