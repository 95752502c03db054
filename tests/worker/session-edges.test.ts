/**
 * Session edges (issue 10, item 3), tried as a browser and an attacker would: a token that never expires, a session
 * past its 30 days, a navigation and a script refreshing the same token at once, reuse after the grace window, and
 * the pictures of a page left open past the access token's life.
 */
import { SELF, env } from "cloudflare:test";
import { sign } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { config } from "../../functions/config";
import { BASE, ageRotations, call, createAgent, setCookies, signIn } from "./fixtures";
import { adminToken, expectStatus, multipart, newCountry, newVisa, pngFile } from "./catalogue-fixtures";

const key = () => config(env).jwtSecret!;
const refreshCookie = (refresh: string) => `auth.refreshToken=${encodeURIComponent(refresh)}; auth.kind=Agent`;

describe("access tokens and the session's lifetime", () => {
  it("refuses a validly signed token without exp", async () => {
    const agent = await createAgent();
    const { token } = await signIn("Agent", agent.email);
    const claims = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    const { exp: _, ...forever } = claims;
    const response = await call("GET", "/agents/currentAgentData", { token: await sign(forever, key(), "HS256") });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe("Agent session expired");
  });

  it("ends access on the call after the session's 30 days run out, even with a live access token", async () => {
    const agent = await createAgent();
    const { token } = await signIn("Agent", agent.email);
    expect((await call("GET", "/agents/currentAgentData", { token })).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE subject_id = ?").bind(new Date(Date.now() - 1000).toISOString(), agent.id).run();
    const late = await call("GET", "/agents/currentAgentData", { token });
    expect(late.status).toBe(401);
    expect(((await late.json()) as { message: string }).message).toBe("Agent session expired");
  });
});

describe("refresh grace window", () => {
  it("a page navigation and a script refreshing the same token at once both succeed with the same successor", async () => {
    const agent = await createAgent();
    const { refresh } = await signIn("Agent", agent.email);
    const [navigation, script] = await Promise.all([
      SELF.fetch(`${BASE}/en/visa`, { headers: { Cookie: refreshCookie(refresh) }, redirect: "manual" }),
      call("POST", "/auth/refreshAgentToken", { body: { refreshToken: "" }, cookie: refreshCookie(refresh) }),
    ]);
    expect(navigation.status).toBe(200);
    expect(script.status).toBe(200);
    const fromPage = setCookies(navigation)["auth.refreshToken"]!.value;
    const fromScript = setCookies(script)["auth.refreshToken"]!.value;
    expect(fromPage).toBe(fromScript);
    expect(fromPage).not.toBe(refresh);
    // The session lives on: both access tokens work, and the shared successor refreshes again.
    for (const response of [navigation, script]) {
      expect((await call("GET", "/agents/currentAgentData", { token: setCookies(response)["auth.accessToken"]!.value })).status).toBe(200);
    }
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: fromPage } })).status).toBe(200);
  });

  it("a late answer never puts a spent token back: the old token leads to the newest one of the chain", async () => {
    const agent = await createAgent();
    const { refresh: r0 } = await signIn("Agent", agent.email);
    const s1 = setCookies(await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: r0 } }))["auth.refreshToken"]!.value;
    const s2 = setCookies(await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: s1 } }))["auth.refreshToken"]!.value;
    const late = await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: r0 } });
    expect(late.status).toBe(200);
    expect(setCookies(late)["auth.refreshToken"]!.value).toBe(s2);
  });

  it("after the window, a rotated token coming back is a copy: the whole family ends", async () => {
    const agent = await createAgent();
    const { refresh } = await signIn("Agent", agent.email);
    const rotated = setCookies(await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: refresh } }));
    await ageRotations(agent.id, 31_000);
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: refresh } })).status).toBe(401);
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: rotated["auth.refreshToken"]!.value } })).status).toBe(401);
    expect((await call("GET", "/agents/currentAgentData", { token: rotated["auth.accessToken"]!.value })).status).toBe(401);
  });

  it("keeps the successor only sealed: the database alone does not hold a usable refresh token", async () => {
    const agent = await createAgent();
    const { refresh } = await signIn("Agent", agent.email);
    const next = setCookies(await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: refresh } }))["auth.refreshToken"]!.value;
    const rows = await env.DB.prepare("SELECT token_hash, successor FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE subject_id = ?)").bind(agent.id).all<{ token_hash: string; successor: string | null }>();
    const stored = JSON.stringify(rows.results);
    expect(stored).not.toContain(next);
    expect(stored).not.toContain(refresh);
    expect(rows.results.filter((row) => row.successor)).toHaveLength(1);
  });
});

describe("pictures of a page left open past the access token's life", () => {
  it("load with only the refresh cookie: the edge refreshes and answers the file with new cookies; parallel loads share the successor", async () => {
    const admin = await adminToken();
    const visa = await newVisa(admin, (await newCountry(admin))._id);
    const { image } = await expectStatus(await multipart("POST", `/visa/image/${visa._id}`, admin, { file: pngFile("visa.png") }), 200);
    const agent = await createAgent();
    const { refresh } = await signIn("Agent", agent.email);
    const loads = await Promise.all([1, 2, 3].map(() => SELF.fetch(`${BASE}${image}`, { headers: { Cookie: refreshCookie(refresh) } })));
    expect(loads.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(loads[0]!.headers.get("Content-Type")).toBe("image/png");
    const successors = new Set(loads.map((r) => setCookies(r)["auth.refreshToken"]!.value));
    expect(successors.size).toBe(1);
    expect(loads[0]!.headers.get("Cache-Control")).toContain("no-store");
    // Without any session cookie the file stays closed.
    expect((await SELF.fetch(`${BASE}${image}`)).status).toBe(401);
    // A dead refresh cookie does not open it either.
    expect((await SELF.fetch(`${BASE}${image}`, { headers: { Cookie: refreshCookie("stale") } })).status).toBe(401);
  });
});
