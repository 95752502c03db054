/**
 * File choosers opened from a view the edge drew (src/lib/edge-views.ts watches them; src/lib/edge-view-mount.tsx waits
 * for them before the island takes the view over). A module of its own so the mount, loaded by edge-views.ts on
 * demand, does not import edge-views.ts back (no import circle; tests/unit/layering.test.ts).
 */
import { takeEarlyPress } from "./early-press";

/** The mark on a view while a file chooser opened from one of its drawn file inputs is open (edge-view-mount waits). */
export const CHOOSING = "data-edge-choosing";
/** A chooser that never reported back (one the browser did not open, say) holds the island back no longer than this. */
const CHOOSING_MAX_MS = 60_000;

/**
 * A file chooser opened from a drawn file input: the island must not take that input's place while it is open, or the
 * file the reader picks goes to an input no longer in the page and is lost. The view carries CHOOSING until the
 * chooser closes: "change" (a file picked: the mount carries it over), "cancel", or, where "cancel" is not fired, the
 * window getting the focus back.
 */
export function watchFileChoosers(view: HTMLElement): void {
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
