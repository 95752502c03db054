/**
 * A click on a button of an edge-drawn view before its island is there (src/lib/edge-views.ts) would do nothing: the
 * reach that starts the island (pointerover, pointerdown) comes with the click itself on a touch screen or a slow
 * line. The last such click is remembered and made again on the island's same button once it has taken the view
 * over, so "Cancel" or "Choose" is not silently lost. A download link (`a[download]`) waits for the island too: the
 * island saves the file under its own name, which a plain link to an API file does not (the server names it).
 * Other links and submit buttons are left alone: a link works by itself, and what a drawn form sends must never go
 * out before the island checks it.
 */
import { isDrawn, viewElement } from "./edge-views";

const CLICKABLE = "button, a[download]";

/** A button as both drawings name it: its test id, else its text (the same data gives the same text). */
const keyOf = (button: HTMLElement) => button.dataset.testid ?? button.textContent?.trim() ?? "";

export function replayClicks(name: string): void {
  const view = viewElement(name);
  if (!view || !isDrawn(view)) return;
  // The buttons shown with that name, in document order (the island's hidden box aside while it renders).
  const shown = (key: string) =>
    [...view.querySelectorAll<HTMLElement>(CLICKABLE)].filter((element) => keyOf(element) === key && !element.closest("[hidden]"));
  let clicked: { key: string; index: number } | null = null;
  const remember = (event: Event) => {
    if (view.hasAttribute("data-edge-live")) return;
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(CLICKABLE) : null;
    if (!button || !view.contains(button) || button.closest("[hidden]")) return;
    if (button instanceof HTMLButtonElement && (button.disabled || button.type === "submit")) return;
    if (button instanceof HTMLAnchorElement) event.preventDefault();
    const key = keyOf(button);
    clicked = { key, index: shown(key).indexOf(button) };
  };
  view.addEventListener("click", remember, true);
  new MutationObserver((_, observer) => {
    if (!view.hasAttribute("data-edge-live")) return;
    observer.disconnect();
    view.removeEventListener("click", remember, true);
    if (clicked) shown(clicked.key)[clicked.index]?.click();
  }).observe(view, { attributes: true, attributeFilter: ["data-edge-live"] });
}
