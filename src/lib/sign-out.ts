/**
 * Spec §4 logout on its own, so the HTTP client (after a failed refresh) and the session store (the sign-out
 * button) both use it and neither has to import the other (issue 11 item 5): api.ts loads this on a failed
 * refresh; session.store.ts imports api.ts and this.
 */
import type { SessionKindName } from "../contract/auth";
import type { StoppedWhy } from "./http";
import { readCookie } from "./cookies";
import { AUTH_COOKIES, adminFlag, sessionKind, signOutLocally } from "./session";

/** How long the server-side logout may take before the local one goes ahead anyway. */
export const LOGOUT_TIMEOUT_MS = 3000;

/**
 * POST auth/logout, best effort: the server revokes the refresh-token family and the edge clears every session
 * cookie, the HttpOnly refresh token included (without it, the edge would sign the visitor in again on the next
 * page). Plain fetch, not the API client: a 401 here must not start a refresh or show a notice.
 */
async function endServerSession(): Promise<void> {
  const token = readCookie(AUTH_COOKIES.accessToken);
  try {
    await fetch(`${import.meta.env.PUBLIC_API_BASE ?? "/api"}/auth/logout`, {
      method: "POST",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: "same-origin",
      signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
    });
  } catch (error) {
    console.debug("server logout failed", error);
  }
}

export interface SignOutOptions {
  /** The kind to log out (the HTTP client names it after a failed refresh); else the current one. */
  kind?: SessionKindName;
  locale?: string;
  /** Where the login page is opened; a replace, so Back does not return to the signed-in page. */
  navigate?: (path: string) => void;
  /** The account's state ended the session: the sign-in page says why (?why=, as the edge sends a page load). */
  why?: StoppedWhy;
}

/**
 * Ends the server session (best effort), then clears the access token, user, admin flag and kind; the balance
 * stays. `beforeNavigate` runs once the local session is gone (the store clears its state there). Answers the
 * login page: /{lang}/login/ for agents and staff, /{lang}/admin/login/ for admins.
 */
export async function endSession(options: SignOutOptions = {}, beforeNavigate?: () => void): Promise<string> {
  const kind = options.kind ?? sessionKind() ?? (adminFlag() ? "Admin" : "Agent");
  const locale = options.locale ?? document.documentElement.dataset.locale ?? "en";
  await endServerSession();
  const target = signOutLocally(kind, locale) + (options.why ? `?why=${options.why}` : "");
  beforeNavigate?.();
  (options.navigate ?? ((path: string) => location.replace(path)))(target);
  return target;
}
