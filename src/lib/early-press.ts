/**
 * The last click made before the page's scripts ran. The page's module scripts are requested only once its first view
 * is painted (scripts/build.mjs), so a quick reader can press a drawn button before any of them is there; the inline
 * loader there records the click (`__earlyPress`) and whoever answers for that button takes it when it starts: the
 * header's buttons (boot.ts), a drawn view's buttons (edge-view-press.ts). Taking it clears it: made again once.
 */
const scope = globalThis as { __earlyPress?: EventTarget | null };

export function takeEarlyPress(within: (element: Element) => boolean): Element | null {
  const target = scope.__earlyPress;
  if (!(target instanceof Element) || !target.isConnected || !within(target)) return null;
  scope.__earlyPress = null;
  return target;
}
