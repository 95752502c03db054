/** The browser's push bookkeeping (issue 13): each failure of the push path has its own explanation; the 7-day refresh. */
import { describe, expect, it } from "vitest";
import { PushError, pushErrorKey } from "../../src/features/push/errors";
import { PUSH_REFRESH_MS, needsRefresh } from "../../src/features/push/device";
import en from "../../locales/en.json";

describe("pushErrorKey", () => {
  it.each([
    ["messaging/permission-blocked", "push.errors.permissionBlocked"],
    ["messaging/permission-default", "push.errors.permissionDefault"],
    ["messaging/unsupported-browser", "push.errors.unsupportedBrowser"],
    ["messaging/indexed-db-unsupported", "push.errors.indexedDbUnsupported"],
    ["messaging/failed-service-worker-registration", "push.errors.serviceWorker"],
    ["messaging/token-subscribe-failed", "push.errors.tokenSubscribe"],
    ["installations/request-failed", "push.errors.installation"],
  ])("%s → %s, a sentence in every language", (code, key) => {
    expect(pushErrorKey(new PushError(code))).toBe(key);
    expect((en as Record<string, string>)[key]).toBeTruthy();
  });

  it("reads the browser's own subscription failures, which Firebase passes on unwrapped", () => {
    expect(pushErrorKey(new DOMException("Registration failed - push service not available", "AbortError"))).toBe("push.errors.tokenSubscribe");
    expect(pushErrorKey(new DOMException("denied", "NotAllowedError"))).toBe("push.errors.permissionBlocked");
    expect(pushErrorKey(new Error("anything else"))).toBe("push.errors.generic");
    expect(pushErrorKey({ code: "push/register" })).toBe("push.errors.register");
  });
});

describe("needsRefresh (spec §9: the token is refreshed after 7 days)", () => {
  const now = Date.UTC(2026, 10, 23);
  it("asks for a token when there is none, and again once it is 7 days old", () => {
    expect(needsRefresh({ deviceId: "d" }, now)).toBe(true);
    expect(needsRefresh({ deviceId: "d", token: "t", registeredAt: now - PUSH_REFRESH_MS + 1000 }, now)).toBe(false);
    expect(needsRefresh({ deviceId: "d", token: "t", registeredAt: now - PUSH_REFRESH_MS }, now)).toBe(true);
    expect(PUSH_REFRESH_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
