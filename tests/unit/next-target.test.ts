import { describe, expect, it } from "vitest";
import { defaultTarget, safeNextTarget } from "../../src/features/auth/next-target";

const ORIGIN = "https://visa.example";
const agent = (next: string | null, locale = "en") => safeNextTarget(next, "agent", locale, ORIGIN);
const admin = (next: string | null, locale = "en") => safeNextTarget(next, "admin", locale, ORIGIN);

describe("where sign-in leads (never an open redirect)", () => {
  it.each([
    ["/en/visa", "/en/visa"],
    ["/en/visa/abc123/details/", "/en/visa/abc123/details/"],
    ["/en/transactions?from=2026-01-01#chart", "/en/transactions?from=2026-01-01#chart"],
    ["/en/", "/en/"],
  ])("an agent goes on to the page the guard remembered: %s", (next, expected) => {
    expect(agent(next)).toBe(expected);
  });

  it("an admin goes on to the admin page the guard remembered", () => {
    expect(admin("/ar/admin/news", "ar")).toBe("/ar/admin/news");
    expect(admin("/ar/admin", "ar")).toBe("/ar/admin");
  });

  it.each([
    null,
    "",
    "//evil.com",
    "//evil.com/en/",
    "///evil.com/en/",
    "/\\evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/\n/evil.com/en/",
    "https://evil.com",
    "https://evil.com/en/visa",
    "http://visa.example/en/visa",
    "javascript:alert(1)",
    "en/visa",
    "/ar/visa",
    "/ku/",
    "/fr/visa",
    "/english/visa",
    "/en/../ar/visa",
    "/en/%2e%2e/ar/visa",
    "/en/login",
    "/en/login/?next=/en/visa",
    "/en/admin/news",
    "/en/admin",
  ])("an agent on /en/login falls back to /en/ for %j", (next) => {
    expect(agent(next)).toBe("/en/");
  });

  it.each(["/en/visa", "/en/", "/en/admin/login/", "//evil.com/en/admin/", "https://evil.com/en/admin/", "/ku/admin/news", "/en/administrator"])(
    "an admin on /en/admin/login falls back to /en/admin/ for %j",
    (next) => {
      expect(admin(next)).toBe("/en/admin/");
    },
  );

  it("has one default per area and language", () => {
    expect(defaultTarget("agent", "ku")).toBe("/ku/");
    expect(defaultTarget("admin", "ku")).toBe("/ku/admin/");
  });
});
