/**
 * Views the edge draws into a page (functions/edge/views.tsx; issue 9): the page's main content arrives as HTML, so
 * the first view needs no React. The browser puts the view's island in its place only when it has to:
 * - the edge could not draw it (its API call failed), or drew it in another time zone than this browser's;
 * - the page must show a change live (a news message, a new event, money moved): `takeOver` from the live client.
 * No React here: it loads with the first island that is really needed.
 */
import type { ComponentType } from "react";
import { reachedEarly, takeEarlyPress } from "./early-press";
import { replayPress } from "./edge-view-press";
import type { Messages } from "./i18n";
import type { Locale } from "../shared/locales";
import { browserTimeZone } from "../shared/time-zone";
import { followRecords, type RecordTopic } from "./record-changes";

/**
 * An island's module. Its component takes locale and messages, and whatever plain props its page gives the view
 * (EdgeView's `props`, read from the markup): those cannot be checked here, hence `any`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Island = () => Promise<{ default: ComponentType<any> }>;

const taken = new Set<string>();
/** The islands of this page's views, by view name (the page's script registers them). */
const islands = new Map<string, Island>();

export const viewElement = (name: string) => document.querySelector<HTMLElement>(`[data-edge-view="${name}"]`);

/** Drawn by the edge, and in this browser's time zone where the view shows times. */
export function isDrawn(view: HTMLElement): boolean {
  if (!view.hasAttribute("data-edge-filled")) return false;
  const zone = view.dataset.edgeTimeZone;
  return zone === undefined || zone === browserTimeZone();
}

/** Message files read or being read, by address: views that name the same file share one request. */
const messageFiles = new Map<string, Promise<Messages>>();

function messageFile(file: string): Promise<Messages> {
  let read = messageFiles.get(file);
  if (!read) {
    read = fetch(file).then(async (response) => {
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      return (await response.json()) as Messages;
    });
    // A failed read is tried again by the next take-over.
    read.catch(() => messageFiles.delete(file));
    messageFiles.set(file, read);
  }
  return read;
}

/**
 * The view's strings, from the message files EdgeView names (data-messages-src: one per key prefix, read with the
 * island's code and cached for good by the browser).
 */
async function viewMessages(view: HTMLElement): Promise<Messages> {
  const files = (view.dataset.messagesSrc ?? "").split(" ").filter(Boolean);
  return Object.assign({}, ...(await Promise.all(files.map(messageFile)))) as Messages;
}

/** Puts the view's island in its place (once; nothing when this page has no such view). */
export function takeOver(name: string): void {
  const view = viewElement(name);
  const island = islands.get(name);
  if (!view || !island || taken.has(name)) return;
  taken.add(name);
  Promise.all([import("./edge-view-mount"), island(), viewMessages(view)]).then(
    // The mount waits while a file chooser opened from the drawn view is open (CHOOSING, below); it is told the mark
    // rather than importing it, so it never imports this module back (no import circle; tests/unit/layering.test.ts).
    ([{ mountIn }, { default: Component }, messages]) => mountIn(view, Component, messages, CHOOSING),
    (error: unknown) => {
      // The drawn view stays as it is (its links work); the next live change or reach for it tries again.
      console.debug(`view ${name} not taken over`, error);
      taken.delete(name);
    },
  );
}

/**
 * A drawn view shows records the live hub reports on: when one of `topics` changes, the island takes the view's place
 * and reads the record as it is now (it then follows the changes itself). Until then the drawn HTML costs nothing.
 */
export function takeOverOnChange(name: string, topics: readonly RecordTopic[]): void {
  if (!viewElement(name) || topics.length === 0) return;
  const stop = followRecords(topics, () => {
    stop();
    takeOver(name);
  });
}

/** The mark on a view while a file chooser opened from one of its drawn file inputs is open (edge-view-mount waits). */
const CHOOSING = "data-edge-choosing";
/** A chooser that never reported back (one the browser did not open, say) holds the island back no longer than this. */
const CHOOSING_MAX_MS = 60_000;

/**
 * A file chooser opened from a drawn file input: the island must not take that input's place while it is open, or the
 * file the reader picks goes to an input no longer in the page and is lost. The view carries CHOOSING until the
 * chooser closes: "change" (a file picked: the mount carries it over), "cancel", or, where "cancel" is not fired, the
 * window getting the focus back.
 */
function watchFileChoosers(view: HTMLElement): void {
  const choosing = (input: HTMLInputElement) => {
    view.setAttribute(CHOOSING, "");
    const closed = () => {
      input.removeEventListener("change", closed);
      input.removeEventListener("cancel", closed);
      window.removeEventListener("focus", refocused);
      clearTimeout(cap);
      view.removeAttribute(CHOOSING);
    };
    // The focus comes back just before "change": the change, when there is one, is let through first.
    const refocused = () => setTimeout(closed, 1_000);
    const cap = setTimeout(closed, CHOOSING_MAX_MS);
    input.addEventListener("change", closed);
    input.addEventListener("cancel", closed);
    window.addEventListener("focus", refocused, { once: true });
  };
  view.addEventListener(
    "click",
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== "file" || view.hasAttribute("data-edge-live")) return;
      choosing(input);
    },
    true,
  );
  // A chooser opened before the page's scripts ran (scripts/build.mjs) is still open unless a file came back from it.
  // (One cancelled meanwhile holds the island back until the reader's next chooser closes, or the cap.)
  const early = takeEarlyPress((element) => element instanceof HTMLInputElement && element.type === "file" && view.contains(element));
  if (early instanceof HTMLInputElement && !early.files?.length && !view.hasAttribute("data-edge-live")) choosing(early);
}

/** What tells that the reader reaches for a view that has controls (as the `client:interaction` directive). */
const REACHING = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "input"] as const;

/**
 * The page's views and their islands: those the edge did not draw (or drew for another time zone) get theirs now;
 * a view with controls (`data-edge-interactive`) gets its island as soon as the reader reaches for it. Until then its
 * links work as links and what is typed into it is carried over (src/lib/edge-view-mount.tsx).
 */
export function registerViews(views: Record<string, Island>): void {
  for (const [name, island] of Object.entries(views)) {
    islands.set(name, island);
    const view = viewElement(name);
    if (!view) continue;
    if (!isDrawn(view)) {
      takeOver(name);
      continue;
    }
    if (!view.hasAttribute("data-edge-interactive")) continue;
    // A press on a drawn button does nothing until the island is there: the island's button is pressed then.
    replayPress(view);
    watchFileChoosers(view);
    const reach = () => {
      for (const type of REACHING) view.removeEventListener(type, reach, true);
      takeOver(name);
    };
    for (const type of REACHING) view.addEventListener(type, reach, { capture: true, passive: true });
    // Reached for already: focused, or touched before the page's scripts ran (scripts/build.mjs).
    if (view.contains(document.activeElement) || reachedEarly(view)) reach();
  }
}
