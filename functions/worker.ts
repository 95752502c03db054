/**
 * The whole server (DESIGN §1): the edge in front of the pre-rendered pages and the JSON API under /api.
 * Every response leaves through withSecurityHeaders; any failure becomes the 500 page.
 */
import { api, type ApiEnv } from "./api/app";
import { SHELL_HEADER, loadScriptHashes, withSecurityHeaders } from "./edge/headers";
import { errorPage, handlePage, type PageEnv } from "./edge/pages";
import { parseCookies } from "./http/cookies";
import { preferredLocale, splitLocale } from "./http/locale";
import { isForeignOrigin } from "./http/origin";
import { apiHandler, handleApiWithSession, isPrefetch, needsRefresh, refreshForPage } from "./edge/session";
import { matchRoute } from "../src/shared/routes";
import { createRedirects } from "./edge/redirects";
import { isPublicFile } from "./services/files";
import { sharedStatus } from "./services/share-links";
import { shareGone, sharePage, shareTooMany } from "./edge/views/share-page";
import { ApiError } from "./errors";
import { runSchedule } from "./scheduled";

export { NotificationHub } from "./hub/notification-hub";

export interface Env extends ApiEnv, PageEnv {
  API_ORIGIN?: string;
  FIREBASE_CONFIG?: string;
}

/** A forwarded call never reaches our API's own origin check, so the edge makes it (DESIGN §11). */
const foreignOriginAnswer = () =>
  Response.json(
    { statusCode: 403, message: "Requests from other websites are not allowed.", error: "Forbidden", code: "FOREIGN_ORIGIN" },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );

export async function handle(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const callApi = apiHandler(env, (req) => Promise.resolve(api.fetch(req, env)));
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
    if (env.API_ORIGIN && isForeignOrigin(request)) return foreignOriginAnswer();
    // An <img> of a page left open past the access token's life: refresh at the edge like a page navigation, so
    // the picture loads and the page gets fresh cookies. Parallel image loads holding the same refresh token are
    // safe: a token used again within the grace window gets the same successor (services/sessions.ts).
    const fileRefresh = isGuardedFileGet(request, url) ? await refreshForPage(request, env, callApi) : null;
    if (!fileRefresh) return handleApiWithSession(request, env, callApi);
    const file = await handleApiWithSession(fileRefresh.request, env, callApi);
    const out = new Response(file.body, file);
    for (const cookie of fileRefresh.setCookies) out.headers.append("Set-Cookie", cookie);
    out.headers.set("Cache-Control", "private, no-store");
    return out;
  }
  const share = /^\/s\/([^/]*)\/?$/.exec(url.pathname);
  if (share && (request.method === "GET" || request.method === "HEAD")) return shareAnswer(request, env, share[1]!);
  if (needsSession(url) && isPrefetch(request) && needsRefresh(request)) {
    // A prefetch that would need a refresh is not worth one (see isPrefetch): the real navigation will do it. Declined
    // with an error status, which the browser never keeps for the click: a 204 is an "ok status" that a speculation-rules
    // prefetch stores and hands to the navigation, and a 204 navigation does nothing (the click would be lost).
    return new Response(null, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "0" } });
  }
  const refreshed = needsSession(url) ? await refreshForPage(request, env, callApi) : null;
  const page = await handlePage(refreshed?.request ?? request, env, callApi);
  if (!refreshed) return page;
  const out = new Response(page.body, page);
  for (const cookie of refreshed.setCookies) out.headers.append("Set-Cookie", cookie);
  out.headers.set("Cache-Control", "no-store");
  return out;
}

/** GET /s/{token}: the traveller's status page (issue 29), no session. Unknown, revoked and expired look the same. */
async function shareAnswer(request: Request, env: Env, token: string): Promise<Response> {
  const ip = request.headers.get("CF-Connecting-IP") ?? "unknown";
  const visitorLocale = preferredLocale(parseCookies(request.headers.get("Cookie")), request.headers.get("Accept-Language"));
  try {
    const shared = await sharedStatus(env.DB, token, ip);
    return shared ? sharePage(shared) : shareGone(visitorLocale);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 429) return shareTooMany(visitorLocale, error.headers["Retry-After"] ?? "60");
    throw error;
  }
}

/** A GET of a file that needs a session (DESIGN §8): theme images are public and never refresh. */
function isGuardedFileGet(request: Request, url: URL): boolean {
  if (request.method !== "GET" || !url.pathname.startsWith("/api/files/")) return false;
  return !isPublicFile(url.pathname.slice("/api/files/".length));
}

const followedRule = createRedirects();

/**
 * Pages whose route asks for a session (spec §5); assets and login pages never trigger a refresh. A path that a
 * redirect rule follows at the edge is judged by its target, so it gets the same refresh as the page itself.
 */
function needsSession(url: URL): boolean {
  const rule = followedRule(url);
  const localized = splitLocale(rule?.kind === "follow" ? rule.path : url.pathname);
  const match = localized ? matchRoute(localized.rest) : null;
  return Boolean(match?.route.middleware.includes("auth"));
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    let response: Response;
    try {
      response = await handle(request, env);
      // A WebSocket upgrade (api/live) is handed over as it is: its headers were settled before the handshake.
      if (response.status === 101) return response;
    } catch (error) {
      // One JSON line, like the API's (api/call-log.ts): Workers Logs indexes its fields. No query string, no headers.
      const stack = error instanceof Error ? error.stack ?? error.message : String(error);
      console.error(JSON.stringify({ type: "page", level: "error", requestId: request.headers.get("CF-Ray"), method: request.method, path: url.pathname, status: 500, error: stack }));
      const cookies = parseCookies(request.headers.get("Cookie"));
      const locale = splitLocale(url.pathname)?.locale ?? preferredLocale(cookies, request.headers.get("Accept-Language"));
      response = await errorPage(env, request, 500, locale).catch(() => new Response("Internal Server Error", { status: 500 }));
    }
    const scriptHashes = await loadScriptHashes(env.ASSETS, url, response.headers.get(SHELL_HEADER));
    return withSecurityHeaders(response, { scriptHashes, firebase: Boolean(env.FIREBASE_CONFIG) });
  },
  // The Cron Trigger (wrangler.toml [triggers]): overdue-debt reminders (issue 30). Awaited: it is the whole event.
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    await runSchedule(controller, env);
  },
} satisfies ExportedHandler<Env>;
