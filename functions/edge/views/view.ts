/**
 * What a view the edge draws is (issue 9), and the small helpers its registries share. Each feature keeps its views in
 * its own file in this folder (catalogue.tsx, …) and functions/edge/views.tsx puts them together: a registry per
 * feature, so a new page's views never edit another feature's file.
 */
import type { ReactElement } from "react";
import type { Locale } from "../../../src/shared/locales";
import type { ApiAnswer } from "../first-data";

/** The verified kind of the page's viewer (Admin, Agent or User). */
export type ViewerKind = "Admin" | "Agent" | "User";

export interface EdgeView {
  /**
   * The API calls whose answers the view is drawn from (paths under /api, with their query; `:id` and the like are
   * the route's params), maybe from the address.
   */
  calls: readonly string[] | ((url: URL, viewer: ViewerKind) => readonly string[]);
  /** Message prefixes the view's components read. */
  messages: readonly string[];
  /** The view shows dates or times: drawn in the reader's time zone, and says which. */
  zoned?: boolean;
  /** Which answers the view draws (default: 200 only); any other leaves the view to the browser. */
  draws?: (answer: ApiAnswer) => boolean;
  /**
   * The view from its answers; null leaves it to the browser, when only the answers together tell (e.g. an account
   * page whose viewer's kind is known from which of its calls answered).
   */
  render(
    bodies: unknown[],
    context: { locale: Locale; timeZone: string; url: URL; params: Record<string, string>; answers: ApiAnswer[] },
  ): ReactElement | null;
}

/** A feature's views, and which of them each of its routes' pages holds. */
export interface ViewRegistry {
  views: Record<string, EdgeView>;
  routes: Record<string, readonly string[]>;
}

/** The items of a list answer, whether the API sent a bare array or `{ data: [...] }`. */
export const listOf = <T>(answer: unknown): T[] =>
  Array.isArray(answer) ? (answer as T[]) : Array.isArray((answer as { data?: unknown })?.data) ? (answer as { data: T[] }).data : [];

/** A loaded state, as the islands' stores hold it. */
export const ready = <T>(data: T) => ({ status: "ready" as const, data });
