/** The live client's check of the token a socket will carry (src/features/live/start.ts). */
import { describe, expect, it } from "vitest";
import { SOCKET_TOKEN_MARGIN_S, tokenSecondsLeft } from "../../src/features/live/start";

const jwt = (claims: Record<string, unknown>) =>
  ["e30", btoa(JSON.stringify(claims)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""), "sig"].join(".");

describe("tokenSecondsLeft", () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  it("reads the token's own expiry", () => {
    expect(tokenSecondsLeft(jwt({ exp: now / 1000 + 90, sub: "ü?>" }), now)).toBe(90);
    // In its last moments: below the margin, so the page renews it before opening a socket.
    expect(tokenSecondsLeft(jwt({ exp: now / 1000 + 1 }), now)).toBeLessThanOrEqual(SOCKET_TOKEN_MARGIN_S);
    expect(tokenSecondsLeft(jwt({ exp: now / 1000 - 3 }), now)).toBe(-3);
  });
  it("counts a missing or unreadable token as run out", () => {
    expect(tokenSecondsLeft(undefined, now)).toBe(0);
    expect(tokenSecondsLeft("not-a-jwt", now)).toBe(0);
    expect(tokenSecondsLeft("a.%%%.c", now)).toBe(0);
    expect(tokenSecondsLeft(jwt({ sub: "x" }), now)).toBe(0);
  });
});
