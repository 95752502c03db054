/**
 * The route guard of spec §5 on the session of DESIGN §3, deciding on who the caller IS, not what a cookie says:
 * - login pages are always open (and the registration page, DESIGN §2);
 * - where this worker holds the signing key (the built-in API), the access token's signature, lifetime and kind are
 *   verified here: a forged `auth.isAdmin` cookie or an unsigned token is no session at all;
 * - with API_ORIGIN set, another backend signs the tokens and the edge cannot verify them: it goes by the cookies
 *   as before (README), and that backend's API refuses every call the token does not allow;
 * - no session: an admin page goes to /{lang}/admin/login (whoever bookmarks an admin page is an admin); any
 *   other page to /{lang}/admin/login when the admin flag is set (only a hint of which form to show), else
 *   /{lang}/login; an admin page needs an Admin session, else /{lang}/admin/login;
 * - "money" pages (the agency's statement) are refused to staff users: they go to the home page;
 * - a validly signed token is not yet a session: the session behind it must be live (not logged out, not revoked by a
 *   password change or a disable, within its 30 days) and its account enabled. sessionIsLive checks that in D1, and
 *   the page handler runs it alongside the shell and the page's data, so a live session waits for no extra round trip.
 * Returns where to send the visitor, or null to let them in.
 */
import type { SessionKindName } from "../../src/contract/auth";
import type { Locale } from "../../src/shared/locales";
import type { RouteDef } from "../../src/shared/routes";
import { AUTH_COOKIES as AUTH_COOKIE } from "../../src/shared/auth-cookies";
import { config, type ConfigEnv } from "../config";
import { accountStopped, activeSessionSubject } from "../db/accounts";
import { readAccessToken, type AccessClaims } from "../services/sessions";

const flagSet = (value: string | undefined) => value === "1" || value === "true";

/** Who is asking for a page: the verified session kind, or null without a valid session. */
export interface Viewer {
  kind: SessionKindName | null;
  /** False in API_ORIGIN mode, where the kind is read from the cookies unverified. */
  verified: boolean;
  /** The verified token's claims (built-in API only): whose session to check. */
  claims?: AccessClaims;
}

export interface GuardEnv extends ConfigEnv {
  API_ORIGIN?: string;
  DB: D1Database;
}

/** True when the viewer's session is live in D1 (or cannot be checked here: API_ORIGIN mode, no session at all). */
export async function sessionIsLive(env: GuardEnv, viewer: Viewer): Promise<boolean> {
  if (!viewer.claims) return true;
  return Boolean(await activeSessionSubject(env.DB, viewer.claims.kind, viewer.claims.sub, viewer.claims.sid));
}

/**
 * The sign-in page for a viewer whose session ended, saying why when it was the account's state (issue 26 item 5): a
 * disabled agency lands on "your agency was disabled by the office", not on a sign-in form without a word.
 */
export async function signInAfterEnded(env: GuardEnv, signIn: string, viewer: Viewer): Promise<string> {
  const claims = viewer.claims;
  if (!claims) return signIn;
  const why = await accountStopped(env.DB, claims.kind, claims.sub).catch(() => null);
  return why ? `${signIn}${signIn.includes("?") ? "&" : "?"}why=${why}` : signIn;
}

export async function viewerOf(env: GuardEnv, cookies: Record<string, string>): Promise<Viewer> {
  const token = cookies[AUTH_COOKIE.accessToken];
  if (env.API_ORIGIN?.trim()) {
    if (!token) return { kind: null, verified: false };
    const kind = cookies[AUTH_COOKIE.kind];
    const claimed: SessionKindName = flagSet(cookies[AUTH_COOKIE.isAdmin]) ? "Admin" : kind === "User" ? "User" : "Agent";
    return { kind: claimed, verified: false };
  }
  if (!token) return { kind: null, verified: true };
  try {
    const claims = await readAccessToken(config(env), token);
    return claims ? { kind: claims.kind, verified: true, claims } : { kind: null, verified: true };
  } catch {
    // No signing key in this deployment (config.ts logs it): nobody has a session.
    return { kind: null, verified: true };
  }
}

export function guardRedirect(route: RouteDef, locale: Locale, cookies: Record<string, string>, requested: string, viewer: Viewer): string | null {
  const needs = new Set(route.middleware);
  if (needs.size === 0) return null;
  const next = `?next=${encodeURIComponent(requested)}`;
  if (needs.has("auth") && !viewer.kind) {
    return needs.has("admin") || flagSet(cookies[AUTH_COOKIE.isAdmin]) ? `/${locale}/admin/login/${next}` : `/${locale}/login/${next}`;
  }
  if (needs.has("admin") && viewer.kind !== "Admin") return `/${locale}/admin/login/${next}`;
  if (needs.has("money") && viewer.kind === "User") return `/${locale}/`;
  return null;
}
