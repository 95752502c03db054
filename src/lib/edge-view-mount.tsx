/**
 * Mounts an island in place of an edge-drawn view (src/lib/edge-views.ts). The island renders into a hidden box next
 * to what is shown; only when nothing in it is still loading (no `aria-busy` left: every skeleton carries it) does it
 * replace the drawn HTML, so the reader never sees the view fall back to a skeleton and jump.
 */
import { createRoot } from "react-dom/client";
import type { ComponentType } from "react";
import type { Messages } from "./i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../shared/locales";

const busy = (box: HTMLElement) => box.querySelector('[aria-busy="true"]') !== null;

export function mountIn(view: HTMLElement, Island: ComponentType<{ locale: Locale; messages?: Messages }>): void {
  const locale = isLocale(view.dataset.locale) ? view.dataset.locale : DEFAULT_LOCALE;
  const messages = JSON.parse(view.dataset.messages ?? "{}") as Messages;
  const shown = [...view.childNodes];
  const box = document.createElement("div");
  box.hidden = true;
  view.append(box);
  const swap = () => {
    if (!box.hidden || !box.childNodes.length || busy(box)) return;
    observer.disconnect();
    for (const node of shown) node.remove();
    box.hidden = false;
    view.setAttribute("data-edge-live", "");
  };
  const observer = new MutationObserver(swap);
  observer.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-busy"] });
  createRoot(box).render(<Island locale={locale} messages={messages} />);
}
