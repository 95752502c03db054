/**
 * What the reader did before the page's scripts ran: the last click and the last element reached for. The page's
 * module scripts are requested only once its first view is painted (scripts/build.mjs), so a quick reader can press a
 * drawn button, or choose in a drawn select, before any of them is there. The inline loader there records both, and
 * whoever answers for that element takes them when it starts: the header's buttons (boot.ts) and a drawn view's
 * buttons (edge-view-press.ts) the click, which taking clears (made again once); a drawn view (edge-views.ts) the
 * reach, which brings its island.
 */
const scope = globalThis as { __earlyPress?: EventTarget | null; __earlyReach?: EventTarget | null };

export function takeEarlyPress(within: (element: Element) => boolean): Element | null {
  const target = scope.__earlyPress;
  if (!(target instanceof Element) || !target.isConnected || !within(target)) return null;
  scope.__earlyPress = null;
  return target;
}

/**
 * The reader reached into `view` (pressed, typed, focused, chose in a select) before the page's scripts ran: its island
 * is due now (edge-views.ts), as it would have been had its script been listening.
 */
export function reachedEarly(view: Element): boolean {
  const target = scope.__earlyReach;
  return target instanceof Node && view.contains(target);
}
