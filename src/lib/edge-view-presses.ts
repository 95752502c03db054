/**
 * Presses on an edge-drawn view before its island is there (issue 9). The drawn buttons (an export, the pager) have no
 * code of their own: the press brings the island (src/lib/edge-views.ts), and here it is not lost: the island's button
 * of the same `data-testid` is pressed once the island has taken the view over. A form of the view is never submitted
 * natively before then (the island sends it by fetch, or searches as typed, carried over). No React here.
 */
import { viewElement } from "./edge-views";

export function holdPresses(name: string): void {
  const view = viewElement(name);
  if (!view) return;
  const live = () => view.hasAttribute("data-edge-live");
  let pressed: string | null = null;
  view.addEventListener(
    "submit",
    (event) => {
      if (!live()) event.preventDefault();
    },
    true,
  );
  view.addEventListener(
    "click",
    (event) => {
      if (live() || !(event.target instanceof Element)) return;
      const button = event.target.closest("button[data-testid]");
      // The last press wins (a reader who pressed "next" twice meant the page after, but one step is the safe reading).
      if (button && view.contains(button)) pressed = button.getAttribute("data-testid");
    },
    true,
  );
  const observer = new MutationObserver(() => {
    if (!live()) return;
    observer.disconnect();
    if (pressed) view.querySelector<HTMLButtonElement>(`button[data-testid="${CSS.escape(pressed)}"]:not(:disabled)`)?.click();
  });
  observer.observe(view, { attributes: true, attributeFilter: ["data-edge-live"] });
}
