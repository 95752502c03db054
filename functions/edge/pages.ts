/**
 * Page requests: locale, redirect rules, guard, the pre-rendered shell (dynamic ids served with their URL kept),
 * and the error pages (spec §2): 404 "Page not found: {path}", anything else 500 "Internal Server Error".
 */
import { LOCALE_INFO, isLocale, isRtl, type Locale } from "../../src/shared/locales";
import { matchRoute, routePath } from "../../src/shared/routes";
import { parseCookies, secureCookies } from "../http/cookies";
import { guardRedirect, sessionIsLive, signInAfterEnded, viewerOf, type GuardEnv, type Viewer } from "./guard";
import { localeCookieUpdate, preferredLocale, splitLocale } from "../http/locale";
import { createRedirects } from "./redirects";
import { SHELL_HEADER } from "./headers";
import { localizedT } from "../i18n";
import { activeThemeForEdge, type EdgeTheme } from "../services/themes";
import { FIRST_DATA_ID, apiAnswer, firstAnswers, firstDataPath, okAnswers, scriptSafeJson, type ApiAnswer } from "./first-data";
import { withLead } from "./lead";
import { withBanners } from "./banners";
import { bannerSources } from "../../src/shared/banner-markup";
import { edgeViews, withViews, type DrawnView } from "./views";
import { isPrefetch, type ApiHandler } from "./session";
import { accountOf, withAccount, type SessionInfo } from "./views/account-header";

export interface PageEnv extends GuardEnv {
  ASSETS: Fetcher;
  /** For the active theme's colours. */
  DB: D1Database;
}

const decideRedirect = createRedirects();

export function redirect(location: string, status = 302, headers: HeadersInit = {}): Response {
  const response = new Response(null, { status, headers });
  response.headers.set("Location", location);
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * Rewrites a pre-rendered page for this request: light/dark, the active theme's colours (a <style> of CSS custom
 * properties in <head>, so the page paints in the theme's colours without a flash), language links to the exact
 * current path, error text. The home page also gets its banner carousel drawn (edge/banners.ts) and a preload of the
 * first banner: it is the page's largest picture (its LCP on a phone).
 */
function personalize(
  response: Response, cookies: Record<string, string>, rest: string, search: string, siteTheme: EdgeTheme, errorMessage?: string,
  viewer?: Viewer, routeId?: string, data?: Record<string, unknown> | null, params: Record<string, string> = {}, locale?: Locale,
  views: readonly DrawnView[] = [], account: SessionInfo | null = null,
): Response {
  const themeCss = siteTheme.css;
  // The home carousel, drawn here (edge/banners.ts); its first picture is the page's largest (LCP on a phone).
  const banners = routeId === "home" ? siteTheme.banners : null;
  const first = banners?.[0];
  // The same candidates as the picture's srcset (banner-markup.ts), or the browser would fetch the picture twice.
  const sources = first ? bannerSources(first) : null;
  const preload = first
    ? `<link rel="preload" as="image" href="${first.url}"${sources ? ` imagesrcset="${sources.srcset}" imagesizes="${sources.sizes}"` : ""} fetchpriority="high" data-banner-preload>`
    : null;
  const theme = cookies.theme === "dark" ? "dark" : "light";
  let rewriter = new HTMLRewriter()
    .on("html", { element: (el) => void el.setAttribute("data-theme", theme) })
    .on("head", {
      element(el) {
        // themeCss holds only custom properties built from validated #rrggbb colours (services/themes.ts).
        if (themeCss) el.append(`<style data-site-theme>${themeCss}</style>`, { html: true });
        // The addresses are built by the server from stored keys (services/files.ts), never from user text.
        if (preload) el.append(preload, { html: true });
      },
    })
    // The page's own scripts are not requested before its first view is painted (scripts/build.mjs holds them back).
    .on("a[data-locale-link]", {
      element(el) {
        const code = el.getAttribute("data-locale-link");
        if (isLocale(code)) el.setAttribute("href", `/${code}/${rest ? `${rest}/` : ""}${search}`);
      },
    });
  if (viewer?.kind === "User") {
    // Staff never see the agency's money (DESIGN §3): balance, statement links and money wording leave the page
    // here, not just hidden by a script, so they are not in the HTML a staff member receives at all.
    rewriter = rewriter.on("[data-money]", { element: (el) => void el.remove() });
    // Their own wording where the page's speaks of money (a subtitle without "your balance").
    rewriter = rewriter.on("[data-staff-only]", { element: (el) => void el.removeAttribute("hidden") });
  }
  if (banners && locale) rewriter = withBanners(rewriter, banners, locale);
  if (data && locale) rewriter = withLead(rewriter, routeId, data, params, locale);
  rewriter = withViews(rewriter, views);
  if (account && locale) rewriter = withAccount(rewriter, account, locale);
  if (data) {
    // Data, not script: type=application/json never runs (and needs no CSP hash); scriptSafeJson keeps "<" out.
    rewriter = rewriter.on("body", {
      element: (el) => void el.append(`<script type="application/json" id="${FIRST_DATA_ID}">${scriptSafeJson(data)}</script>`, { html: true }),
    });
  }
  if (errorMessage !== undefined) {
    rewriter = rewriter.on("[data-error-message]", { element: (el) => void el.setInnerContent(errorMessage) });
  }
  return rewriter.transform(response);
}

async function fetchAsset(env: PageEnv, base: URL, path: string): Promise<Response> {
  return env.ASSETS.fetch(new Request(new URL(path, base), { method: "GET" }));
}

export async function errorPage(env: PageEnv, request: Request, status: number, locale: Locale): Promise<Response> {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get("Cookie"));
  const notFound = status === 404;
  const t = localizedT(locale);
  // In Arabic and Kurdish the path is set apart as left-to-right text, so "/ar/x/y" does not read "ar/x/y/".
  const path = isRtl(locale) ? `\u2066${url.pathname}\u2069` : url.pathname;
  const message = notFound ? t("error.notFound.message", { path }) : t("error.server.title");
  const shellPath = `/${locale}/error/${notFound ? 404 : 500}/`;
  const shell = await fetchAsset(env, url, shellPath);
  const rest = splitLocale(url.pathname)?.rest ?? url.pathname.replace(/^\/+|\/+$/g, "");
  const viewer = await viewerOf(env, cookies).catch(() => undefined);
  const body = shell.ok ? personalize(shell, cookies, rest, url.search, await activeThemeForEdge(env.DB), message, viewer).body : message;
  return new Response(body, {
    status,
    headers: {
      "Content-Type": shell.ok ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      [SHELL_HEADER]: shellPath,
    },
  });
}

/**
 * Whether the record the address names is unknown to this viewer (its route's `record` call answered 404, or 400
 * for an id the API refuses). The answer is taken from the page's first data when it is one of them (no second call).
 */
async function recordMissing(
  route: { record?: string }, params: Record<string, string>, request: Request, callApi: ApiHandler,
  answers: Promise<Record<string, ApiAnswer>> | null,
): Promise<boolean> {
  const path = route.record ? firstDataPath(route.record, params) : null;
  if (!path) return false;
  const answer = (await answers)?.[path] ?? (await apiAnswer(path, request, callApi));
  return answer?.status === 404 || answer?.status === 400;
}

/** Handles every non-API request; `callApi` answers the route's first data (edge/first-data.ts). */
export async function handlePage(request: Request, env: PageEnv, callApi?: ApiHandler): Promise<Response> {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get("Cookie"));
  const secure = secureCookies(url);

  if (url.pathname === "/") {
    const locale = preferredLocale(cookies, request.headers.get("Accept-Language"));
    return redirect(`/${locale}/${url.search}`, 302, { Vary: "Cookie, Accept-Language" });
  }

  const rule = decideRedirect(url);
  if (rule?.kind === "external") return redirect(rule.location, rule.status);
  const pathname = rule?.kind === "follow" ? rule.path : url.pathname;

  const localized = splitLocale(pathname);
  if (!localized) {
    // Not a page: a static file (/_astro/…, /favicon.svg, /builds/latest.json).
    const asset = await env.ASSETS.fetch(request);
    if (asset.status !== 404) return asset;
    const preferred = preferredLocale(cookies, request.headers.get("Accept-Language"));
    // A page address without its language (/login, /admin, /visa/…/details) goes to the visitor's language, as "/"
    // does: links typed by hand or kept from elsewhere still land.
    const rest = pathname.replace(/^\/+|\/+$/g, "");
    if ((request.method === "GET" || request.method === "HEAD") && matchRoute(rest)) {
      return redirect(`/${preferred}/${rest}/${url.search}`, 302, { Vary: "Cookie, Accept-Language" });
    }
    return errorPage(env, request, 404, preferred);
  }

  const { locale, rest } = localized;
  // The server-error page itself: an island that fails to mount shows it in place (src/lib/app-error.ts).
  if (rest === "error/500" && request.method === "GET") return errorPage(env, request, 500, locale);
  const match = matchRoute(rest);
  if (!match) return errorPage(env, request, 404, locale);
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
  }

  const viewer = await viewerOf(env, cookies);
  const blocked = guardRedirect(match.route, locale, cookies, url.pathname + url.search, viewer);
  if (blocked) return redirect(blocked, 302, { Vary: "Cookie" });

  // A signed token of a session that has ended (logout, revoked, disabled) gets no guarded page (issue 25). Checked in
  // D1 at the same time as the shell is read and the page's data is asked for: no added wait for a live session.
  const live = match.route.middleware.length ? sessionIsLive(env, viewer) : Promise.resolve(true);
  const shellPath = routePath(locale, match.route);
  const shell = await fetchAsset(env, url, shellPath);
  if (!shell.ok) throw new Error(`Missing page shell ${shellPath} (${shell.status}): run npm run build`);
  const signedIn = callApi && viewer?.kind ? callApi : null;
  // One call per API answer: the page's views reuse its first data when they name the same call (a 404 included: a
  // view may draw "not found"); the page carries only the 200 answers as first data.
  const answers = signedIn ? firstAnswers(match.route, match.params, request, signedIn) : null;
  const [isLive, missing, siteTheme, data, views, account] = await Promise.all([
    live,
    signedIn ? recordMissing(match.route, match.params, request, signedIn, answers) : false,
    activeThemeForEdge(env.DB),
    answers?.then(okAnswers) ?? null,
    signedIn && answers ? answers.then((known) => edgeViews(match.route.id, match.params, request, signedIn, locale, known, viewer.kind ?? undefined)) : [],
    // The header's name and balance (edge/views/account-header.ts), on every page that has the account menu.
    signedIn && match.route.layout !== "blank" ? accountOf(request, signedIn) : null,
  ]);
  if (!isLive) {
    const signIn = guardRedirect(match.route, locale, cookies, url.pathname + url.search, { kind: null, verified: true });
    if (signIn) return redirect(await signInAfterEnded(env, signIn, viewer), 302, { Vary: "Cookie" });
  }
  if (missing) return errorPage(env, request, 404, locale);
  const page = personalize(shell, cookies, rest, url.search, siteTheme, undefined, viewer, match.route.id, data, match.params, locale, views, account);
  const response = new Response(page.body, { status: 200, headers: page.headers });
  // The shell was rewritten for this visitor: its ETag no longer describes these bytes.
  response.headers.delete("ETag");
  response.headers.set("Content-Language", LOCALE_INFO[locale].htmlLang);
  // The policy allows this shell's inline scripts only (edge/headers.ts).
  response.headers.set(SHELL_HEADER, shellPath);
  // Pages depend on cookies (theme, guard): never let a shared cache mix visitors. Pages behind the guard are not
  // stored at all, so after a logout the back button asks the edge again instead of showing the account.
  response.headers.set("Cache-Control", match.route.middleware.length ? "no-store" : "private, no-cache");
  // A drawn list depends on the phone hint too (src/lib/screen.ts).
  response.headers.set("Vary", views.length ? "Cookie, Sec-CH-UA-Mobile" : "Cookie");
  // A prefetch changes no state (edge/session.ts isPrefetch): the language link it might be is followed for real.
  const localeCookie = isPrefetch(request) ? null : localeCookieUpdate(cookies, locale, secure);
  if (localeCookie) response.headers.append("Set-Cookie", localeCookie);
  return response;
}
