/**
 * A resource list's first page, given to its store instead of asked for (issue 9): the edge draws an admin resource
 * page with the same components as its island (functions/edge/views/admin.tsx), from the answer it fetched with the
 * admin's session. The island itself never gets a seed: it asks for its rows when it takes the drawn page over, so
 * what it shows is never older than what the admin could see by reloading.
 */
import { createContext } from "react";
import type { ListResponse } from "../../contract/common";
import type { Locale } from "../../shared/locales";
import { DEFAULT_LIST_QUERY, queryParams, type ListQuery } from "./list-query";
import { callPath } from "../../shared/call-path";
import type { ResourceDefinition } from "./resource";

export interface Seed {
  /** List answers by the resource's list endpoint. */
  lists: Readonly<Record<string, ListResponse<unknown>>>;
  /** The reader's time zone (the `tz` cookie): the edge draws dates in it. */
  timeZone?: string;
}

export const ResourceSeed = createContext<Seed>({ lists: {} });

/** The query a resource's list starts with: the first page, sorted as the resource says (in the page's language). */
export function firstQuery(resource: Pick<ResourceDefinition<{ _id: string }>, "defaultSort">, locale: Locale): Partial<ListQuery> {
  const sort = resource.defaultSort;
  return sort ? { sort: typeof sort.sort === "function" ? sort.sort(locale) : sort.sort, order: sort.order } : {};
}

/** The first page's call as the store's HTTP client sends it (path under /api, with its query string). */
export function firstListCall(resource: Pick<ResourceDefinition<{ _id: string }>, "defaultSort" | "endpoints">, locale: Locale): string {
  const params = queryParams({ ...DEFAULT_LIST_QUERY, ...firstQuery(resource, locale) });
  return callPath(resource.endpoints.list, params);
}
