/**
 * First data (issue 9): for a route that names `firstData` (src/shared/routes.ts), the edge asks the API for those
 * answers with the viewer's own session and writes them into the page as JSON. The island's first GET of the same
 * call takes the answer from the page (src/lib/first-data.ts) instead of waiting for its scripts, then a round trip:
 * on a phone over a slow network that round trip was most of the time to the page's main content.
 *
 * The calls go through the same API handler as the browser's (same authorization, same staff rules), so the page
 * never holds anything its viewer could not fetch. Only 200 answers are written; anything else is left to the
 * island, which asks again and shows the API's answer as usual.
 */
import { AUTH_COOKIES } from "../../src/shared/auth-cookies";
import type { RouteDef } from "../../src/shared/routes";
import { parseCookies } from "../http/cookies";
import { splitLocale } from "../http/locale";
import { LOCALE_COOKIE } from "../../src/shared/locales";
import type { ApiHandler } from "./session";

/** The id of the JSON script element; src/lib/first-data.ts reads it. */
export const FIRST_DATA_ID = "first-data";

/** "visa/one/:id" with the route's params → "/visa/one/abc" (the key the browser's http client looks up). */
export function firstDataPath(template: string, params: Record<string, string>): string | null {
  let missing = false;
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? "");
  });
  return missing ? null : `/${path}`;
}

/**
 * JSON that is safe inside <script type="application/json">: "<" never appears raw (no "</script>" or "<!--" can end
 * or change the element), and U+2028/2029 are escaped for old parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** One API answer as the edge received it: its status, and its JSON body when it had one. */
export interface ApiAnswer {
  status: number;
  body?: unknown;
}

/**
 * The viewer's cookies with the page's language as the locale cookie: what the API writes for the page (events,
 * error texts) is in the page's language even on the first visit to it, before the page's answer sets the cookie
 * (issue 26: an Arabic home page drew its events in English).
 */
function inPageLanguage(cookie: string, pathname: string): string {
  const locale = splitLocale(pathname)?.locale;
  if (!locale) return cookie;
  const others = cookie.split(/;\s*/).filter((part) => part && !part.startsWith(`${LOCALE_COOKIE}=`));
  return [...others, `${LOCALE_COOKIE}=${locale}`].join("; ");
}

/** GETs `path` (under /api) with the viewer's session; null when there is no session or the call failed outright. */
export async function apiAnswer(path: string, request: Request, callApi: ApiHandler): Promise<ApiAnswer | null> {
  const token = parseCookies(request.headers.get("Cookie"))[AUTH_COOKIES.accessToken];
  if (!token) return null;
  const url = new URL(request.url);
  try {
    const response = await callApi(
      new Request(`${url.origin}/api${path}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: "application/json", Cookie: inPageLanguage(request.headers.get("Cookie") ?? "", url.pathname) },
      }),
    );
    if (!/json/i.test(response.headers.get("Content-Type") ?? "")) return { status: response.status };
    return { status: response.status, body: await response.json() };
  } catch {
    return null;
  }
}

/** Every answer of `route.firstData` for this viewer by path, whatever its status (edge views draw a 404 too). */
export async function firstAnswers(
  route: Pick<RouteDef, "firstData">, params: Record<string, string>, request: Request, callApi: ApiHandler,
): Promise<Record<string, ApiAnswer>> {
  const paths = (route.firstData ?? []).map((template) => firstDataPath(template, params)).filter((path): path is string => path !== null);
  const entries = await Promise.all(paths.map(async (path) => [path, await apiAnswer(path, request, callApi)] as const));
  return Object.fromEntries(entries.filter((entry): entry is readonly [string, ApiAnswer] => entry[1] !== null));
}

/** Only the 200 answers with a body (what the page may carry as first data), or null when there is none. */
export function okAnswers(answers: Record<string, ApiAnswer>): Record<string, unknown> | null {
  const found = Object.entries(answers).filter(([, answer]) => answer.status === 200 && answer.body !== undefined);
  return found.length ? Object.fromEntries(found.map(([path, answer]) => [path, answer.body])) : null;
}
