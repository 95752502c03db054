/**
 * Views the edge draws into a page (issue 9): the page's main content rendered with the same React components the
 * browser would use, from the viewer's own API answers, so the first view needs no script and no React at all. A
 * page opts in with `<div data-edge-view="name">` (its pre-rendered skeleton inside); the browser puts the island in
 * its place only when the edge could not draw it or the page must show a change live (src/lib/edge-views.ts).
 *
 * The data comes through the same in-process API calls as first data (first-data.ts): same authorization, same staff
 * rules (no prices for staff). Only 200 answers are drawn: a view whose call failed is left to the browser.
 *
 * Each feature's views (functions/edge/views/*.tsx: its React components) and React's server renderer
 * (views/draw.tsx) are imported by the first page that draws them, not when an isolate starts (issue 31): an isolate
 * that serves API calls, sign-in pages or assets never evaluates them, and one that draws the catalogue never loads
 * the admin pages. The deploy build (scripts/worker-build.mjs) makes each a module of its own.
 */
import type { Locale } from "../../src/shared/locales";
import { TIME_ZONE_COOKIE, knownTimeZone } from "../../src/shared/time-zone";
import { parseCookies } from "../http/cookies";
import { apiAnswer, firstDataPath, type ApiAnswer } from "./first-data";
import type { ApiHandler } from "./session";
import type { EdgeView, ViewRegistry, ViewerKind } from "./views/view";

const account = () => import("./views/account").then((m) => m.accountViews);
const admin = () => import("./views/admin").then((m) => m.adminViews);
const catalogue = () => import("./views/catalogue").then((m) => m.catalogueViews);
const feeds = () => import("./views/feeds").then((m) => m.feedViews);
const filing = () => import("./views/filing").then((m) => m.filingViews);
const groups = () => import("./views/groups").then((m) => m.groupsViews);
const requests = () => import("./views/requests").then((m) => m.requestsViews);
const translation = () => import("./views/translation").then((m) => m.translationViews);
const wallet = () => import("./views/wallet").then((m) => m.walletViews);

/**
 * Route id → the feature registry that holds its page's views (which views, and how each is drawn, stay in the
 * registry's own `routes` and `views`). tests/worker/edge-view-routes.test.ts fails when this table and the
 * registries disagree, so a new page's views are never silently left undrawn.
 */
export const VIEW_FEATURES: Readonly<Record<string, () => Promise<ViewRegistry>>> = {
  home: catalogue, featured: catalogue, visa: catalogue, "available-visa": catalogue, "visa-details": catalogue,
  information: account, activity: account,
  news: feeds, events: feeds,
  "visa-request": filing,
  requests, "request-details": requests, print: requests,
  translation, "translation-requests": translation,
  transactions: wallet, "transactions-old": wallet, "top-up": wallet, branding: wallet,
  admin, "admin-visa-list": admin, "admin-countries": admin, "admin-visa-requirements": admin, "admin-news": admin,
  "admin-events": admin, "admin-translation-languages": admin, "admin-translation": admin, "admin-transactions": admin,
  "admin-agents-list": admin, "admin-requests-list": admin, "admin-requests": admin, "admin-translation-requests": admin,
  "admin-request": admin,
  "admin-agent": admin,
  "admin-top-ups": admin, "admin-audit-log": admin, "admin-agent-groups": admin,
  "admin-theme": admin,
  groups, "group-details": groups, "group-print": groups,
};

export interface DrawnView {
  name: string;
  html: string;
  timeZone?: string;
}

/**
 * The route's views drawn for this viewer (those whose calls all answered as the view draws). `known` are answers
 * the page already fetched (its first data, by path): a view's call reuses them instead of asking twice.
 */
export async function edgeViews(
  routeId: string, params: Record<string, string>, request: Request, callApi: ApiHandler, locale: Locale,
  known: Record<string, ApiAnswer> = {}, viewer: ViewerKind = "Agent",
): Promise<DrawnView[]> {
  const feature = VIEW_FEATURES[routeId];
  if (!feature) return [];
  // The renderer loads while the feature's calls are made.
  const drawing = import("./views/draw");
  const registry = await feature();
  const names = registry.routes[routeId] ?? [];
  if (!names.length) return [];
  const url = new URL(request.url);
  const pathsOf = (view: EdgeView) => (typeof view.calls === "function" ? view.calls(url, viewer) : view.calls).map((call) => firstDataPath(call, params));
  const paths = [...new Set(names.flatMap((name) => pathsOf(registry.views[name]!)).filter((path): path is string => path !== null))];
  const fetched = await Promise.all(paths.map(async (path) => [path, known[path] ?? (await apiAnswer(path, request, callApi))] as const));
  const answers = new Map(fetched);
  const timeZone = knownTimeZone(parseCookies(request.headers.get("Cookie"))[TIME_ZONE_COOKIE]);
  const { drawView } = await drawing;
  const drawn: DrawnView[] = [];
  for (const name of names) {
    const view = registry.views[name]!;
    const draws = view.draws ?? ((answer: ApiAnswer) => answer.status === 200);
    const found = pathsOf(view).map((path) => (path === null ? null : answers.get(path) ?? null));
    if (found.some((answer) => answer === null || !draws(answer))) continue;
    const html = drawView(view, found as ApiAnswer[], { locale, timeZone, url, params, request });
    if (html === null) continue;
    drawn.push({ name, html, timeZone: view.zoned ? timeZone : undefined });
  }
  return drawn;
}

/** Writes the drawn views into their places in the page and marks them drawn (the page's script leaves them alone). */
export function withViews(rewriter: HTMLRewriter, views: readonly DrawnView[]): HTMLRewriter {
  for (const view of views) {
    rewriter = rewriter.on(`[data-edge-view="${view.name}"]`, {
      element: (el) => {
        el.setInnerContent(view.html, { html: true });
        el.setAttribute("data-edge-filled", "");
        if (view.timeZone) el.setAttribute("data-edge-time-zone", view.timeZone);
      },
    });
  }
  return rewriter;
}
