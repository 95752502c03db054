/**
 * Views the edge draws into a page (issue 9): the page's main content rendered with the same React components the
 * browser would use, from the viewer's own API answers, so the first view needs no script and no React at all. A
 * page opts in with `<div data-edge-view="name">` (its pre-rendered skeleton inside); the browser puts the island in
 * its place only when the edge could not draw it or the page must show a change live (src/lib/edge-views.ts).
 *
 * The data comes through the same in-process API calls as first data (first-data.ts): same authorization, same staff
 * rules (no prices for staff). Only 200 answers are drawn: a view whose call failed is left to the browser. React
 * renders to a string synchronously, so registering the page's language for the components just before is safe.
 */
import { renderToString } from "react-dom/server";
import { addMessages } from "../../src/lib/i18n";
import { messagesFor } from "../../src/lib/messages";
import { ScreenContext, screenOfRequest } from "../../src/lib/screen";
import type { Locale } from "../../src/shared/locales";
import { TIME_ZONE_COOKIE, knownTimeZone } from "../../src/shared/time-zone";
import { parseCookies } from "../http/cookies";
import { apiAnswer, firstDataPath, type ApiAnswer } from "./first-data";
import type { ApiHandler } from "./session";
import type { EdgeView, ViewRegistry, ViewerKind } from "./views/view";
import { accountViews } from "./views/account";
import { adminViews } from "./views/admin";
import { catalogueViews } from "./views/catalogue";
import { filingViews } from "./views/filing";
import { requestsViews } from "./views/requests";
import { translationViews } from "./views/translation";
import { walletViews } from "./views/wallet";

/** Every feature's registry (functions/edge/views/*.tsx). */
const REGISTRIES: readonly ViewRegistry[] = [catalogueViews, accountViews, adminViews, filingViews, requestsViews, translationViews, walletViews];

/** View name → how the edge draws it. */
const VIEWS: Record<string, EdgeView> = Object.assign({}, ...REGISTRIES.map((registry) => registry.views));
/** Which views each route's page holds. */
const ROUTE_VIEWS: Record<string, readonly string[]> = Object.assign({}, ...REGISTRIES.map((registry) => registry.routes));

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
  const names = ROUTE_VIEWS[routeId] ?? [];
  if (!names.length) return [];
  const url = new URL(request.url);
  const pathsOf = (view: EdgeView) => (typeof view.calls === "function" ? view.calls(url, viewer) : view.calls).map((call) => firstDataPath(call, params));
  const paths = [...new Set(names.flatMap((name) => pathsOf(VIEWS[name]!)).filter((path): path is string => path !== null))];
  const fetched = await Promise.all(paths.map(async (path) => [path, known[path] ?? (await apiAnswer(path, request, callApi))] as const));
  const answers = new Map(fetched);
  const timeZone = knownTimeZone(parseCookies(request.headers.get("Cookie"))[TIME_ZONE_COOKIE]);
  // A phone that says so gets only the small-screen layout of a responsive list (src/lib/screen.ts).
  const screen = screenOfRequest(request.headers);
  const drawn: DrawnView[] = [];
  for (const name of names) {
    const view = VIEWS[name]!;
    const draws = view.draws ?? ((answer: ApiAnswer) => answer.status === 200);
    const found = pathsOf(view).map((path) => (path === null ? null : answers.get(path) ?? null));
    if (found.some((answer) => answer === null || !draws(answer))) continue;
    const viewAnswers = found as ApiAnswer[];
    addMessages(locale, messagesFor(locale, view.messages));
    const element = view.render(viewAnswers.map((answer) => answer.body), { locale, timeZone, url, params, answers: viewAnswers });
    if (element === null) continue;
    const html = renderToString(<ScreenContext value={screen}>{element}</ScreenContext>);
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
