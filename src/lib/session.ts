/** The client-side session flags of spec §3–4 (cookies of DESIGN §3; sessionStorage for user and balance). */
import { deleteCookie, readCookie } from "./cookies";

export const AUTH_COOKIES = { accessToken: "auth.accessToken", isAdmin: "auth.isAdmin", kind: "auth.kind" } as const;

export function isSignedIn(): boolean {
  return Boolean(readCookie(AUTH_COOKIES.accessToken));
}

/**
 * Spec §4 logout: clears the access token, refresh token, user and admin flag, but not the balance; an agent then
 * goes to /login and an admin to /admin/login.
 */
export function signOutLocally(kind: "agent" | "admin", locale: string): string {
  for (const name of Object.values(AUTH_COOKIES)) deleteCookie(name);
  try {
    sessionStorage.removeItem("auth.user");
  } catch {
    // Storage refused: nothing kept there either.
  }
  return kind === "admin" ? `/${locale}/admin/login/` : `/${locale}/login/`;
}
