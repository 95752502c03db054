/**
 * Views the edge draws into a page (issue 9): the page's main content rendered with the same React components the
 * browser would use, from the viewer's own API answers, so the first view needs no script and no React at all. A
 * page opts in with `<div data-edge-view="name">` (its pre-rendered skeleton inside); when the edge cannot draw it
 * (the API call failed), the page's small script draws it in the browser as before.
 *
 * The data comes through the same in-process API call as first data (first-data.ts): same authorization, same
 * staff rules (no prices for staff). React renders to a string synchronously, so setting the page's language for
 * the components' strings just before is safe.
 */
import { renderToString } from "react-dom/server";
import type { VisaSummary } from "../../src/contract/catalogue";
import { FeaturedGrid } from "../../src/features/catalogue/FeaturedGrid";
import { addMessages } from "../../src/lib/i18n";
import { messagesFor } from "../../src/lib/messages";
import type { Locale } from "../../src/shared/locales";
import { firstData } from "./first-data";
import type { ApiHandler } from "./session";

interface EdgeView {
  /** The API call whose 200 answer the view is drawn from (a path under /api, with its query). */
  call: string;
  /** Message prefixes the view's components read. */
  messages: readonly string[];
  render(answer: unknown, locale: Locale): string;
}

const listOf = <T,>(answer: unknown): T[] =>
  Array.isArray(answer) ? (answer as T[]) : Array.isArray((answer as { data?: unknown })?.data) ? (answer as { data: T[] }).data : [];

const noop = () => {};

/** Route id → the view the edge draws for it. */
const VIEWS: Record<string, EdgeView> = {
  featured: {
    call: "visa/featured?limit=100",
    messages: ["catalogue"],
    render: (answer, locale) => renderToString(<FeaturedGrid state={{ status: "ready", data: listOf<VisaSummary>(answer) }} locale={locale} onRetry={noop} />),
  },
};

/** The route's view drawn for this viewer, or null (no view for the route, no session, or the API said no). */
export async function edgeView(routeId: string, request: Request, callApi: ApiHandler, locale: Locale): Promise<{ name: string; html: string } | null> {
  const view = VIEWS[routeId];
  if (!view) return null;
  const answers = await firstData({ firstData: [view.call] }, {}, request, callApi);
  const answer = answers?.[`/${view.call}`];
  if (answer === undefined) return null;
  addMessages(locale, messagesFor(locale, view.messages));
  return { name: routeId, html: view.render(answer, locale) };
}

/** Writes a drawn view into its place in the page and marks it drawn (the page's script then leaves it alone). */
export function withView(rewriter: HTMLRewriter, view: { name: string; html: string } | null): HTMLRewriter {
  if (!view) return rewriter;
  return rewriter.on(`[data-edge-view="${view.name}"]`, {
    element: (el) => {
      el.setInnerContent(view.html, { html: true });
      el.setAttribute("data-edge-filled", "");
    },
  });
}
