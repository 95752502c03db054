/**
 * A press on a drawn view before its island is there (issue 9; registerViews calls this for every view with controls).
 * The press itself brings the island (src/lib/edge-views.ts), but the drawn button has no code of its own: on a touch
 * screen or a slow line the island comes after the click. So the last press is remembered and made again on the
 * island's same button once the island has taken the view over (`data-edge-live`, set by edge-view-mount.tsx after it
 * carried the typed values over): the reader's "Save", "Cancel" or "Next" is not lost to the loading of its code.
 * - What counts: a button that was enabled when pressed, and not a native submit (what a drawn form sends must never
 *   go out before the island checks it: drawn submits are disabled, or plain buttons while `held`); a download link
 *   (`a[download]`), which waits for the island because the island saves the file under the document's own name.
 *   Other links work by themselves.
 * - The same button: its test id (else its text; the same data gives the same text) and its rank among the view's
 *   buttons with that key (a row's button in a list).
 * - It is pressed once it is enabled (a submit waits for its island to run), within a few seconds, or not at all.
 * - Meanwhile no form of the view is submitted natively: the island sends it by fetch, or searches as typed (what was
 *   typed is carried over); a native submit would reload the page and lose it.
 * No React here: this runs at start.
 */
import { takeEarlyPress } from "./early-press";

const PRESS_WAIT_MS = 5_000;
const PRESSABLE = "button, a[download]";

interface Press {
  key: string;
  /** The record the button belongs to (a row's or card's `data-id` / `data-reference`), "" for none. */
  record: string;
  rank: number;
}

/** What marks a record in a list (a table row's data-id, an order card's data-reference). */
const RECORD = "[data-id], [data-reference]";
const keyOf = (element: HTMLElement) => element.dataset.testid ?? element.textContent?.trim() ?? "";
const recordOf = (element: HTMLElement) => {
  const record = element.closest<HTMLElement>(RECORD);
  return record ? `${record.dataset.id ?? ""}|${record.dataset.reference ?? ""}` : "";
};
/**
 * The view's pressable elements with that key in that record, in document order (none inside a hidden part). A row's
 * button is found by its record, not by its place: the island's list may differ from the drawn one (an order placed
 * meanwhile), and "Cancel" must never land on another order. A record the island does not show is pressed nowhere.
 */
const pressablesOf = (view: HTMLElement, key: string, record: string) =>
  [...view.querySelectorAll<HTMLElement>(PRESSABLE)].filter(
    (element) => keyOf(element) === key && recordOf(element) === record && !element.closest("[hidden]"),
  );

function pressWhenEnabled(view: HTMLElement, press: Press, since = Date.now()): void {
  const target = pressablesOf(view, press.key, press.record)[press.rank];
  if (target && !(target instanceof HTMLButtonElement && target.disabled)) {
    target.click();
    return;
  }
  if (Date.now() - since < PRESS_WAIT_MS) setTimeout(() => pressWhenEnabled(view, press, since), 50);
}

/** Views already watched: a page's script may start watching before its views' code is loaded (views-after-paint.ts). */
const watched = new WeakSet<HTMLElement>();

export function replayPress(view: HTMLElement): void {
  if (watched.has(view)) return;
  watched.add(view);
  // A press is a completed click. A pointer that went down on a button and is still down when the island swaps in
  // (the press itself brought the island) counts once it comes up: the drawn button it went down on is gone by then,
  // so the browser makes no click of it, and the reader's tap would be lost.
  let press: Press | null = null;
  let pressing: Press | null = null;
  const live = () => view.hasAttribute("data-edge-live");
  const pressOf = (event: Pick<Event, "target">): Press | null => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(PRESSABLE) : null;
    if (!target || !view.contains(target) || target.closest("[hidden]")) return null;
    if (target instanceof HTMLButtonElement && (target.disabled || target.type === "submit")) return null;
    const key = keyOf(target);
    const record = recordOf(target);
    // The island renders off the page until it takes over: only the drawn elements are in the view meanwhile.
    return { key, record, rank: pressablesOf(view, key, record).indexOf(target) };
  };
  const onPointerDown = (event: Event) => {
    if (!live()) pressing = pressOf(event);
  };
  // Up before the island came (or cancelled): a click follows, or nothing was pressed.
  const onPointerEnd = () => {
    pressing = null;
  };
  const onClick = (event: Event) => {
    if (live()) return;
    const pressed = pressOf(event);
    if (!pressed) return;
    if (event.target instanceof Element && event.target.closest("a[download]")) event.preventDefault();
    press = pressed;
    pressing = null;
  };
  const onSubmit = (event: Event) => {
    if (!live()) event.preventDefault();
  };
  // A press made before this ran (the page's scripts come after its first paint).
  const early = takeEarlyPress((element) => view.contains(element) && element.closest(PRESSABLE) !== null);
  if (early && !live()) press = pressOf({ target: early });
  view.addEventListener("pointerdown", onPointerDown, true);
  window.addEventListener("pointerup", onPointerEnd, true);
  window.addEventListener("pointercancel", onPointerEnd, true);
  view.addEventListener("click", onClick, true);
  view.addEventListener("submit", onSubmit, true);
  const observer = new MutationObserver(() => {
    if (!live()) return;
    observer.disconnect();
    view.removeEventListener("pointerdown", onPointerDown, true);
    window.removeEventListener("pointerup", onPointerEnd, true);
    window.removeEventListener("pointercancel", onPointerEnd, true);
    view.removeEventListener("click", onClick, true);
    view.removeEventListener("submit", onSubmit, true);
    if (press) {
      pressWhenEnabled(view, press);
      return;
    }
    const held = pressing;
    if (!held) return;
    const up = () => {
      window.removeEventListener("pointercancel", cancel, true);
      pressWhenEnabled(view, held);
    };
    const cancel = () => window.removeEventListener("pointerup", up, true);
    window.addEventListener("pointerup", up, { capture: true, once: true });
    window.addEventListener("pointercancel", cancel, { capture: true, once: true });
  });
  observer.observe(view, { attributes: true, attributeFilter: ["data-edge-live"] });
}
