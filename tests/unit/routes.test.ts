import { describe, expect, it } from "vitest";
import { ROUTES, UnknownMiddlewareError, defineRoutes, matchRoute, routePath } from "../../src/shared/routes";

describe("route table", () => {
  it("refuses a route that names an unknown middleware", () => {
    expect(() => defineRoutes([{ id: "x", path: "x", layout: "default", middleware: ["auth", "paywall"], nav: "none" }])).toThrow(
      UnknownMiddlewareError,
    );
  });
  it("matches static routes before dynamic ones and fills shell paths", () => {
    expect(matchRoute("admin/login")?.route.id).toBe("admin-login");
    const agent = matchRoute("admin/42/agent");
    expect(agent?.route.id).toBe("admin-agent");
    expect(agent?.params).toEqual({ id: "42" });
    expect(routePath("ar", agent!.route)).toBe("/ar/admin/_/agent/");
    expect(matchRoute("visa/abc123/details")?.params.id).toBe("abc123");
    expect(matchRoute("visa/abc/nope")).toBeNull();
    expect(matchRoute("requests")?.route.id).toBe("requests");
    expect(matchRoute("requests/r-42")?.params).toEqual({ id: "r-42" });
    expect(routePath("ku", matchRoute("requests/r-42")!.route)).toBe("/ku/requests/_/");
    expect(matchRoute("visa/a%20b/details")).toBeNull();
  });
  it("has every route of spec §2", () => {
    const spec = [
      "", "featured", "information", "login", "register", "print", "transactions", "transactions-old", "translation",
      "translation/requests", "visa", "visa/available-visa", "visa/:id/details", "visa/:id/request", "admin", "admin/login",
      "admin/agents-list", "admin/agent-groups", "admin/:id/agent", "admin/countries", "admin/events", "admin/news",
      "admin/requests", "admin/requests-list", "admin/theme", "admin/transactions", "admin/translation",
      "admin/translation/languages", "admin/translation/requests", "admin/visa-list", "admin/visa-requirements",
      // DESIGN §2, our addition.
      "requests", "requests/:id",
    ];
    // Our additions beyond spec §2 (DESIGN §2): the admin's page of one visa request.
    spec.push("admin/requests/:id");
    // Our addition (brief D): a staff user's one-time invitation page, blank like the other sign-in pages.
    spec.push("invite");
    // Issue 27: "forgot password" and the reset link's page, blank like the other sign-in pages.
    spec.push("forgot-password", "reset-password");
    // Issue 27: all news and all events of the reader.
    spec.push("news", "events");
    // Issue 29: the office's audit log, and the agency's own activity.
    spec.push("admin/audit-log", "activity");
    // Issue 30: the agency's top-up requests and the office's queue of them.
    spec.push("top-up", "admin/top-ups");
    // Issue 28: the agency's groups, one group and its print layout.
    spec.push("groups", "groups/:id", "groups/:id/print");
    // Issue 30: the agency's receipts: its logo, footer per language, the net price or not.
    spec.push("branding");
    expect(ROUTES.map((r) => r.path).sort()).toEqual(spec.sort());
    // Spec §2 layouts: admin pages use the admin layout but the admin login; login, register and print are blank.
    for (const route of ROUTES) {
      const expected = ["login", "register", "print", "groups/:id/print", "admin/login", "invite", "forgot-password", "reset-password"].includes(route.path)
        ? "blank"
        : route.path.startsWith("admin")
          ? "admin"
          : "default";
      expect(route.layout, route.path).toBe(expected);
    }
  });
});
