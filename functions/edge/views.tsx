/**
 * Views the edge draws into a page (issue 9): the page's main content rendered with the same React components the
 * browser would use, from the viewer's own API answers, so the first view needs no script and no React at all. A
 * page opts in with `<div data-edge-view="name">` (its pre-rendered skeleton inside); when the edge cannot draw it
 * (the API call failed), the page's small script draws it in the browser as before.
 *
 * The data comes through the same in-process API call as first data (first-data.ts): same authorization, same
 * staff rules (no prices for staff). A view whose call is also the route's first data reuses that answer instead of
 * asking twice. React renders to a string synchronously, so setting the page's language for the components'
 * strings just before is safe.
 */
import { renderToString } from "react-dom/server";
import { RecordReferenceText } from "../../src/components/RecordReferenceText";
import type { Visa, VisaSummary } from "../../src/contract/catalogue";
import { FeaturedGrid } from "../../src/features/catalogue/FeaturedGrid";
import { VisaDetailsBody } from "../../src/features/catalogue/VisaDetailsBody";
import { addMessages } from "../../src/lib/i18n";
import { messagesFor } from "../../src/lib/messages";
import type { Locale } from "../../src/shared/locales";
import { apiAnswer, firstDataPath, type ApiAnswer } from "./first-data";
import type { ApiHandler } from "./session";

/** One drawn part of a page: the HTML for its `[data-edge-view=name]` element. */
export interface DrawnView {
  name: string;
  html: string;
}

interface EdgeView {
  /** The API call the view is drawn from: a path under /api with the route's `:params`, and its query. */
  call: string;
  /** Message prefixes the view's components read. */
  messages: readonly string[];
  /** The page's parts drawn from the answer, or null when this answer is not one the view draws (the browser then does). */
  render(answer: ApiAnswer, locale: Locale, params: Record<string, string>): DrawnView[] | null;
}

const listOf = <T,>(answer: unknown): T[] =>
  Array.isArray(answer) ? (answer as T[]) : Array.isArray((answer as { data?: unknown })?.data) ? (answer as { data: T[] }).data : [];

const noop = () => {};

/** Route id → the view the edge draws for it. */
const VIEWS: Record<string, EdgeView> = {
  featured: {
    call: "visa/featured?limit=100",
    messages: ["catalogue"],
    render: (answer, locale) =>
      answer.status === 200
        ? [{ name: "featured", html: renderToString(<FeaturedGrid state={{ status: "ready", data: listOf<VisaSummary>(answer.body) }} locale={locale} onRetry={noop} />) }]
        : null,
  },
  "visa-details": {
    call: "visa/one/:id",
    messages: ["catalogue", "common"],
    render: (answer, locale, { id = "" }) => {
      // As the island: 404 (unknown, or hidden from the agent's group) and 400 (not an id at all) mean "not found";
      // anything else but 200 is left to the browser, which asks again and shows its error with a retry.
      const state =
        answer.status === 200 && answer.body ? ({ status: "ready", data: answer.body as Visa } as const)
        : answer.status === 404 || answer.status === 400 ? ({ status: "notFound" } as const)
        : null;
      if (!state) return null;
      return [
        { name: "visa-details", html: renderToString(<VisaDetailsBody state={state} locale={locale} id={id} onRetry={noop} />) },
        // The page's header names the record: the edge sees the id in the address, so no island has to read it.
        { name: "record-reference", html: renderToString(<RecordReferenceText id={id} />) },
      ];
    },
  },
};

/** True when the edge draws a view for this route. */
export const hasEdgeView = (routeId: string): boolean => routeId in VIEWS;

/**
 * The route's view drawn for this viewer, or null (no view for the route, no session, or an answer the view does not
 * draw). `answers` are the route's first-data answers already fetched (by path): the view's call reuses its own.
 */
export async function edgeView(
  routeId: string, params: Record<string, string>, request: Request, callApi: ApiHandler, locale: Locale,
  answers: Record<string, ApiAnswer> = {},
): Promise<DrawnView[] | null> {
  const view = VIEWS[routeId];
  if (!view) return null;
  const path = firstDataPath(view.call, params);
  if (!path) return null;
  const answer = answers[path] ?? (await apiAnswer(path, request, callApi));
  if (!answer) return null;
  addMessages(locale, messagesFor(locale, view.messages));
  return view.render(answer, locale, params);
}

/** Writes the drawn views into their places in the page and marks them drawn (the page's script then leaves them alone). */
export function withView(rewriter: HTMLRewriter, views: readonly DrawnView[] | null): HTMLRewriter {
  for (const view of views ?? []) {
    rewriter = rewriter.on(`[data-edge-view="${view.name}"]`, {
      element: (el) => {
        el.setInnerContent(view.html, { html: true });
        el.setAttribute("data-edge-filled", "");
      },
    });
  }
  return rewriter;
}
