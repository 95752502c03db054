/**
 * Where to go after signing in: the `next` the guard put in the query (spec §5 sends visitors to the login page
 * with the page they asked for), but only a path of this site, in the page's language and in the area this login
 * serves. Anything else (another origin, `//evil.com`, `/\evil.com`, `javascript:`, another language, an admin page
 * after an agent login, a login page) falls back to the area's home: never an open redirect.
 */
export type LoginArea = "agent" | "admin";

export function defaultTarget(area: LoginArea, locale: string): string {
  return area === "admin" ? `/${locale}/admin/` : `/${locale}/`;
}

export function safeNextTarget(next: string | null | undefined, area: LoginArea, locale: string, origin: string): string {
  const fallback = defaultTarget(area, locale);
  // Only a plain absolute path: no scheme, no "//host", no backslashes or control characters that URL parsing
  // would quietly turn into a host.
  if (!next || !next.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(next) || next.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith("//")) return fallback;
  const path = url.pathname;
  const home = `/${locale}/`;
  const adminHome = `/${locale}/admin`;
  const inAdmin = path === adminHome || path.startsWith(`${adminHome}/`);
  if (!(path === `/${locale}` || path.startsWith(home))) return fallback;
  if (area === "admin" ? !inAdmin : inAdmin) return fallback;
  // Back to a sign-in page would only ask again.
  if (/^\/[a-z]{2}\/(admin\/)?login\/?$/.test(path)) return fallback;
  return `${path}${url.search}${url.hash}`;
}
