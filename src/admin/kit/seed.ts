/**
 * A resource list's first page, given to its store instead of asked for (issue 9): the edge draws an admin resource
 * page with the same components as its island (functions/edge/views/admin.tsx), from the answer it fetched with the
 * admin's session. The island itself never gets a seed: it asks for its rows when it takes the drawn page over, so
 * what it shows is never older than what the admin could see by reloading.
 */
import { createContext } from "react";
import type { ListResponse } from "../../contract/common";
import type { Locale } from "../../shared/locales";
import { DEFAULT_LIST_QUERY, listQueryFromSearch, queryParams, type AddressRules, type ListQuery } from "./list-query";
import { callPath } from "../../shared/call-path";
import type { ResourceDefinition } from "./resource";

export interface Seed {
  /** List answers by the resource's list endpoint. */
  lists: Readonly<Record<string, ListResponse<unknown>>>;
  /** The reader's time zone (the `tz` cookie): the edge draws dates in it. */
  timeZone?: string;
  /** The page address's query string (the edge's; in the browser the store reads `location.search`). */
  search?: string;
}

export const ResourceSeed = createContext<Seed>({ lists: {} });

/** The query a resource's list starts with: the first page, sorted as the resource says (in the page's language). */
export function firstQuery(resource: Pick<ResourceDefinition<{ _id: string }>, "defaultSort">, locale: Locale): Partial<ListQuery> {
  const sort = resource.defaultSort;
  return sort ? { sort: typeof sort.sort === "function" ? sort.sort(locale) : sort.sort, order: sort.order } : {};
}

type Listed = Pick<ResourceDefinition<{ _id: string }>, "defaultSort" | "endpoints" | "filters">;

/** The list with nothing asked in the address: the first page, sorted as the resource says. */
export const plainQuery = (resource: Listed, locale: Locale): ListQuery => ({ ...DEFAULT_LIST_QUERY, ...firstQuery(resource, locale) });

/** An id as the API writes them (uuid, slug): what a filter with loaded options may hold. */
const isId = (value: string) => /^[\w-]{1,64}$/.test(value);

/** What a resource's address may ask for: its own filters (a fixed filter, one of its values), search, page, size. */
export function addressRules(resource: Listed): AddressRules {
  const filters = Object.fromEntries(
    (resource.filters ?? []).map((filter) => {
      const fixed = "fixed" in filter.options ? filter.options.fixed.map((option) => option.value) : null;
      return [filter.name, fixed ? (value: string) => fixed.includes(value) : isId];
    }),
  );
  return { filters, limits: [10, 20, 50, 100], search: true };
}

/** The list the page's address asks for (`?search=iraq&enabled=true&page=2`), else the plain first page. */
export const addressQuery = (resource: Listed, locale: Locale, search: string): ListQuery =>
  listQueryFromSearch(search, plainQuery(resource, locale), addressRules(resource));

/** The first page's call as the store's HTTP client sends it (path under /api, with its query string). */
export function firstListCall(resource: Listed, locale: Locale, search = ""): string {
  return callPath(resource.endpoints.list, queryParams(addressQuery(resource, locale, search)));
}
