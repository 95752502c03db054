/** The token refresh of the HTTP client (src/lib/api.ts loads it on the first 401 that needs one). */
import { readCookie } from "./cookies";
import { stoppedWhy, type SessionKind, type SessionStopped } from "./http";
import { AUTH_COOKIES, sessionKind } from "./session";

/**
 * Spec §4: runs only when a refresh token exists (the auth.kind cookie says so); answers the new access token, or
 * false (with a debug log) when the server answered anything but success; rejects when no answer came at all. The browser holds one refresh token, of the kind in that cookie: when a 401 names another kind (a request
 * that went out without a bearer is "Agent" by default), that token's own refresh call is the one that can work.
 */
/**
 * A refresh token is good for one use: two tabs refreshing at once would look like a stolen token and end the
 * session. The Web Locks API makes the tabs of this browser take turns; a tab that waited finds the token the
 * other tab got in the cookie and uses it instead of refreshing again.
 */
export async function refreshSession(named: SessionKind): Promise<string | false | SessionStopped> {
  const seen = readCookie(AUTH_COOKIES.accessToken);
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (!locks) return refreshNow(named);
  return locks.request("auth.refresh", async () => {
    const current = readCookie(AUTH_COOKIES.accessToken);
    return current && current !== seen ? current : refreshNow(named);
  });
}

async function refreshNow(named: SessionKind): Promise<string | false | SessionStopped> {
  const kind = sessionKind();
  if (!kind) return false;
  if (kind !== named) console.debug(`401 named ${named}, refreshing the ${kind} session this browser holds`);
  // No answer at all (offline, the server restarting) rejects, and the HTTP client then signs nobody out: the
  // product cannot tell whether the session is over. Any answer that is not a success is spec §8's failed refresh.
  const response = await fetch(`${import.meta.env.PUBLIC_API_BASE ?? "/api"}/auth/refresh${kind}Token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ refreshToken: "" }),
    credentials: "same-origin",
  }).catch((error: unknown) => {
    console.debug("token refresh got no answer", error);
    throw error;
  });
  if (!response.ok) {
    console.debug(`token refresh failed: ${response.status}`);
    // The account's state ended the session (issue 26): the sign-in page will say why.
    const why = stoppedWhy(((await response.json().catch(() => null)) as { code?: unknown } | null)?.code);
    return why ? { stopped: why } : false;
  }
  const body = (await response.json()) as { access_token?: string };
  return body.access_token ?? readCookie(AUTH_COOKIES.accessToken) ?? false;
}

