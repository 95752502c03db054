/**
 * registerViews (edge-views.ts) once the first view is painted (after-paint.ts). The edge drew the page's views, so
 * their code (and edge-views' own) is fetched after the largest element shows, not beside it on a slow link.
 * Meanwhile nothing the reader does is lost: a press on a drawn button is remembered from the start (edge-view-press,
 * small and without React), and a view reached for in that time gets its island as soon as registerViews runs.
 */
import { afterFirstPaint } from "./after-paint";
import { replayPress } from "./edge-view-press";
import type { Island } from "./edge-views";

/** What reaching for a view is while its code is not loaded (edge-views' own list, less hovering). */
const REACHING = ["pointerdown", "touchstart", "focusin", "keydown", "input"] as const;

export function registerViewsAfterPaint(views: Record<string, Island>): Promise<void> {
  const interactive = (element: Element | null) => element?.closest<HTMLElement>("[data-edge-view][data-edge-interactive]") ?? null;
  const reached = new Set<string>();
  for (const name of Object.keys(views)) {
    const view = interactive(document.querySelector(`[data-edge-view="${name}"]`));
    if (view?.dataset.edgeView === name) replayPress(view);
  }
  const onReach = (event: Event) => {
    const name = interactive(event.target instanceof Element ? event.target : null)?.dataset.edgeView;
    if (name && name in views) reached.add(name);
  };
  for (const type of REACHING) document.addEventListener(type, onReach, { capture: true, passive: true });
  return afterFirstPaint()
    .then(() => import("./edge-views"))
    .then(({ registerViews, takeOver }) => {
      for (const type of REACHING) document.removeEventListener(type, onReach, true);
      registerViews(views);
      for (const name of reached) takeOver(name);
    });
}
