import { describe, expect, it } from "vitest";
import { ID_ROUTE_PATHS, routeIdOf } from "../../src/lib/route-id";
import { ROUTES } from "../../src/shared/routes";

describe("route ids from the address", () => {
  it("knows exactly the routes of the table that carry an id, in its order", () => {
    expect([...ID_ROUTE_PATHS]).toEqual(ROUTES.filter((route) => route.path.includes(":id")).map((route) => route.path));
  });

  it.each([
    ["/en/visa/abc123/details/", "abc123"],
    ["/ar/visa/abc123/request", "abc123"],
    ["/ku/requests/r-9/", "r-9"],
    ["/en/admin/42/agent/", "42"],
    ["/en/admin/requests/7/", "7"],
    ["/en/Visa/X1/Details/", "X1"],
    ["/en/requests/a%20b/", "a b"],
  ])("reads the id of %s", (path, id) => {
    expect(routeIdOf(path)).toBe(id);
  });

  it.each(["/en/", "/en/visa/", "/en/visa/available-visa/", "/en/requests/", "/en/admin/requests/", "/en/visa/a/b/details/"])(
    "finds no id on %s",
    (path) => {
      expect(routeIdOf(path)).toBeNull();
    },
  );
});
