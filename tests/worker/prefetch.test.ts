/**
 * Prefetch at the edge (issue 27 item 6). The pages' speculation rules (src/lib/speculation-rules.ts) make the browser
 * ask for a page with `Sec-Purpose: prefetch` when a link is about to be followed, and hand that answer to the click.
 * A prefetch may be thrown away or cut off, so it must change nothing: no refresh-token rotation, no locale cookie.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, ageRotations, call, createAgent, setCookies, signIn } from "./fixtures";

const PREFETCH = { "Sec-Purpose": "prefetch" };
const get = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie, ...headers }, redirect: "manual" });

describe("a prefetch of a signed-in page", () => {
  it("gets the page drawn for the viewer, kept out of every shared cache", async () => {
    const agent = await createAgent({ balance: 4_321_00 });
    const { token } = await signIn("Agent", agent.email);
    const response = await get("/en/requests/", `auth.accessToken=${token}; auth.kind=Agent; i18n_locale=en`, PREFETCH);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    // The viewer's own header (name and balance) is in it: the click shows this answer, not a second one.
    const html = await response.text();
    expect(html).toContain("Test Travel");
    expect(html).toContain("$4,321.00");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("is declined with an error status, never a 204 the click would be handed, when the access token needs a refresh; the session lives on", async () => {
    const agent = await createAgent();
    const { refresh } = await signIn("Agent", agent.email);
    const onlyRefresh = `auth.refreshToken=${encodeURIComponent(refresh)}; auth.kind=Agent`;
    // A hover over three links in a row: three prefetches at once, none of them may rotate the token.
    const prefetches = await Promise.all(["/en/visa/", "/en/requests/", "/en/featured/"].map((path) => get(path, onlyRefresh, PREFETCH)));
    for (const prefetch of prefetches) {
      expect(prefetch.status).toBe(503);
      expect(prefetch.headers.get("Cache-Control")).toBe("no-store");
      expect(prefetch.headers.getSetCookie()).toEqual([]);
    }
    // Had a prefetch rotated the token, the browser (which never saw its Set-Cookie) would present the old one again
    // after the grace window, and that reuse ends the session. Step past the window, then follow the link for real.
    await ageRotations(agent.id, 60_000);
    const click = await get("/en/visa/", onlyRefresh);
    expect(click.status).toBe(200);
    const renewed = setCookies(click);
    expect(renewed["auth.refreshToken"]!.value).not.toBe(refresh);
    expect((await call("GET", "/agents/currentAgentData", { token: renewed["auth.accessToken"]!.value })).status).toBe(200);
  });

  it("never moves the language: only following a language link does", async () => {
    const agent = await createAgent();
    const { token } = await signIn("Agent", agent.email);
    const cookie = `auth.accessToken=${token}; auth.kind=Agent; i18n_locale=en`;
    const prefetch = await get("/ar/visa/", cookie, PREFETCH);
    expect(prefetch.status).toBe(200);
    expect(prefetch.headers.get("Content-Language")).toBe("ar");
    expect(setCookies(prefetch)).not.toHaveProperty("i18n_locale");
    const followed = await get("/ar/visa/", cookie);
    expect(setCookies(followed)["i18n_locale"]!.value).toBe("ar");
  });
});
