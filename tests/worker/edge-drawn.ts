/**
 * Helpers of the worker tests of pages the edge draws (issue 32): a page's HTML as a signed-in viewer gets it, what the
 * edge drew into one of its views, and one record's part of that view.
 */
import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { BASE } from "./fixtures";

/** A reader of pages for the session in `cookie`: each answered 200, as HTML. */
export const pagesAs = (cookie: () => string) => async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie() }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the view `name` (null: not drawn), up to the page's script. */
export function drawnView(html: string, name: string): string | null {
  const open = new RegExp(`<div data-edge-view="${name}"([^>]*)>`).exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return rest.slice(0, rest.indexOf("<script"));
}

/** One record's part of a drawn view (its first element with that data-id, up to `closing`), null when absent. */
export function recordIn(view: string, id: string, closing: string): string | null {
  const start = view.indexOf(`data-id="${id}"`);
  return start < 0 ? null : view.slice(start, view.indexOf(closing, start));
}
