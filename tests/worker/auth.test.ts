import { SELF, env } from "cloudflare:test";
import { sign } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { config } from "../../functions/config";
import {
  ageRotations,
  BASE, PASSWORD, call, cookieHeader, createAdmin, createAgent, createGroup, createUser, setCookies, signIn, uniqueEmail,
} from "./fixtures";

const CREDENTIALS = "Credentials are not correct";
const body = async (response: Response) => (await response.json()) as Record<string, any>;

describe("auth/loginAgent", () => {
  it("signs an agency in: visible answer without refresh_token, cookies per DESIGN §3", async () => {
    const agent = await createAgent({ balance: 12_345 });
    const response = await call("POST", "/auth/loginAgent", { body: { email: agent.email.toUpperCase(), password: PASSWORD } });
    expect(response.status).toBe(200);
    const json = await body(response);
    expect(json.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(json).not.toHaveProperty("refresh_token");
    expect(json.kind).toBe("Agent");
    expect(json.agent).toMatchObject({ _id: agent.id, email: agent.email, balance: 12_345, currency: "USD", enabled: true });
    expect(JSON.stringify(json)).not.toContain("password");

    const cookies = setCookies(response);
    expect(cookies["auth.accessToken"]!.value).toBe(json.access_token);
    expect(cookies["auth.accessToken"]!.attrs).not.toContain("HttpOnly");
    const accessAge = Number(cookies["auth.accessToken"]!.attrs.find((a) => a.startsWith("Max-Age="))!.slice(8));
    expect(accessAge).toBeGreaterThan(800);
    expect(accessAge).toBeLessThanOrEqual(900);
    expect(cookies["auth.refreshToken"]!.value.length).toBeGreaterThanOrEqual(43);
    expect(cookies["auth.refreshToken"]!.attrs).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/", `Max-Age=${30 * 86400}`]));
    expect(cookies["auth.kind"]!.value).toBe("Agent");
    expect(cookies["auth.isAdmin"]!.attrs).toContain("Max-Age=0");
    // Plain-http localhost: no Secure flag, or the browser would drop the cookies.
    for (const cookie of Object.values(cookies)) expect(cookie.attrs).not.toContain("Secure");
  });

  it("marks every cookie Secure on https", async () => {
    const agent = await createAgent();
    const response = await call("POST", "/auth/loginAgent", { base: "https://visa.example", body: { email: agent.email, password: PASSWORD } });
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    // The session cookies, and the D1 bookmark of the sign-in's writes (issue 31: the next read sees the new session).
    expect(Object.keys(cookies).sort()).toEqual(["auth.accessToken", "auth.isAdmin", "auth.kind", "auth.refreshToken", "d1.bookmark"]);
    for (const cookie of Object.values(cookies)) expect(cookie.attrs).toContain("Secure");
  });

  it("signs a staff member in as User with the agency but without its money", async () => {
    const agent = await createAgent({ balance: 5000 });
    const staff = await createUser(agent.id);
    const { body: json, cookies } = await signIn("Agent", staff.email);
    expect(json.kind).toBe("User");
    expect(json.user).toMatchObject({ _id: staff.id, agentId: agent.id });
    expect(json.agent).toMatchObject({ _id: agent.id });
    expect(json.agent).not.toHaveProperty("balance");
    expect(cookies["auth.kind"]!.value).toBe("User");
  });

  it.each([
    ["a wrong password", async () => ({ email: (await createAgent()).email, password: "wrong-password1" })],
    ["an unknown account", async () => ({ email: uniqueEmail("nobody"), password: PASSWORD })],
    ["an admin's credentials", async () => ({ email: (await createAdmin()).email, password: PASSWORD })],
  ])("answers %s with exactly 401 'Credentials are not correct' and sets no cookie", async (_, input) => {
    const response = await call("POST", "/auth/loginAgent", { body: await input() });
    expect(response.status).toBe(401);
    expect((await body(response)).message).toBe(CREDENTIALS);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("refuses a disabled agency, a staff member of a disabled agency, and a disabled staff member", async () => {
    const disabled = await createAgent({ enabled: false });
    const staffOfDisabled = await createUser(disabled.id);
    const staffDisabled = await createUser((await createAgent()).id, { enabled: false });
    for (const email of [disabled.email, staffOfDisabled.email, staffDisabled.email]) {
      const response = await call("POST", "/auth/loginAgent", { body: { email, password: PASSWORD } });
      expect(response.status, email).toBe(403);
      expect((await body(response)).code).toBe("ACCOUNT_DISABLED");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("says to each refused reader why (issue 26 item 5): waiting for approval, disabled by the office, disabled by the agency", async () => {
    const waiting = await createAgent({ enabled: false });
    const stopped = await createAgent({ enabled: false });
    await env.DB.prepare("UPDATE agents SET approved_at = ? WHERE id = ?").bind("2026-01-01T00:00:00.000Z", stopped.id).run();
    const staffOfStopped = await createUser(stopped.id);
    const staffDisabled = await createUser((await createAgent()).id, { enabled: false });
    const said = async (email: string) => (await body(await call("POST", "/auth/loginAgent", { body: { email, password: PASSWORD } }))).message;
    expect(await said(waiting.email)).toBe("This account is not active yet. An administrator must enable it before you can sign in.");
    for (const email of [stopped.email, staffOfStopped.email]) expect(await said(email)).toMatch(/^Your agency's account has been disabled by the office/);
    expect(await said(staffDisabled.email)).toBe("Your account has been disabled by your agency. Ask the agency's owner to enable it again.");
  });

  it("names each bad field in a 400 and never a 500 for odd bodies", async () => {
    const bad = await call("POST", "/auth/loginAgent", { body: { email: "not-an-email", password: "" } });
    expect(bad.status).toBe(400);
    const json = await body(bad);
    expect(json.code).toBe("VALIDATION_FAILED");
    expect(json.message).toEqual(["email: Enter a valid email address.", "password: This field is required."]);
    for (const odd of ["{", "[]", "null", "42", JSON.stringify({ email: ["a"], password: { x: 1 } }), "x".repeat(300_000)]) {
      const response = await call("POST", "/auth/loginAgent", { body: odd });
      expect([400, 413], odd.slice(0, 20)).toContain(response.status);
      expect((await body(response)).statusCode).toBe(response.status);
    }
  });
});

describe("auth/loginAdmin", () => {
  it("signs an admin in with the admin flag cookie", async () => {
    const admin = await createAdmin();
    const { body: json, cookies } = await signIn("Admin", admin.email);
    expect(json.kind).toBe("Admin");
    expect(json.admin).toMatchObject({ _id: admin.id, email: admin.email });
    expect(cookies["auth.isAdmin"]!.value).toBe("1");
    expect(cookies["auth.kind"]!.value).toBe("Admin");
  });

  it("does not sign an agency in as an admin, and refuses a disabled admin", async () => {
    const agent = await createAgent();
    const asAdmin = await call("POST", "/auth/loginAdmin", { body: { email: agent.email, password: PASSWORD } });
    expect(asAdmin.status).toBe(401);
    expect((await body(asAdmin)).message).toBe(CREDENTIALS);
    const disabled = await createAdmin({ enabled: false });
    expect((await call("POST", "/auth/loginAdmin", { body: { email: disabled.email, password: PASSWORD } })).status).toBe(403);
  });
});

describe("login rate limit (DESIGN §3)", () => {
  it("answers the 11th failed sign-in of one account from one address within 15 minutes with 429 and Retry-After, even with the right password", async () => {
    const agent = await createAgent();
    const headers = { "CF-Connecting-IP": "198.51.100.11" };
    for (let i = 1; i <= 10; i++) {
      const response = await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: `wrong${i}xx` }, headers });
      expect(response.status, `attempt ${i}`).toBe(401);
    }
    for (const password of ["wrong11xx", PASSWORD]) {
      const blocked = await call("POST", "/auth/loginAgent", { body: { email: agent.email, password }, headers });
      expect(blocked.status).toBe(429);
      expect((await body(blocked)).code).toBe("RATE_LIMITED");
      const retryAfter = Number(blocked.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
    }
    // Another account is not affected.
    expect((await call("POST", "/auth/loginAgent", { body: { email: (await createAgent()).email, password: PASSWORD } })).status).toBe(200);
  });

  it("limits one IP address across accounts", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 10; i++) {
      await call("POST", "/auth/loginAdmin", { body: { email: uniqueEmail("guess"), password: "wrong1xx" }, headers: { "CF-Connecting-IP": ip } });
    }
    const agent = await createAgent();
    const blocked = await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: PASSWORD }, headers: { "CF-Connecting-IP": ip } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: PASSWORD } })).status).toBe(200);
  });
});

describe("token refresh (rotation and reuse)", () => {
  it("fills the refresh token from the HttpOnly cookie, rotates it, and strips it from the answer", async () => {
    const agent = await createAgent();
    const first = await signIn("Agent", agent.email);
    const response = await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: "" }, cookie: `auth.refreshToken=${first.refresh}` });
    expect(response.status).toBe(200);
    const json = await body(response);
    expect(json).not.toHaveProperty("refresh_token");
    expect(json.agent).toMatchObject({ _id: agent.id });
    const cookies = setCookies(response);
    expect(cookies["auth.refreshToken"]!.value).not.toBe(first.refresh);
    expect(cookies["auth.refreshToken"]!.attrs).toContain("HttpOnly");
    expect(cookies["auth.accessToken"]!.value).toBe(json.access_token);
    const me = await call("GET", "/agents/currentAgentData", { token: json.access_token });
    expect(me.status).toBe(200);
  });

  it("accepts the token in the body too (the spec's shape, for other clients)", async () => {
    const admin = await createAdmin();
    const { refresh } = await signIn("Admin", admin.email);
    const response = await call("POST", "/auth/refreshAdminToken", { body: { refreshToken: refresh } });
    expect(response.status).toBe(200);
    expect((await body(response)).admin).toMatchObject({ _id: admin.id });
  });

  it("revokes the whole family when a used token comes back, newest tokens included", async () => {
    const agent = await createAgent();
    const first = await signIn("Agent", agent.email);
    const rotated = await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: first.refresh } });
    const second = setCookies(rotated);
    const newAccess = second["auth.accessToken"]!.value;
    const newRefresh = second["auth.refreshToken"]!.value;

    // Past the grace window (DESIGN §3): the old token's rotation is 31 seconds old.
    await ageRotations(agent.id, 31_000);
    const reuse = await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: first.refresh } });
    expect(reuse.status).toBe(401);
    expect((await body(reuse)).message).toBe("Agent session expired");
    // A failed refresh clears the session cookies.
    expect(setCookies(reuse)["auth.refreshToken"]!.attrs).toContain("Max-Age=0");

    const afterReuse = await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: newRefresh } });
    expect(afterReuse.status).toBe(401);
    const access = await call("GET", "/agents/currentAgentData", { token: newAccess });
    expect(access.status).toBe(401);
    expect((await body(access)).message).toBe("Agent session expired");
  });

  it("gives two simultaneous uses of a token the same successor instead of ending the session", async () => {
    const agent = await createAgent();
    const { refresh } = await signIn("Agent", agent.email);
    const answers = await Promise.all([1, 2].map(() => call("POST", "/auth/refreshAgentToken", { body: { refreshToken: refresh } })));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [one, two] = answers.map((r) => setCookies(r)["auth.refreshToken"]!.value);
    expect(one).toBe(two);
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: one } })).status).toBe(200);
  });

  it("refuses a token of another kind, an unknown token, and a missing one", async () => {
    const agent = await createAgent();
    const { refresh } = await signIn("Agent", agent.email);
    const wrongKind = await call("POST", "/auth/refreshAdminToken", { body: { refreshToken: refresh } });
    expect(wrongKind.status).toBe(401);
    expect((await body(wrongKind)).message).toBe("Admin session expired");
    const unknown = await call("POST", "/auth/refreshUserToken", { body: { refreshToken: "x".repeat(43) } });
    expect((await body(unknown)).message).toBe("User session expired");
    const missing = await call("POST", "/auth/refreshAgentToken", { body: {} });
    expect(missing.status).toBe(400);
    // The agent's own token still works: a wrong-kind attempt is not a reuse.
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: refresh } })).status).toBe(200);
  });

  it("refreshes a staff session with refreshUserToken", async () => {
    const staff = await createUser((await createAgent()).id);
    const { refresh } = await signIn("Agent", staff.email);
    const response = await call("POST", "/auth/refreshUserToken", { body: { refreshToken: refresh } });
    expect(response.status).toBe(200);
    expect((await body(response)).user).toMatchObject({ _id: staff.id });
  });

  it("ends the sessions of an account that gets disabled", async () => {
    const agent = await createAgent();
    const { token, refresh } = await signIn("Agent", agent.email);
    await env.DB.prepare("UPDATE agents SET enabled = 0 WHERE id = ?").bind(agent.id).run();
    expect((await call("GET", "/agents/currentAgentData", { token })).status).toBe(401);
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: refresh } })).status).toBe(401);
  });
});

describe("access tokens", () => {
  const expiredToken = async (kind: "Agent" | "Admin" | "User", sub: string, sid = "s") => {
    const now = Math.floor(Date.now() / 1000);
    return sign({ sub, kind, sid, iat: now - 1000, exp: now - 10 }, config(env).jwtSecret!, "HS256");
  };

  it.each([
    ["Agent", "/agents/currentAgentData"],
    ["Admin", "/auth/session"],
    ["User", "/Users/currentUserData"],
  ] as const)("an expired %s token → 401 '%s session expired'", async (kind, path) => {
    const response = await call("GET", path, { token: await expiredToken(kind, "someone") });
    expect(response.status).toBe(401);
    expect((await body(response)).message).toBe(`${kind} session expired`);
  });

  it("refuses a forged token and a missing one with the endpoint's kind", async () => {
    const forged = await sign({ sub: "x", kind: "Admin", sid: "s", exp: Math.floor(Date.now() / 1000) + 600 }, "not-our-secret", "HS256");
    const response = await call("POST", "/test", { token: forged, body: {} });
    expect(response.status).toBe(401);
    expect((await body(response)).message).toBe("Admin session expired");
    const none = await call("GET", "/agents/balance");
    expect((await body(none)).message).toBe("Agent session expired");
    const garbage = await call("GET", "/agents/balance", { token: "garbage" });
    expect(garbage.status).toBe(401);
  });

  it("names the browser's session kind when the access cookie is gone, so staff refresh their own token", async () => {
    const none = await call("GET", "/agents/currentAgentData", { cookie: "auth.kind=User; auth.refreshToken=x" });
    expect((await body(none)).message).toBe("User session expired");
    const foreignKind = await call("GET", "/agents/currentAgentData", { cookie: "auth.kind=Admin" });
    expect((await body(foreignKind)).message).toBe("Agent session expired");
  });

  it("keeps agents out of admin calls (403) and lets admins use the echo", async () => {
    const agent = await signIn("Agent", (await createAgent()).email);
    expect((await call("POST", "/test", { token: agent.token, body: { a: 1 } })).status).toBe(403);
    const admin = await signIn("Admin", (await createAdmin()).email);
    const echo = await call("POST", "/test", { token: admin.token, body: { hello: "سڵاو" } });
    expect(echo.status).toBe(200);
    expect((await body(echo)).echo).toEqual({ hello: "سڵاو" });
  });
});

describe("auth/logout", () => {
  it("revokes the session server-side and clears every cookie", async () => {
    const admin = await createAdmin();
    const { token, refresh } = await signIn("Admin", admin.email);
    const response = await call("POST", "/auth/logout", { body: {}, cookie: `auth.refreshToken=${refresh}`, token });
    expect(response.status).toBe(204);
    const cleared = setCookies(response);
    for (const name of ["auth.accessToken", "auth.refreshToken", "auth.kind", "auth.isAdmin"]) expect(cleared[name]!.attrs).toContain("Max-Age=0");
    expect(cleared["auth.refreshToken"]!.attrs).toContain("HttpOnly");
    expect((await call("POST", "/auth/refreshAdminToken", { body: { refreshToken: refresh } })).status).toBe(401);
    expect((await call("GET", "/auth/session", { token })).status).toBe(401);
  });

  it("succeeds without any session", async () => {
    expect((await call("POST", "/auth/logout", { body: {} })).status).toBe(204);
  });
});

describe("Origin check (DESIGN §11)", () => {
  it("refuses a state-changing call from a foreign origin and accepts our own", async () => {
    const agent = await createAgent();
    const foreign = await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: PASSWORD }, headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect((await body(foreign)).code).toBe("FOREIGN_ORIGIN");
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const crossSite = await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: PASSWORD }, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const own = await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: PASSWORD }, headers: { Origin: BASE } });
    expect(own.status).toBe(200);
  });
});

describe("agents/create (registration)", () => {
  const application = () => ({
    name: "Zagros Travel", contactName: "Hana Ali", email: uniqueEmail("apply"), phone: "+964 750 111 2233",
    password: "Secret123", city: "Sulaymaniyah", locale: "ku",
  });

  it("takes a visitor's application disabled; the agency cannot sign in until enabled", async () => {
    const input = application();
    const response = await call("POST", "/agents/create", { body: input });
    expect(response.status).toBe(201);
    const json = await body(response);
    expect(json).toMatchObject({ email: input.email, name: "Zagros Travel", enabled: false, locale: "ku" });
    expect(json).not.toHaveProperty("balance");
    const login = await call("POST", "/auth/loginAgent", { body: { email: input.email, password: input.password } });
    expect(login.status).toBe(403);
    await env.DB.prepare("UPDATE agents SET enabled = 1 WHERE id = ?").bind(json._id).run();
    expect((await call("POST", "/auth/loginAgent", { body: { email: input.email, password: input.password } })).status).toBe(200);
  });

  it("lets an admin create an enabled agency in a chosen group; a visitor cannot choose the group", async () => {
    const admin = await signIn("Admin", (await createAdmin()).email);
    const groupId = await createGroup();
    const byAdmin = await call("POST", "/agents/create", { token: admin.token, body: { ...application(), groupId } });
    expect(byAdmin.status).toBe(201);
    expect(await body(byAdmin)).toMatchObject({ enabled: true, group: { _id: groupId }, balance: 0 });
    const byVisitor = await call("POST", "/agents/create", { body: { ...application(), groupId } });
    expect((await body(byVisitor)).group?._id ?? null).not.toBe(groupId);
  });

  it("refuses a taken email (agency or staff) with 409 and bad input with one entry per field", async () => {
    const existing = await createUser((await createAgent()).id);
    const taken = await call("POST", "/agents/create", { body: { ...application(), email: existing.email.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect((await body(taken)).code).toBe("EMAIL_TAKEN");

    const bad = await call("POST", "/agents/create", { body: { ...application(), email: "x@", phone: "call me", password: "short", balance: 10 ** 9 } });
    expect(bad.status).toBe(400);
    const messages = (await body(bad)).message as string[];
    expect(messages).toEqual(expect.arrayContaining([
      "email: Enter a valid email address.", "phone: Enter a valid phone number, for example +964 750 123 4567.",
      "password: Use at least 8 characters.", "balance: This field is not accepted here.",
    ]));
  });

  it("answers in the caller's language (locale cookie)", async () => {
    const bad = await call("POST", "/agents/create", { body: { ...application(), email: "x@" }, cookie: "i18n_locale=ar" });
    expect((await body(bad)).message).toEqual(["email: أدخل عنوان بريد إلكتروني صحيحاً."]);
  });
});

describe("own account", () => {
  it("agents/currentAgentData and agents/balance for the agency; staff see the agency without money", async () => {
    const agent = await createAgent({ balance: 4200 });
    const { token } = await signIn("Agent", agent.email);
    expect(await body(await call("GET", "/agents/currentAgentData", { token }))).toMatchObject({ _id: agent.id, balance: 4200 });
    // With the credit line's state (issue 30): no credit here, so all that is available is the balance.
    expect(await body(await call("GET", "/agents/balance", { token }))).toEqual({
      balance: 4200, currency: "USD", lowBalanceThreshold: null,
      credit: { available: 4200, debt: 0, debtSince: null, frozen: false, limit: 0, overdue: false, ownLimit: false, termsDays: null },
    });

    const staff = await signIn("Agent", (await createUser(agent.id)).email);
    const seen = await body(await call("GET", "/agents/currentAgentData", { token: staff.token }));
    expect(seen._id).toBe(agent.id);
    expect(seen).not.toHaveProperty("balance");
    expect((await call("GET", "/agents/balance", { token: staff.token })).status).toBe(403);
    const admin = await signIn("Admin", (await createAdmin()).email);
    expect((await call("GET", "/agents/currentAgentData", { token: admin.token })).status).toBe(403);
  });

  it("PATCH agents updates the profile and refuses fields it does not own", async () => {
    const agent = await createAgent({ balance: 100 });
    const { token } = await signIn("Agent", agent.email);
    const ok = await call("PATCH", "/agents", { token, body: { name: "Renamed Travel", city: "Duhok", locale: "ar" } });
    expect(ok.status).toBe(200);
    expect(await body(ok)).toMatchObject({ name: "Renamed Travel", city: "Duhok", locale: "ar", balance: 100 });
    const sneaky = await call("PATCH", "/agents", { token, body: { balance: 999_999, enabled: true } });
    expect(sneaky.status).toBe(400);
    expect(await body(await call("GET", "/agents/balance", { token }))).toMatchObject({ balance: 100 });
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    const agent = await createAgent();
    const here = await signIn("Agent", agent.email);
    const elsewhere = await signIn("Agent", agent.email);
    const missing = await call("PATCH", "/agents", { token: here.token, body: { newPassword: "NewSecret1" } });
    expect(missing.status).toBe(400);
    expect((await body(missing)).message).toEqual(["currentPassword: Enter your current password to set a new one."]);
    const wrong = await call("PATCH", "/agents", { token: here.token, body: { currentPassword: "nope", newPassword: "NewSecret1", name: "Changed" } });
    expect(wrong.status).toBe(400);
    expect((await body(wrong)).code).toBe("WRONG_PASSWORD");
    expect((await body(await call("GET", "/agents/currentAgentData", { token: here.token }))).name).toBe("Test Travel");

    const changed = await call("PATCH", "/agents", { token: here.token, body: { currentPassword: PASSWORD, newPassword: "NewSecret1" } });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/agents/currentAgentData", { token: here.token })).status).toBe(200);
    expect((await call("GET", "/agents/currentAgentData", { token: elsewhere.token })).status).toBe(401);
    expect((await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: PASSWORD } })).status).toBe(401);
    expect((await call("POST", "/auth/loginAgent", { body: { email: agent.email, password: "NewSecret1" } })).status).toBe(200);
  });

  it("Users/currentUserData and PATCH Users for staff only", async () => {
    const agent = await createAgent();
    const staff = await createUser(agent.id);
    const { token } = await signIn("Agent", staff.email);
    const me = await body(await call("GET", "/Users/currentUserData", { token }));
    expect(me.user).toMatchObject({ _id: staff.id });
    expect(me.agent).toMatchObject({ _id: agent.id });
    const updated = await call("PATCH", "/Users", { token, body: { name: "Rawa J.", phone: "+964 750 222 3344" } });
    expect(await body(updated)).toMatchObject({ name: "Rawa J.", phone: "+964 750 222 3344" });
    const agentToken = (await signIn("Agent", agent.email)).token;
    expect((await call("GET", "/Users/currentUserData", { token: agentToken })).status).toBe(403);
    expect((await call("PATCH", "/agents", { token, body: { name: "Not mine" } })).status).toBe(403);
  });

  it("auth/session answers the signed-in account for a new tab", async () => {
    const admin = await createAdmin();
    const { token } = await signIn("Admin", admin.email);
    expect(await body(await call("GET", "/auth/session", { token }))).toMatchObject({ kind: "Admin", admin: { _id: admin.id } });
  });
});

describe("edge refresh on page navigation", () => {
  const page = (path: string, cookie: string) => SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

  it("serves a page with new cookies when only the refresh cookie is left", async () => {
    const agent = await createAgent();
    const { cookies } = await signIn("Agent", agent.email);
    const response = await page("/en/visa", `auth.refreshToken=${encodeURIComponent(cookies["auth.refreshToken"]!.value)}; auth.kind=Agent`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const renewed = setCookies(response);
    expect(renewed["auth.accessToken"]!.value).toMatch(/\./);
    expect(renewed["auth.refreshToken"]!.value).not.toBe(cookies["auth.refreshToken"]!.value);
    expect((await call("GET", "/agents/currentAgentData", { token: renewed["auth.accessToken"]!.value })).status).toBe(200);
  });

  it("refreshes a page reached through a followed redirect rule like the page itself", async () => {
    const agent = await createAgent();
    const { cookies } = await signIn("Agent", agent.email);
    // "/en/account" is followed at the edge to "/en/information" (functions/edge/redirects.ts).
    const response = await page("/en/account", `auth.refreshToken=${encodeURIComponent(cookies["auth.refreshToken"]!.value)}; auth.kind=Agent`);
    expect(response.status).toBe(200);
    expect(setCookies(response)["auth.accessToken"]!.value).toMatch(/\./);
  });

  it("sends an admin to the admin page after refreshing, and to the login page when the refresh fails", async () => {
    const { cookies } = await signIn("Admin", (await createAdmin()).email);
    const good = await page("/ar/admin/news", `auth.refreshToken=${encodeURIComponent(cookies["auth.refreshToken"]!.value)}; auth.kind=Admin; auth.isAdmin=1`);
    expect(good.status).toBe(200);
    const bad = await page("/ar/admin/news", "auth.refreshToken=stale; auth.kind=Admin; auth.isAdmin=1");
    expect(bad.status).toBe(302);
    expect(bad.headers.get("Location")).toMatch(/^\/ar\/admin\/login\//);
    expect(setCookies(bad)["auth.refreshToken"]!.attrs).toContain("Max-Age=0");
  });

  it("never spends the refresh token on a link prefetch", async () => {
    const { cookies } = await signIn("Agent", (await createAgent()).email);
    const refresh = cookies["auth.refreshToken"]!.value;
    const prefetch = await SELF.fetch(`${BASE}/en/visa`, {
      headers: { Cookie: `auth.refreshToken=${encodeURIComponent(refresh)}; auth.kind=Agent`, "Sec-Purpose": "prefetch" },
      redirect: "manual",
    });
    expect(prefetch.status).toBe(503);
    expect(prefetch.headers.getSetCookie()).toEqual([]);
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: refresh } })).status).toBe(200);
  });

  it("keeps a short-lived token that is still live (margin is a tenth of its lifetime)", async () => {
    const now = Math.floor(Date.now() / 1000);
    // A live session's token, re-issued with 4 s left of its life.
    const { token } = await signIn("Agent", (await createAgent()).email);
    const { sub, sid } = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sub: string; sid: string };
    const short = await sign({ sub, kind: "Agent", sid, iat: now - 1, exp: now + 4 }, config(env).jwtSecret!, "HS256");
    const response = await page("/en/visa", `auth.accessToken=${short}; auth.refreshToken=whatever; auth.kind=Agent`);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().filter((c) => c.startsWith("auth."))).toEqual([]);
  });

  it("does not refresh while the access token is live, nor on login pages", async () => {
    const { cookies } = await signIn("Agent", (await createAgent()).email);
    const live = await page("/en/visa", cookieHeader(cookies));
    expect(live.status).toBe(200);
    expect(live.headers.getSetCookie().filter((c) => c.startsWith("auth."))).toEqual([]);
    const login = await page("/en/login", "auth.refreshToken=whatever; auth.kind=Agent");
    expect(login.headers.getSetCookie().filter((c) => c.startsWith("auth."))).toEqual([]);
  });
});
