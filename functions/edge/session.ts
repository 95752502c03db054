/**
 * Session cookies at the edge (DESIGN §3). Scripts never hold a refresh token:
 * - login and refresh answers: the edge sets auth.accessToken (readable, lives as long as the token),
 *   auth.refreshToken (HttpOnly), auth.kind and auth.isAdmin (readable), and strips refresh_token from the JSON;
 * - refresh and logout calls: the edge fills {refreshToken} from the HttpOnly cookie;
 * - a failed refresh or a logout clears the cookies;
 * - a page needing a session, requested without a live access token but with a refresh cookie, is refreshed here
 *   first and served with the new cookies instead of bouncing to the login page.
 * The same code runs in front of the built-in API and in front of API_ORIGIN (another backend of this contract).
 */
import { AUTH_COOKIES } from "../../src/shared/auth-cookies";
import type { SessionKindName } from "../../src/contract/auth";
import { config, type ConfigEnv } from "../config";
import { readTextLimited } from "../http/body";
import { parseCookies, secureCookies, serializeCookie } from "../http/cookies";
import { unverifiedClaims } from "../services/sessions";

const REFRESH_PATH = /^\/api\/auth\/refresh(Agent|User|Admin)Token\/?$/;
const LOGIN_PATH = /^\/api\/auth\/login(Agent|Admin)\/?$/;
const LOGOUT_PATH = /^\/api\/auth\/logout\/?$/;
/**
 * Refresh a little before expiry, so a page does not load with a token that dies in flight: 5 s, or a tenth of the
 * token's lifetime when that is shorter (test tokens live 5 s; a margin as long as the token would refresh always).
 */
const EXPIRY_MARGIN_S = 5;

export type ApiHandler = (request: Request) => Promise<Response>;

const isKind = (value: unknown): value is SessionKindName => value === "Agent" || value === "Admin" || value === "User";

/** Seconds until a JWT expires (unverified: only to size the cookie); null when it is not a JWT with exp. */
export function secondsLeft(token: string | undefined, now = Date.now()): number | null {
  if (!token) return null;
  const { exp } = unverifiedClaims(token);
  return typeof exp === "number" ? Math.floor(exp - now / 1000) : null;
}

/** True while the access token is good for at least the margin (a token that is not a JWT counts as live). */
function accessIsLive(token: string | undefined): boolean {
  if (!token) return false;
  const left = secondsLeft(token);
  if (left === null) return true;
  const { exp, iat } = unverifiedClaims(token);
  const lifetime = typeof exp === "number" && typeof iat === "number" ? exp - iat : Infinity;
  return left > Math.min(EXPIRY_MARGIN_S, lifetime / 10);
}

/**
 * A speculative load (spec §9's prefetch: `Sec-Purpose: prefetch`, the speculation rules of src/lib/prefetch.ts) may
 * never be used, or be cut off before its answer arrives. It must change nothing: it never uses the refresh token (a
 * rotation whose Set-Cookie is lost would leave the browser holding a spent token, and its reuse after the grace
 * window ends the session) and never moves the locale cookie.
 */
export const isPrefetch = (request: Request) =>
  /prefetch/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? request.headers.get("X-Moz") ?? "");

function sessionCookies(url: URL, env: ConfigEnv, body: { access_token: string; refresh_token?: string }, kind: SessionKindName): string[] {
  const secure = secureCookies(url);
  const cfg = config(env);
  const accessAge = Math.max(0, Math.min(secondsLeft(body.access_token) ?? cfg.accessTtl, cfg.accessTtl));
  const cookies = [
    serializeCookie(AUTH_COOKIES.accessToken, body.access_token, { maxAge: accessAge, secure }),
    serializeCookie(AUTH_COOKIES.kind, kind, { maxAge: cfg.sessionTtl, secure }),
    kind === "Admin"
      ? serializeCookie(AUTH_COOKIES.isAdmin, "1", { maxAge: cfg.sessionTtl, secure })
      : serializeCookie(AUTH_COOKIES.isAdmin, "", { maxAge: 0, secure }),
  ];
  if (body.refresh_token) {
    cookies.push(serializeCookie(AUTH_COOKIES.refreshToken, body.refresh_token, { maxAge: cfg.sessionTtl, secure, httpOnly: true }));
  }
  return cookies;
}

/** Clears the session; the admin flag survives a failed refresh so the guard still sends an admin to /admin/login. */
function clearCookies(url: URL, withAdminFlag: boolean): string[] {
  const secure = secureCookies(url);
  const names: string[] = [AUTH_COOKIES.accessToken, AUTH_COOKIES.kind, AUTH_COOKIES.refreshToken];
  if (withAdminFlag) names.push(AUTH_COOKIES.isAdmin);
  return names.map((name) => serializeCookie(name, "", { maxAge: 0, secure, httpOnly: name === AUTH_COOKIES.refreshToken }));
}

/** Puts the refresh cookie into a refresh or logout call whose body does not carry a token. */
async function withRefreshToken(request: Request, token: string | undefined): Promise<Request> {
  if (!token) return request;
  let body: Record<string, unknown> = {};
  try {
    // A refresh or logout body is a few bytes: read at most 4 KB of it (a larger one goes on to the API, which refuses it).
    const parsed: unknown = JSON.parse((await readTextLimited(request.clone(), 4096)) || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    return request; // Not JSON: the API answers its 400.
  }
  if (typeof body.refreshToken === "string" && body.refreshToken) return request;
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/json");
  headers.delete("Content-Length");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify({ ...body, refreshToken: token }) });
}

/** Replaces the JSON body of a response, keeping status and headers. */
function withJson(response: Response, body: unknown): Response {
  const out = new Response(JSON.stringify(body), response);
  out.headers.delete("Content-Length");
  out.headers.set("Content-Type", "application/json; charset=utf-8");
  return out;
}

/** Runs an /api call with the session cookie handling around it. */
export async function handleApiWithSession(request: Request, env: ConfigEnv, handler: ApiHandler): Promise<Response> {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get("Cookie"));
  const refreshMatch = REFRESH_PATH.exec(url.pathname);
  const login = LOGIN_PATH.test(url.pathname);
  const logout = LOGOUT_PATH.test(url.pathname);
  if (request.method !== "POST" || (!refreshMatch && !login && !logout)) return handler(request);

  const response = await handler(refreshMatch || logout ? await withRefreshToken(request, cookies[AUTH_COOKIES.refreshToken]) : request);
  if (logout) return appendCookies(response, clearCookies(url, true));
  if (!response.ok) return refreshMatch && response.status === 401 ? appendCookies(response, clearCookies(url, false)) : response;

  let body: Record<string, unknown>;
  try {
    body = (await response.clone().json()) as Record<string, unknown>;
  } catch {
    return response;
  }
  if (typeof body.access_token !== "string") return response;
  const kind: SessionKindName = refreshMatch
    ? (refreshMatch[1] as SessionKindName)
    : isKind(body.kind) ? body.kind : body.admin ? "Admin" : body.user ? "User" : "Agent";
  const { refresh_token, ...visible } = body;
  const out = withJson(response, { ...visible, kind });
  return appendCookies(out, sessionCookies(url, env, { access_token: body.access_token, refresh_token: typeof refresh_token === "string" ? refresh_token : undefined }, kind));
}

function appendCookies(response: Response, cookies: string[]): Response {
  const out = new Response(response.body, response);
  for (const cookie of cookies) out.headers.append("Set-Cookie", cookie);
  out.headers.set("Cache-Control", "no-store");
  return out;
}

/** The access cookie is gone or about to expire while a refresh cookie could renew it. */
export function needsRefresh(request: Request): boolean {
  const cookies = parseCookies(request.headers.get("Cookie"));
  return !accessIsLive(cookies[AUTH_COOKIES.accessToken]) && Boolean(cookies[AUTH_COOKIES.refreshToken]) && isKind(cookies[AUTH_COOKIES.kind]);
}

export interface PageRefresh {
  /** The request with the new access token in its Cookie header, for the guard. */
  request: Request;
  setCookies: string[];
}

/**
 * For a page that needs a session: when the access token is missing or about to expire but a refresh cookie is
 * there, refresh now. Answers null when nothing was needed.
 */
export async function refreshForPage(request: Request, env: ConfigEnv, handler: ApiHandler): Promise<PageRefresh | null> {
  if (!needsRefresh(request)) return null;
  const cookies = parseCookies(request.headers.get("Cookie"));
  const kind = cookies[AUTH_COOKIES.kind] as SessionKindName;

  const url = new URL(request.url);
  const call = new Request(new URL(`/api/auth/refresh${kind}Token`, url), {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url.origin, Cookie: request.headers.get("Cookie") ?? "" },
    body: JSON.stringify({ refreshToken: "" }),
  });
  const answer = await handleApiWithSession(call, env, handler);
  const setCookies = answer.headers.getSetCookie();
  // Whatever happened, the page is judged on the cookies the browser will hold after this response.
  const next = { ...cookies };
  for (const line of setCookies) {
    const [pair = "", ...attrs] = line.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
    if (attrs.some((a) => a.trim() === "Max-Age=0")) delete next[name];
    else next[name] = value;
  }
  const headers = new Headers(request.headers);
  headers.set("Cookie", Object.entries(next).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "));
  return { request: new Request(request, { headers }), setCookies };
}

/** The /api handler: the built-in API, or API_ORIGIN when set (same paths, same contract). */
export function apiHandler(env: { API_ORIGIN?: string }, builtIn: ApiHandler): ApiHandler {
  const origin = env.API_ORIGIN?.trim();
  if (!origin) return builtIn;
  return async (request) => {
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, origin);
    const headers = new Headers(request.headers);
    // The edge already checked that state-changing calls come from our site (worker.ts); the backend sees a server call.
    headers.delete("Origin");
    headers.delete("Cookie");
    for (const name of [...headers.keys()]) if (name.startsWith("sec-fetch-")) headers.delete(name);
    const ip = request.headers.get("CF-Connecting-IP");
    if (ip) headers.set("X-Forwarded-For", ip);
    const init: RequestInit = { method: request.method, headers, redirect: "manual" };
    // Passed on as a stream: the edge never holds a whole body (the backend applies its own limits).
    if (!["GET", "HEAD"].includes(request.method)) init.body = request.body;
    const response = await fetch(target, init);
    return new Response(response.body, response);
  };
}
