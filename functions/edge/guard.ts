/**
 * The route guard of spec §5, on the cookies of DESIGN §3:
 * - login pages are always open (and the registration page, DESIGN §2);
 * - no access token: to /{lang}/admin/login when the admin flag is set, else /{lang}/login;
 * - an admin page needs the admin flag, else /{lang}/admin/login.
 * Returns where to send the visitor, or null to let them in.
 */
import type { Locale } from "../../src/shared/locales";
import type { RouteDef } from "../../src/shared/routes";
import { AUTH_COOKIES as AUTH_COOKIE } from "../../src/shared/auth-cookies";

const flagSet = (value: string | undefined) => value === "1" || value === "true";

export function guardRedirect(route: RouteDef, locale: Locale, cookies: Record<string, string>, requested: string): string | null {
  const needs = new Set(route.middleware);
  if (needs.size === 0) return null;
  const isAdmin = flagSet(cookies[AUTH_COOKIE.isAdmin]);
  const next = `?next=${encodeURIComponent(requested)}`;
  if (needs.has("auth") && !cookies[AUTH_COOKIE.accessToken]) {
    return isAdmin ? `/${locale}/admin/login/${next}` : `/${locale}/login/${next}`;
  }
  if (needs.has("admin") && !isAdmin) return `/${locale}/admin/login/${next}`;
  return null;
}
