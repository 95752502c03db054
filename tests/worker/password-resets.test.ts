/**
 * Issue 27 item 2: "forgot password" and the office's reset links (real D1 in workerd). Links are single use and run
 * out after 30 minutes; the answer to "forgot password" never tells whether the address exists; without email the
 * request waits for the office, which makes a link; with an email provider configured, the fake provider checks each
 * message (in the account's language, the link in it works); every reset and every forced sign-out ends the account's
 * sessions; requests are rate-limited like sign-in.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handle } from "../../functions/worker";
import { BASE, PASSWORD, call, createAgent, createUser, freshIp, signIn } from "./fixtures";
import { adminToken, agencyIn, expectStatus } from "./catalogue-fixtures";

const NEW_PASSWORD = "Fresh#Pass2026";
const tokenOf = (path: string) => path.slice(path.indexOf("#") + 1);
const forgot = (email: string, ip = freshIp()) => call("POST", "/auth/forgot-password", { body: { email }, headers: { "CF-Connecting-IP": ip } });

describe("forgot password without an email provider", { timeout: 60_000 }, () => {
  it("answers the same for a known, an unknown and a disabled address; only the known one waits on the agency's page", async () => {
    const admin = await adminToken();
    const known = await createAgent();
    const disabled = await createAgent({ enabled: false });
    const answers = [];
    for (const email of [known.email, `nobody-${Date.now()}@test.example`, disabled.email]) {
      const response = await forgot(email);
      answers.push([response.status, await response.text()]);
    }
    expect(answers[0]).toEqual([202, JSON.stringify({ accepted: true, delivery: "office" })]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // Asked twice: one waiting request.
    await forgot(known.email);
    const waiting = await expectStatus(await call("GET", `/agents/password-resets/${known.id}`, { token: admin }), 200);
    expect(waiting.data).toEqual([{ _id: expect.any(String), account: { kind: "Agent", _id: known.id, email: known.email, name: "Test Travel" }, requestedAt: expect.any(String) }]);
    expect((await expectStatus(await call("GET", `/agents/password-resets/${disabled.id}`, { token: admin }), 200)).data).toEqual([]);
    // A bad address is a 400 naming the field, never a 500.
    const bad = await expectStatus(await call("POST", "/auth/forgot-password", { body: { email: "not an address" } }), 400);
    expect(bad.message.join(" ")).toMatch(/email/);
  });

  it("the office's link is single use, ends every session of the account and answers the waiting request", async () => {
    const admin = await adminToken();
    const agency = await createAgent();
    const before = await signIn("Agent", agency.email);
    await forgot(agency.email);
    const link = await expectStatus(await call("POST", `/agents/password-reset/${agency.id}`, { token: admin, body: {} }), 201);
    expect(link.path).toMatch(/^\/en\/reset-password\/#[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect((await expectStatus(await call("GET", `/agents/password-resets/${agency.id}`, { token: admin }), 200)).data).toEqual([]);

    const token = tokenOf(link.path);
    expect(await expectStatus(await call("POST", "/auth/password-reset/check", { body: { token } }), 200)).toMatchObject({ email: agency.email, name: "Test Travel" });
    expect(await expectStatus(await call("POST", "/auth/password-reset", { body: { token, password: NEW_PASSWORD } }), 200)).toEqual({ email: agency.email });
    // Used up: a second use changes nothing.
    const again = await expectStatus(await call("POST", "/auth/password-reset", { body: { token, password: "Other#Pass2026" } }), 409);
    expect(again.code).toBe("RESET_USED");
    expect((await expectStatus(await call("POST", "/auth/password-reset/check", { body: { token } }), 409)).code).toBe("RESET_USED");

    // The old session is over; the old password is refused, the new one works.
    expect((await call("GET", "/auth/session", { token: before.token })).status).toBe(401);
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: before.refresh } })).status).toBe(401);
    expect((await call("POST", "/auth/loginAgent", { body: { email: agency.email, password: PASSWORD } })).status).toBe(401);
    await signIn("Agent", agency.email, NEW_PASSWORD);

    const history = await expectStatus(await call("GET", `/agents/history/${agency.id}`, { token: admin }), 200);
    expect(history.data.map((e: any) => e.action)).toEqual(["password-reset", "reset-link"]);
    expect(history.data[1].by.kind).toBe("Admin");
    expect(history.data[0]).toMatchObject({ subject: agency.email, by: { kind: "Agent", name: "Test Travel" } });
  });

  it("a link runs out after 30 minutes, and a newer link retires the older", async () => {
    const admin = await adminToken();
    const agency = await createAgent();
    const first = tokenOf((await expectStatus(await call("POST", `/agents/password-reset/${agency.id}`, { token: admin, body: {} }), 201)).path);
    const second = tokenOf((await expectStatus(await call("POST", `/agents/password-reset/${agency.id}`, { token: admin, body: {} }), 201)).path);
    expect((await expectStatus(await call("POST", "/auth/password-reset", { body: { token: first, password: NEW_PASSWORD } }), 409)).code).toBe("RESET_EXPIRED");
    // Thirty minutes and a second later.
    await env.DB.prepare("UPDATE password_resets SET expires_at = ? WHERE account_id = ? AND used_at IS NULL AND token_hash IS NOT NULL AND expires_at > ?")
      .bind(new Date(Date.now() - 1000).toISOString(), agency.id, new Date().toISOString()).run();
    const expired = await expectStatus(await call("POST", "/auth/password-reset", { body: { token: second, password: NEW_PASSWORD } }), 409);
    expect(expired.code).toBe("RESET_EXPIRED");
    await signIn("Agent", agency.email);
    // Unknown and malformed tokens.
    expect((await call("POST", "/auth/password-reset/check", { body: { token: "A".repeat(43) } })).status).toBe(404);
    const malformed = await expectStatus(await call("POST", "/auth/password-reset", { body: { token: "short", password: "x" } }), 400);
    expect(malformed.message.join(" ")).toMatch(/token/);
    expect(malformed.message.join(" ")).toMatch(/password/);
  });

  it("the office resets a staff user of the agency (another agency's user is a 404) and can sign anyone out everywhere", async () => {
    const admin = await adminToken();
    const agency = await agencyIn();
    const staff = await createUser(agency.id);
    const staffSession = await signIn("Agent", staff.email);
    const other = await createAgent();
    await expectStatus(await call("POST", `/agents/password-reset/${other.id}`, { token: admin, body: { userId: staff.id } }), 404);
    const link = await expectStatus(await call("POST", `/agents/password-reset/${agency.id}`, { token: admin, body: { userId: staff.id } }), 201);
    expect(link.account).toEqual({ kind: "User", _id: staff.id, email: staff.email, name: "Test Staff" });
    await expectStatus(await call("POST", "/auth/password-reset", { body: { token: tokenOf(link.path), password: NEW_PASSWORD } }), 200);
    expect((await call("GET", "/auth/session", { token: staffSession.token })).status).toBe(401);
    // The agency's own session is not the staff user's: it goes on.
    expect((await call("GET", "/auth/session", { token: agency.token })).status).toBe(200);

    const ended = await expectStatus(await call("POST", `/agents/sign-out/${agency.id}`, { token: admin, body: {} }), 200);
    expect(ended.ended).toBeGreaterThanOrEqual(1);
    expect((await call("GET", "/auth/session", { token: agency.token })).status).toBe(401);
    const history = await expectStatus(await call("GET", `/agents/history/${agency.id}`, { token: admin }), 200);
    expect(history.data[0]).toMatchObject({ action: "signed-out", by: { kind: "Admin" } });
    // Agencies cannot call the office's calls.
    const fresh = await agencyIn();
    expect((await call("POST", `/agents/password-reset/${fresh.id}`, { token: fresh.token, body: {} })).status).toBe(403);
    expect((await call("POST", `/agents/sign-out/${fresh.id}`, { token: fresh.token, body: {} })).status).toBe(403);
  });

  it("is rate-limited like sign-in: the 11th request from one address in 15 minutes is a 429 with Retry-After", async () => {
    const ip = freshIp();
    const agency = await createAgent();
    for (let i = 0; i < 10; i++) expect((await forgot(agency.email, ip)).status).toBe(202);
    const limited = await forgot(`someone-else-${Date.now()}@test.example`, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await forgot(agency.email)).status).toBe(202);
  });
});

describe("forgot password with an email provider configured", { timeout: 60_000 }, () => {
  const MAIL_API = "https://mail.fake.test/emails";
  const sent: { headers: Headers; body: { from: string; to: string[]; subject: string; text: string; html: string } }[] = [];
  const realFetch = globalThis.fetch;
  afterEach(() => {
    vi.restoreAllMocks();
    sent.length = 0;
  });
  /** The worker with the three email settings, the provider's API faked at the edge of the world. */
  const withEmail = (path: string, body: unknown) => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (request.url !== MAIL_API) return realFetch(input, init);
      sent.push({ headers: request.headers, body: await request.json() });
      return Response.json({ id: "email-1" });
    });
    const request = new Request(`${BASE}/api${path}`, {
      method: "POST", headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() }, body: JSON.stringify(body),
    });
    return handle(request, { ...env, EMAIL_API_URL: MAIL_API, EMAIL_API_KEY: "test-key", EMAIL_FROM: "Visa Hub <no-reply@visahub.example>" } as never);
  };

  it("sends the link to the account in its own language; the link in the email works once; unknown addresses get nothing", async () => {
    const agency = await createAgent();
    await env.DB.prepare("UPDATE agents SET locale = 'ar', name = 'سفريات دجلة' WHERE id = ?").bind(agency.id).run();
    const response = await withEmail("/auth/forgot-password", { email: agency.email });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: true, delivery: "email" });
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.headers.get("Authorization")).toBe("Bearer test-key");
    expect(mail!.body.from).toBe("Visa Hub <no-reply@visahub.example>");
    expect(mail!.body.to).toEqual([agency.email]);
    expect(mail!.body.subject).toBe("إعادة تعيين كلمة المرور في Visa Hub");
    expect(mail!.body.text).toContain("سفريات دجلة");
    // Numbers follow the reader's digit rule (issue 26): Arabic-Indic in Arabic.
    expect(mail!.body.text).toContain("٣٠");
    expect(mail!.body.html).toContain('dir="rtl"');
    const link = /https?:\/\/[^\s]+\/ar\/reset-password\/#([A-Za-z0-9_-]{43})/.exec(mail!.body.text);
    expect(link).not.toBeNull();
    expect(mail!.body.html).toContain(link![0]);

    // Nothing waits for the office: the email carried the link.
    const admin = await adminToken();
    expect((await expectStatus(await call("GET", `/agents/password-resets/${agency.id}`, { token: admin }), 200)).data).toEqual([]);
    expect((await call("POST", "/auth/password-reset", { body: { token: link![1], password: NEW_PASSWORD } })).status).toBe(200);
    expect((await call("POST", "/auth/password-reset", { body: { token: link![1], password: NEW_PASSWORD } })).status).toBe(409);
    await signIn("Agent", agency.email, NEW_PASSWORD);

    vi.restoreAllMocks();
    const unknown = await withEmail("/auth/forgot-password", { email: `nobody-${Date.now()}@test.example` });
    expect(unknown.status).toBe(202);
    expect(sent).toHaveLength(1);
  });

  it("a staff user's email is in the staff user's language (Kurdish), not the agency's", async () => {
    const agency = await createAgent();
    const staff = await createUser(agency.id);
    await env.DB.prepare("UPDATE users SET locale = 'ku' WHERE id = ?").bind(staff.id).run();
    expect((await withEmail("/auth/forgot-password", { email: staff.email })).status).toBe(202);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.to).toEqual([staff.email]);
    expect(sent[0]!.body.text).toMatch(/\/ku\/reset-password\/#/);
    expect(sent[0]!.body.html).toContain('lang="ckb"');
  });
});
