/**
 * Draws the toast store (src/lib/toast.store.ts holds the logic, timers included) with plain DOM, no React: the first
 * toast of a page shows without loading React (issue 9: a live push toast waited for React to load on edge-drawn
 * pages, over a second on a busy phone). Placement is top-right in English and mirrored to top-left in Arabic and
 * Kurdish (inset-inline-end): the whole page mirrors, and toasts belong with the header's controls at the inline end.
 */
import { translate } from "../lib/i18n";
import {
  $toasts, clickToast, dismissToast, dragDismisses, pauseToasts, resumeToasts, type Toast, type ToastType,
} from "../lib/toast.store";

/**
 * Lucide's SVG children of the five toast icons, as src/components/ui/icons/ has them (a unit test keeps them equal).
 * Not imported from there: the bundler puts those modules into the chunks of the React components that share them,
 * and the toaster would load React with its icons.
 */
export const TOAST_ICONS: Record<ToastType, string> = {
  success: "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"m16 9-5.5 5.5L8 12\"/>", // CircleCheck
  error: "<circle cx=\"12\" cy=\"12\" r=\"10\"/><line x1=\"12\" x2=\"12\" y1=\"8\" y2=\"12\"/><line x1=\"12\" x2=\"12.01\" y1=\"16\" y2=\"16\"/>", // CircleAlert
  warning: "<path d=\"m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3\"/><path d=\"M12 9v4\"/><path d=\"M12 17h.01\"/>", // TriangleAlert
  info: "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M12 16v-4\"/><path d=\"M12 8h.01\"/>", // Info
  default: "<path d=\"M10.268 21a2 2 0 0 0 3.464 0\"/><path d=\"M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326\"/>", // Bell
};
const TONES: Record<ToastType, string> = {
  success: "border-success-600 text-success-600",
  error: "border-error-600 text-error-600",
  warning: "border-warning-600 text-warning-600",
  info: "border-info-600 text-info-600",
  default: "border-[var(--border)] text-[var(--text)]",
};

/** Renders the store into `container` and keeps it drawn; answers the function that takes it down again. */
export function renderToaster(container: HTMLElement): () => void {
  // Each toast is its own live region (role status or alert), which takes the list-item role away from its <li>:
  // the list itself is only layout here, or screen readers would announce a list of no items (axe "list").
  const list = document.createElement("ol");
  list.setAttribute("role", "presentation");
  list.setAttribute("data-testid", "toaster");
  list.className = "fixed top-4 end-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2";
  list.addEventListener("mouseenter", () => pauseToasts("hover"));
  list.addEventListener("mouseleave", () => resumeToasts("hover"));
  container.append(list);

  // Keyed by toast id, so a toast being dragged or focused stays the same element while others come and go.
  const items = new Map<number, HTMLLIElement>();
  const unsubscribe = $toasts.subscribe((toasts) => {
    const shown = new Set(toasts.map((t) => t.id));
    for (const [id, item] of items) {
      if (shown.has(id)) continue;
      item.remove();
      items.delete(id);
    }
    toasts.forEach((toast, index) => {
      let item = items.get(toast.id);
      if (!item) items.set(toast.id, (item = toastItem(toast)));
      if (list.children[index] !== item) list.insertBefore(item, list.children[index] ?? null);
    });
  });
  return () => {
    unsubscribe();
    list.remove();
  };
}

function toastItem(toast: Toast): HTMLLIElement {
  const item = document.createElement("li");
  item.setAttribute("role", toast.type === "error" ? "alert" : "status");
  item.tabIndex = 0;
  if (toast.closeOnClick) item.title = translate("toast.dismiss");
  item.dataset.toastType = toast.type;
  item.className = `card flex items-start gap-3 border-s-4 p-4 select-none touch-pan-y ${TONES[toast.type]} ${toast.closeOnClick ? "cursor-pointer" : ""}`;
  if (toast.color) {
    item.style.background = toast.color;
    // A coloured toast (push messages default to white) keeps dark text in both themes.
    item.style.color = "#1c1917";
  }

  if (toast.icon) {
    const image = document.createElement("img");
    Object.assign(image, { src: toast.icon, alt: "", width: 24, height: 24 });
    item.append(image);
  } else {
    item.insertAdjacentHTML(
      "beforeend",
      `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${TOAST_ICONS[toast.type]}</svg>`,
    );
  }
  const text = document.createElement("div");
  text.className = toast.color ? "min-w-0" : "min-w-0 text-[var(--text)]";
  // Titles and descriptions are text (push messages carry whatever an admin typed): never parsed as markup.
  const title = document.createElement("p");
  title.className = "font-semibold break-words";
  title.textContent = toast.title;
  text.append(title);
  if (toast.description) {
    const description = document.createElement("p");
    description.className = "muted text-sm break-words";
    description.textContent = toast.description;
    text.append(description);
  }
  item.append(text);

  // Escape always closes (a keyboard user needs a way out, push toasts included); Enter acts like a click.
  item.addEventListener("keydown", (event) => {
    if (event.key === "Escape") dismissToast(toast.id);
    else if (event.key === "Enter") clickToast(toast.id);
  });
  followDrag(item, toast.id);
  return item;
}

/** A click closes the toast (unless it opted out); a horizontal drag past the store's threshold dismisses it. */
function followDrag(item: HTMLLIElement, id: number): void {
  let drag: { x: number; moved: boolean } | null = null;
  const move = (offset: number) => {
    item.style.transform = offset ? `translateX(${offset}px)` : "";
    item.style.opacity = offset ? String(Math.max(0.2, 1 - (Math.abs(offset) / ((item.offsetWidth || 1) * 0.6)) * 0.8)) : "";
  };
  item.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX, moved: false };
    item.setPointerCapture?.(event.pointerId);
  });
  item.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    if (Math.abs(dx) > 3) drag.moved = true;
    move(dx);
  });
  item.addEventListener("pointerup", (event) => {
    const state = drag;
    drag = null;
    if (!state) return;
    const dx = event.clientX - state.x;
    if (state.moved && dragDismisses(dx, item.offsetWidth)) dismissToast(id);
    else if (!state.moved) clickToast(id);
    move(0);
  });
  item.addEventListener("pointercancel", () => {
    drag = null;
    move(0);
  });
}
