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
import type { ReactElement } from "react";
import type { BalanceResponse } from "../../src/contract/auth";
import type { Country, VisaSummary } from "../../src/contract/catalogue";
import type { ListResponse } from "../../src/contract/common";
import type { EventRecord } from "../../src/contract/events";
import type { NewsItem } from "../../src/contract/news";
import { RecordReferenceText } from "../../src/components/RecordReferenceText";
import type { Visa } from "../../src/contract/catalogue";
import { FeaturedGrid } from "../../src/features/catalogue/FeaturedGrid";
import { VisaDetailsBody } from "../../src/features/catalogue/VisaDetailsBody";
import { BalanceView } from "../../src/features/catalogue/BalanceView";
import { HOME_VISA_COUNT } from "../../src/features/catalogue/home-visa-count";
import { HomeVisaRows } from "../../src/features/catalogue/HomeVisaRows";
import { VisaCatalogueView } from "../../src/features/catalogue/VisaCatalogueView";
import { AvailableVisasView } from "../../src/features/catalogue/AvailableVisasView";
import { tripFromSearch, tripPathOf } from "../../src/features/catalogue/trip";
import { filtersFromSearch, listPathOf } from "../../src/features/catalogue/visa-list-query";
import { EventsBox } from "../../src/features/live/EventsBox";
import { NewsBox } from "../../src/features/live/NewsBox";
import { addMessages } from "../../src/lib/i18n";
import { messagesFor } from "../../src/lib/messages";
import type { Locale } from "../../src/shared/locales";
import { TIME_ZONE_COOKIE, knownTimeZone } from "../../src/shared/time-zone";
import { parseCookies } from "../http/cookies";
import { apiAnswer, firstDataPath, type ApiAnswer } from "./first-data";
import type { ApiHandler } from "./session";

interface EdgeView {
  /** The API calls whose 200 answers the view is drawn from (paths under /api, with their query), maybe from the address. */
  calls: readonly string[] | ((url: URL) => readonly string[]);
  /** Message prefixes the view's components read. */
  messages: readonly string[];
  /** The view shows dates or times: drawn in the reader's time zone, and says which. */
  zoned?: boolean;
  /** Which answers the view draws (default: 200 only); any other leaves the view to the browser. */
  draws?: (answer: ApiAnswer) => boolean;
  render(
    bodies: unknown[],
    context: { locale: Locale; timeZone: string; url: URL; params: Record<string, string>; answers: ApiAnswer[] },
  ): ReactElement;
}

const listOf = <T,>(answer: unknown): T[] =>
  Array.isArray(answer) ? (answer as T[]) : Array.isArray((answer as { data?: unknown })?.data) ? (answer as { data: T[] }).data : [];
const ready = <T,>(data: T) => ({ status: "ready" as const, data });

/** View name → how the edge draws it. */
const VIEWS: Record<string, EdgeView> = {
  featured: {
    calls: ["visa/featured?limit=100"],
    messages: ["catalogue"],
    render: ([visas], { locale }) => <FeaturedGrid state={ready(listOf<VisaSummary>(visas))} locale={locale} onRetry={() => {}} />,
  },
  "visa-details": {
    calls: ["visa/one/:id"],
    messages: ["catalogue", "common"],
    // As the island: 404 (unknown, or hidden from the agent's group) and 400 (not an id at all) mean "not found";
    // anything else but 200 is left to the browser, which asks again and shows its error with a retry.
    draws: (answer) => answer.status === 200 || answer.status === 404 || answer.status === 400,
    render: ([visa], { locale, params, answers }) => (
      <VisaDetailsBody
        state={answers[0]!.status === 200 && visa ? { status: "ready", data: visa as Visa } : { status: "notFound" }}
        locale={locale}
        id={params.id ?? ""}
        onRetry={() => {}}
      />
    ),
  },
  // The page's header names the record: the edge sees the id in the address, so no island has to read it.
  "record-reference": {
    calls: [],
    messages: ["common"],
    render: (_, { params }) => <RecordReferenceText id={params.id ?? ""} />,
  },
  "visa-catalogue": {
    calls: (url) => [listPathOf(filtersFromSearch(url.search)), "countries/complete-list"],
    messages: ["catalogue"],
    render: ([list, countries], { locale, url }) => {
      const filters = filtersFromSearch(url.search);
      return (
        <VisaCatalogueView
          locale={locale}
          filters={filters}
          searchText={filters.search}
          state={ready(list as ListResponse<VisaSummary>)}
          countries={ready(listOf<Country>(countries).filter((country) => country.enabled))}
        />
      );
    },
  },
  "available-visas": {
    calls: (url) => {
      const path = tripPathOf(tripFromSearch(url.search));
      return path ? ["countries/complete-list", path] : ["countries/complete-list"];
    },
    messages: ["catalogue"],
    render: ([countries, visas], { locale, url }) => (
      <AvailableVisasView
        locale={locale}
        trip={tripFromSearch(url.search)}
        state={visas === undefined ? { status: "idle" } : ready(listOf<VisaSummary>(visas))}
        countries={ready(listOf<Country>(countries).filter((country) => country.enabled))}
      />
    ),
  },
  "home-balance": {
    calls: ["agents/balance"],
    messages: ["agents", "catalogue", "pages"],
    render: ([balance], { locale }) => <BalanceView state={ready(balance as BalanceResponse)} locale={locale} />,
  },
  "home-visas": {
    calls: [`visa/featured?limit=${HOME_VISA_COUNT}`, `visa/latest?limit=${HOME_VISA_COUNT}`],
    messages: ["catalogue", "pages"],
    render: ([featured, latest], { locale }) => (
      <HomeVisaRows featured={ready(listOf<VisaSummary>(featured))} latest={ready(listOf<VisaSummary>(latest))} locale={locale} />
    ),
  },
  "home-news": {
    calls: ["news-feed?limit=10"],
    messages: ["news", "events", "validation"],
    zoned: true,
    render: ([news], { locale, timeZone }) => <NewsBox news={listOf<NewsItem>(news)} locale={locale} timeZone={timeZone} />,
  },
  "home-events": {
    calls: ["events/all?limit=10"],
    messages: ["news", "events", "validation"],
    zoned: true,
    render: ([events], { locale, timeZone }) => <EventsBox events={listOf<EventRecord>(events)} locale={locale} timeZone={timeZone} />,
  },
};

/** Which views each route's page holds. */
const ROUTE_VIEWS: Record<string, readonly string[]> = {
  featured: ["featured"],
  visa: ["visa-catalogue"],
  "available-visa": ["available-visas"],
  "visa-details": ["visa-details", "record-reference"],
  home: ["home-balance", "home-visas", "home-news", "home-events"],
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
  known: Record<string, ApiAnswer> = {},
): Promise<DrawnView[]> {
  const names = ROUTE_VIEWS[routeId] ?? [];
  if (!names.length) return [];
  const url = new URL(request.url);
  const pathsOf = (view: EdgeView) => (typeof view.calls === "function" ? view.calls(url) : view.calls).map((call) => firstDataPath(call, params));
  const paths = [...new Set(names.flatMap((name) => pathsOf(VIEWS[name]!)).filter((path): path is string => path !== null))];
  const fetched = await Promise.all(paths.map(async (path) => [path, known[path] ?? (await apiAnswer(path, request, callApi))] as const));
  const answers = new Map(fetched);
  const timeZone = knownTimeZone(parseCookies(request.headers.get("Cookie"))[TIME_ZONE_COOKIE]);
  const drawn: DrawnView[] = [];
  for (const name of names) {
    const view = VIEWS[name]!;
    const draws = view.draws ?? ((answer: ApiAnswer) => answer.status === 200);
    const found = pathsOf(view).map((path) => (path === null ? null : answers.get(path) ?? null));
    if (found.some((answer) => answer === null || !draws(answer))) continue;
    const viewAnswers = found as ApiAnswer[];
    addMessages(locale, messagesFor(locale, view.messages));
    const html = renderToString(view.render(viewAnswers.map((answer) => answer.body), { locale, timeZone, url, params, answers: viewAnswers }));
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
