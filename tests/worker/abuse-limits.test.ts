/**
 * Abuse limits that cannot be turned against users (issue 10, item 4), tried as an attacker would: wrong passwords
 * from one address never lock the owner out elsewhere, a stolen session cannot guess the password through the
 * profile form, and one address cannot flood the registration form.
 */
import { describe, expect, it } from "vitest";
import { ACCOUNT_SLOWDOWN_MS } from "../../functions/services/login-limit";
import { PASSWORD, call, createAgent, signIn, uniqueEmail } from "./fixtures";

const login = (email: string, password: string, ip: string) =>
  call("POST", "/auth/loginAgent", { body: { email, password }, headers: { "CF-Connecting-IP": ip } });

describe("sign-in failures", () => {
  it("20 wrong passwords from one address, then the right one from another address signs in (slowed, not refused)", async () => {
    const agent = await createAgent();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login(agent.email, `wrong-${i}-xx`, "192.0.2.66")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    // The attacker's address stays refused even with the right password…
    expect((await login(agent.email, PASSWORD, "192.0.2.66")).status).toBe(429);
    // …while the owner, elsewhere, signs in: the account-wide count only slows each attempt down.
    const started = Date.now();
    const owner = await login(agent.email, PASSWORD, "198.51.100.20");
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(ACCOUNT_SLOWDOWN_MS - 50);
  }, 30_000);

  it("wrong passwords spread over many addresses never refuse the account (no lockout by third parties)", async () => {
    const agent = await createAgent();
    for (let i = 0; i < 12; i++) expect((await login(agent.email, "wrong-pass-1", `203.0.113.${100 + i}`)).status).toBe(401);
    expect((await login(agent.email, PASSWORD, "203.0.113.250")).status).toBe(200);
  }, 30_000);

  it("a wrong current password on a profile change counts as a failed sign-in", async () => {
    const agent = await createAgent();
    const { token } = await signIn("Agent", agent.email);
    const ip = "192.0.2.99";
    const change = (currentPassword: string) =>
      call("PATCH", "/agents", { token, body: { currentPassword, newPassword: "NewPassw0rd!" }, headers: { "CF-Connecting-IP": ip } });
    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}-x`)).status).toBe(400);
    // A stolen session cannot keep guessing: the 11th try is refused, and so is a sign-in from that address.
    const blocked = await change(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await login(agent.email, PASSWORD, ip)).status).toBe(429);
  }, 30_000);
});

describe("registration", () => {
  it("6 applications from one address: the 6th is a 429 with Retry-After; another address still applies", async () => {
    const apply = (ip: string) =>
      call("POST", "/agents/create", {
        body: { name: "Flood Travel", contactName: "Someone", email: uniqueEmail("flood"), phone: "+964 750 000 0000", password: PASSWORD },
        headers: { "CF-Connecting-IP": ip },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await apply("192.0.2.150"));
    expect(statuses.slice(0, 5).map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const sixth = statuses[5]!;
    expect(sixth.status).toBe(429);
    const json = (await sixth.json()) as { code: string; message: string };
    expect(json.code).toBe("RATE_LIMITED");
    expect(json.message).toBe("Too many applications from this network. Please try again later.");
    const retryAfter = Number(sixth.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await apply("192.0.2.151")).status).toBe(201);
  }, 30_000);
});
