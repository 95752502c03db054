/** The client-side session flags of spec §3–4 (cookies of DESIGN §3; sessionStorage for user and balance). */
import { AUTH_COOKIES } from "./auth-cookies";
import { deleteCookie, readCookie } from "./cookies";

export { AUTH_COOKIES };

export function isSignedIn(): boolean {
  return Boolean(readCookie(AUTH_COOKIES.accessToken));
}

/**
 * Spec §4 logout: clears the access token, refresh token, user and admin flag, but not the balance; an agent then
 * goes to /login and an admin to /admin/login.
 */
export function signOutLocally(kind: "agent" | "admin", locale: string): string {
  // The refresh token is HttpOnly: only the server-side logout (with sign-in) can end it.
  for (const name of [AUTH_COOKIES.accessToken, AUTH_COOKIES.isAdmin, AUTH_COOKIES.kind]) deleteCookie(name);
  try {
    sessionStorage.removeItem("auth.user");
  } catch {
    // Storage refused: nothing kept there either.
  }
  return kind === "admin" ? `/${locale}/admin/login/` : `/${locale}/login/`;
}
