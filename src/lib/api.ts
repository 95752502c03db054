/**
 * The app's HTTP client: src/lib/http.ts wired to the browser session (cookies of DESIGN §3), the toasts and
 * the spec §4 logout. The refresh token itself is an HttpOnly cookie the edge fills into the refresh call.
 */
import { readCookie } from "./cookies";
import { createHttp, type SessionKind } from "./http";
import { AUTH_COOKIES, signOutLocally } from "./session";
import { toast } from "./toast.store";

const locale = () => (typeof document === "undefined" ? "en" : (document.documentElement.dataset.locale ?? "en"));

/** Spec §4: runs only when a refresh token exists (the auth.kind cookie says so); answers the new access token or false. */
async function refreshSession(kind: SessionKind): Promise<string | false> {
  if (!readCookie(AUTH_COOKIES.kind)) return false;
  try {
    const response = await fetch(`${import.meta.env.PUBLIC_API_BASE ?? "/api"}/auth/refresh${kind}Token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ refreshToken: "" }),
      credentials: "same-origin",
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { access_token?: string };
    return body.access_token ?? readCookie(AUTH_COOKIES.accessToken) ?? false;
  } catch (error) {
    console.debug("token refresh failed", error);
    return false;
  }
}

export const api = createHttp({
  baseURL: import.meta.env.PUBLIC_API_BASE ?? "/api",
  accessToken: () => readCookie(AUTH_COOKIES.accessToken),
  refresh: refreshSession,
  logout: (kind) => location.replace(signOutLocally(kind === "Admin" ? "admin" : "agent", locale())),
  notifyError: (message) => void toast.error(message),
});
