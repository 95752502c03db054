/**
 * The few strings the toaster and the HTTP client need on any page, island or not (issue 9): Base.astro embeds
 * them in the #toaster element (`data-messages`, a few hundred bytes of HTML) and they are registered only when a
 * toast is first shown, so no page loads messages at start for a toast that may never come.
 */
import { addMessages, pageLocale, type Messages } from "./i18n";
import { CREDENTIALS_MESSAGE, NO_RESPONSE_MESSAGE } from "./http";

/** Every key the toaster or the client can show; the page embeds exactly these. */
export const TOAST_KEYS = ["toast.dismiss", "auth.credentialsWrong", "auth.sessionExpired", "errors.noResponse"] as const;

/**
 * The API answers in the page's language (it reads the locale cookie), except the protocol messages that stay
 * English by contract (DESIGN §4). Those are shown through the locale files instead.
 */
export function messageKeyFor(message: string): (typeof TOAST_KEYS)[number] | null {
  if (message === CREDENTIALS_MESSAGE) return "auth.credentialsWrong";
  if (message === NO_RESPONSE_MESSAGE) return "errors.noResponse";
  if (/^(Agent|Admin|User) session expired$/.test(message)) return "auth.sessionExpired";
  return null;
}

let registered: string | undefined;
/** Registers the page's embedded toast strings (once per page). */
export function ensureToastMessages(): void {
  if (typeof document === "undefined") return;
  const raw = document.getElementById("toaster")?.dataset.messages;
  if (!raw || raw === registered) return;
  registered = raw;
  try {
    addMessages(pageLocale(), JSON.parse(raw) as Messages);
  } catch (error) {
    console.debug("toast messages unreadable", error);
  }
}
