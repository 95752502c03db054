/**
 * Which of a responsive pair of layouts to draw (issue 9). A list that is a table from md up and cards below used to
 * draw both and let CSS hide one, so every phone parsed, styled and kept a whole hidden table (the admin visa list:
 * 97 of its 225 KB). Now:
 * - in the browser the screen says: only the layout it shows, switched live when the window crosses md;
 * - at the edge the request says: a phone (`Sec-CH-UA-Mobile: ?1`, sent by Chromium browsers unasked) gets only the
 *   cards, shown at every width until the island takes over; anything else gets both, as before, so a browser that
 *   does not say still gets the right one from its CSS (functions/edge/views.tsx);
 * - with neither (the Worker without the hint, a test DOM without matchMedia): both.
 */
import { createContext, useContext, useSyncExternalStore } from "react";

/** "any": draw both and let CSS pick; "narrow": only the small-screen layout; "wide": only the md-and-up one. */
export type Screen = "any" | "narrow" | "wide";

/** What the page knows before any script: the edge sets it from the request while it draws. */
export const ScreenContext = createContext<Screen>("any");

/** md, where the lists turn from cards into tables: spec §9's 960 px (--breakpoint-md in src/styles/global.css). */
export const MD_PX = 960;
const WIDE = `(min-width: ${MD_PX}px)`;

/** The part of a MediaQueryList read here (typed without the DOM library: the Worker compiles this file too). */
interface WidthQuery {
  readonly matches: boolean;
  addEventListener(type: "change", listener: () => void): void;
  removeEventListener(type: "change", listener: () => void): void;
}

const query = (): WidthQuery | null => {
  const scope = globalThis as { matchMedia?: (media: string) => WidthQuery };
  // Called on its window: a detached matchMedia throws "Illegal invocation".
  return typeof scope.matchMedia === "function" ? scope.matchMedia(WIDE) : null;
};

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

const measured = (): Screen => {
  const list = query();
  return list === null ? "any" : list.matches ? "wide" : "narrow";
};

/** The layout to draw: the screen's own when the browser can tell, else what the edge was told. */
export function useScreen(): Screen {
  const told = useContext(ScreenContext);
  // On the server (and while hydrating server HTML) the screen is unknown: what the page was drawn with.
  const screen = useSyncExternalStore(subscribe, measured, () => "any" as Screen);
  return screen === "any" ? told : screen;
}

/** Classes for the two layouts: the CSS switch only when both are drawn; a lone layout shows at every width. */
export function screenClasses(screen: Screen): { wide: string; narrow: string } {
  return screen === "any" ? { wide: "hidden md:block", narrow: "md:hidden" } : { wide: "", narrow: "" };
}

/** The phone hint of a request (a low-entropy client hint: no Accept-CH needed). */
export const screenOfRequest = (headers: Headers): Screen => (headers.get("Sec-CH-UA-Mobile") === "?1" ? "narrow" : "any");
