/**
 * The moment a page's scripts may start (issue 9): once the browser has shown the page's largest element. The edge
 * draws every first view, so no script is needed for it; until that paint the scripts would only compete with the
 * stylesheet and the largest picture for a phone's bandwidth and CPU. Someone who touches or types first does not
 * wait, and neither does anyone after a few seconds.
 */
const FIRST_INPUTS = ["pointerdown", "keydown", "touchstart", "focusin"] as const;

/** The longest a page's scripts wait for that paint (a picture that never arrives on a poor connection). */
export const PAINT_WAIT_MAX_MS = 3000;

/** After the largest paint that shows the hero picture (when the page has one: fetchpriority="high"), or the first. */
export function afterFirstPaint(maxWaitMs = PAINT_WAIT_MAX_MS): Promise<void> {
  // The page's loader (scripts/build.mjs) requests its scripts by this very rule: whoever runs after it has waited.
  if ((globalThis as { __afterPaint?: boolean }).__afterPaint) return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    let observer: PerformanceObserver | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearTimeout(timer);
      for (const type of FIRST_INPUTS) removeEventListener(type, finish, true);
      resolve();
    };
    const timer = setTimeout(finish, maxWaitMs);
    for (const type of FIRST_INPUTS) addEventListener(type, finish, { capture: true, passive: true });
    // A browser that reports no largest paint (Safari): start after this task, as a module script did.
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) {
      return void setTimeout(finish);
    }
    const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
    observer = new PerformanceObserver((list) => {
      if (!hero || list.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element }).element === hero)) finish();
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    if (hero) {
      // A hero that is not the largest element (a wide screen) gets no entry of its own: go once it is shown.
      const shown = () => requestAnimationFrame(() => setTimeout(finish, 250));
      if (hero.complete) shown();
      else {
        hero.addEventListener("load", shown, { once: true });
        hero.addEventListener("error", finish, { once: true });
      }
    }
  });
}
