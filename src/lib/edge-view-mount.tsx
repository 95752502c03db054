/**
 * Mounts an island in place of an edge-drawn view (src/lib/edge-views.ts). The island renders into a box off the page
 * while what is shown stays; only when nothing in it is still loading (no `aria-busy` left: every skeleton carries it) does it
 * replace the drawn HTML, so the reader never sees the view fall back to a skeleton and jump.
 */
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { ComponentType } from "react";
import type { Messages } from "./i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../shared/locales";

const busy = (box: HTMLElement) => box.querySelector('[aria-busy="true"]') !== null;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const CONTROLS = "input[data-testid], select[data-testid], textarea[data-testid]";
const CHOSEN = "\u0000chosen";
/** A checkbox the reader cleared (a radio is only ever carried as the one chosen). */
const CLEARED = "\u0000cleared";

const changed = (control: Control) =>
  control instanceof HTMLSelectElement
    ? [...control.options].some((option) => option.selected !== option.defaultSelected)
    : control.type === "checkbox" || control.type === "radio"
      ? (control as HTMLInputElement).checked !== (control as HTMLInputElement).defaultChecked
      : control.value !== control.defaultValue;

/**
 * What the reader typed or chose in the drawn view before its island was there, by the controls' test ids. A file
 * input carries its files: a file chosen before the island must not be lost (its text value cannot be set back).
 */
function typedValues(nodes: readonly Node[]): Map<string, string | FileList> {
  const typed = new Map<string, string | FileList>();
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    for (const control of node.querySelectorAll<Control>(CONTROLS)) {
      if (!changed(control)) continue;
      if (control instanceof HTMLInputElement && control.type === "file") {
        if (control.files?.length) typed.set(control.dataset.testid!, control.files);
        continue;
      }
      const toggle = control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox");
      // A choice is carried as "chosen" (radios: only the one chosen), a cleared checkbox as "cleared"; a field as
      // its text.
      if (!toggle) typed.set(control.dataset.testid!, control.value);
      else if ((control as HTMLInputElement).checked) typed.set(control.dataset.testid!, CHOSEN);
      else if (control.type === "checkbox") typed.set(control.dataset.testid!, CLEARED);
    }
  }
  return typed;
}

/** Every chosen option exists among the island's options. */
function canTake(box: HTMLElement, typed: Map<string, string | FileList>): boolean {
  for (const [testId, value] of typed) {
    const control = box.querySelector(`[data-testid="${CSS.escape(testId)}"]`);
    if (control instanceof HTMLSelectElement && ![...control.options].some((option) => option.value === value)) return false;
  }
  return true;
}

function focusedControl(view: HTMLElement): { testId: string; start: number | null; end: number | null } | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !view.contains(active) || !active.dataset.testid) return null;
  const field = active as HTMLInputElement;
  const text = typeof field.selectionStart === "number";
  return { testId: active.dataset.testid, start: text ? field.selectionStart : null, end: text ? field.selectionEnd : null };
}

/**
 * Hands the typed values to the island's controls the way a person would (the native value setter, then the event
 * React listens to), and puts the focus and caret back where they were.
 */
function carryOver(box: HTMLElement, typed: Map<string, string | FileList>, focused: ReturnType<typeof focusedControl>): void {
  for (const [testId, value] of typed) {
    const control = box.querySelector<Control>(`[data-testid="${CSS.escape(testId)}"]`);
    if (!control) continue;
    if (typeof value !== "string") {
      // The chosen files, handed over as a chooser would: the files, then "change" (what React listens to there).
      if (control instanceof HTMLInputElement && control.type === "file") {
        control.files = value;
        control.dispatchEvent(new Event("change", { bubbles: true }));
      }
      continue;
    }
    if (value === CHOSEN || value === CLEARED) {
      // Clicked as the reader did, so the island acts on it as on their click (e.g. saves the choice).
      if (control instanceof HTMLInputElement && control.checked !== (value === CHOSEN)) control.click();
      continue;
    }
    if (control.value === value) continue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, "value")?.set;
    setter?.call(control, value);
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
  if (!focused) return;
  const target = box.querySelector<HTMLElement>(`[data-testid="${CSS.escape(focused.testId)}"]`);
  target?.focus();
  if (target instanceof HTMLInputElement && focused.start !== null) {
    try {
      target.setSelectionRange(focused.start, focused.end);
    } catch {
      // Not a text field (a select, a button).
    }
  }
}

/**
 * Puts the island in the drawn view's place once it has rendered. `holdMark`: an attribute that, while the view has it,
 * holds the swap back (edge-views.ts marks a view whose drawn file input has its chooser open).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's props for it come from the markup
export function mountIn(view: HTMLElement, Island: ComponentType<any>, messages: Messages = {}, holdMark?: string): void {
  const locale = isLocale(view.dataset.locale) ? view.dataset.locale : DEFAULT_LOCALE;
  // What the page gives this island besides its language (EdgeView's `props`), e.g. which sign-in area.
  const props = JSON.parse(view.dataset.props ?? "{}") as Record<string, unknown>;
  const shown = [...view.childNodes];
  // The island renders off the document until it takes over: its controls carry the drawn ones' test ids and names,
  // and two of each in the page at once (even hidden) would confuse whoever looks them up by id meanwhile.
  const box = document.createElement("div");
  let swapped = false;
  const swap = () => {
    if (swapped || !box.childNodes.length || busy(box)) return;
    // A file chooser opened from a drawn input is still open: the file picked must land in the page (edge-views.ts).
    if (holdMark && view.hasAttribute(holdMark)) return;
    const typed = typedValues(shown);
    // A choice made in the drawn view needs its option in the island's list (countries still loading): wait for it.
    if (!canTake(box, typed)) return;
    // Once: removing the focused field below fires its "change", which must not start a second swap.
    swapped = true;
    observer.disconnect();
    chooser.disconnect();
    view.removeEventListener("change", swap);
    const focused = focusedControl(view);
    for (const node of shown) node.remove();
    // The island's parts sit where the drawn ones sat (a view may be display: contents inside a grid).
    box.style.display = "contents";
    view.append(box);
    view.setAttribute("data-edge-live", "");
    carryOver(box, typed, focused);
  };
  const observer = new MutationObserver(swap);
  observer.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-busy"] });
  // The chooser closed without a file (a file picked comes with "change", below).
  const chooser = new MutationObserver(swap);
  if (holdMark) chooser.observe(view, { attributes: true, attributeFilter: [holdMark] });
  // A choice made in the drawn view while the island loads is looked at again (it may now wait for an option).
  view.addEventListener("change", swap);
  // Rendered, committed and its effects run in one go (flushSync runs a sync render's passive effects before it
  // returns), before the swap above can happen: the island's store subscriptions live in effects, and a keystroke
  // handled before they exist updates the store without a render, so React puts the field's old value back and the
  // next keystroke builds on it: the letter is lost.
  const root = createRoot(box);
  flushSync(() => root.render(<Island {...props} locale={locale} messages={messages} />));
}
