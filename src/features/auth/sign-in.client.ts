/**
 * The sign-in, registration and invitation pages (issue 9): the form is in the HTML, complete, from the build, and
 * takes typing before any script runs (its submit button stays disabled, so nothing is sent natively). Its island
 * loads only when the visitor reaches for the form, renders beside it, and swaps in within one task, carrying over
 * what was typed, the focus and the caret (src/lib/edge-view-mount.tsx): no keystroke can fall between the two, as
 * one could while React hydrated a controlled field that was still being typed into.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({
  "login-form": () => import("./LoginForm"),
  "register-form": () => import("./RegisterForm"),
});

// The edge sent a reader whose session ended because of the account's state here with ?why=: say it (issue 26).
const why = new URLSearchParams(location.search).get("why");
if (why) document.querySelector<HTMLElement>(`[data-sign-in-why="${CSS.escape(why)}"]`)?.removeAttribute("hidden");
