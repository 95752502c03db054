/**
 * Astro client directive `client:interaction` (issue 9): the island's pre-rendered HTML is usable at once (fields
 * take typing; its submit button stays disabled, so nothing is sent natively), and the island's code — React
 * included — loads only when the visitor reaches for it: a pointer over it, a touch, focus, a key or typing in it.
 * Values typed before that are kept in the DOM and the island starts from them (readTypedForm). The
 * sign-in pages use it: their first view needs no script at all.
 */
import type { ClientDirective } from "astro";

const EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "input"] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, el) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  for (const type of EVENTS) el.addEventListener(type, start, { capture: true, passive: true });
  // Focus already inside (autofocus, or the visitor tabbed in before this ran).
  if (el.contains(document.activeElement)) start();
};

export default hydrateOnInteraction;
