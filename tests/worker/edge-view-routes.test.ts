/**
 * Issue 31: the edge loads each feature's views on first use, by the route table in functions/edge/views.ts. That
 * table must agree with the feature registries (functions/edge/views/*.tsx): a route a registry draws but the table
 * does not name would silently never be drawn again; a route the table names but no registry draws loads code for
 * nothing; a view name a route holds must be in the same registry.
 */
import { describe, expect, it } from "vitest";
import { VIEW_FEATURES } from "../../functions/edge/views";
import { ROUTES } from "../../src/shared/routes";
import type { ViewRegistry } from "../../functions/edge/views/view";

const REGISTRIES: Record<string, () => Promise<ViewRegistry>> = {
  account: () => import("../../functions/edge/views/account").then((m) => m.accountViews),
  admin: () => import("../../functions/edge/views/admin").then((m) => m.adminViews),
  catalogue: () => import("../../functions/edge/views/catalogue").then((m) => m.catalogueViews),
  feeds: () => import("../../functions/edge/views/feeds").then((m) => m.feedViews),
  filing: () => import("../../functions/edge/views/filing").then((m) => m.filingViews),
  groups: () => import("../../functions/edge/views/groups").then((m) => m.groupsViews),
  requests: () => import("../../functions/edge/views/requests").then((m) => m.requestsViews),
  translation: () => import("../../functions/edge/views/translation").then((m) => m.translationViews),
  wallet: () => import("../../functions/edge/views/wallet").then((m) => m.walletViews),
};

describe("edge views load by route (functions/edge/views.ts)", () => {
  it("names, for every route a registry draws, that registry — and no other route", async () => {
    const expected: Record<string, ViewRegistry> = {};
    for (const load of Object.values(REGISTRIES)) {
      const registry = await load();
      for (const route of Object.keys(registry.routes)) expected[route] = registry;
    }
    expect(Object.keys(VIEW_FEATURES).sort()).toEqual(Object.keys(expected).sort());
    for (const [route, load] of Object.entries(VIEW_FEATURES)) expect(await load(), route).toBe(expected[route]);
  });

  it("every route it names exists, and every view a route holds is in the route's registry", async () => {
    const routeIds = new Set(ROUTES.map((route) => route.id));
    for (const [route, load] of Object.entries(VIEW_FEATURES)) {
      expect(routeIds.has(route as never), route).toBe(true);
      const registry = await load();
      for (const name of registry.routes[route] ?? []) expect(registry.views[name], `${route} → ${name}`).toBeDefined();
    }
  });
});
