/**
 * The guard checks who you are, not what a cookie says (issue 10, item 7), tried as an attacker and a staff member
 * would: forged admin cookies on /en/admin/visa-list, a staff user on the agency's statement, and the money that must
 * not reach a staff member's page at all.
 */
import { SELF, env } from "cloudflare:test";
import { sign } from "hono/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "../../functions/config";
import { handle } from "../../functions/worker";
import { BASE, cookieHeader, createAdmin, createAgent, createUser, signIn } from "./fixtures";

const page = (path: string, cookie: string) => SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const now = () => Math.floor(Date.now() / 1000);
const claims = (kind: string) => ({ sub: "attacker", kind, sid: "s", iat: now(), exp: now() + 3600 });

let agentCookies: string;
let staffCookies: string;
let adminCookies: string;

beforeAll(async () => {
  const agent = await createAgent();
  agentCookies = cookieHeader((await signIn("Agent", agent.email)).cookies);
  staffCookies = cookieHeader((await signIn("Agent", (await createUser(agent.id)).email)).cookies);
  adminCookies = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
});

describe("forged cookies on /en/admin/visa-list", () => {
  const forgeries: Record<string, () => Promise<string>> = {
    "an unsigned token (alg none) with the admin flag": async () => `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims("Admin"))}.`,
    "an Admin token signed with a guessed key": async () => sign(claims("Admin"), "secret", "HS256"),
    "garbage with the admin flag": async () => "token",
  };
  it.each(Object.keys(forgeries))("%s is sent to the admin sign-in, not served the admin shell", async (name) => {
    const token = await forgeries[name]!();
    const response = await page("/en/admin/visa-list", `auth.accessToken=${token}; auth.isAdmin=1; auth.kind=Admin`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/en/admin/login/?next=%2Fen%2Fadmin%2Fvisa-list");
  });

  it("a real agent session with a forged admin flag is sent to the admin sign-in", async () => {
    const response = await page("/en/admin/visa-list", `${agentCookies}; auth.isAdmin=1`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/en\/admin\/login\//);
  });

  it("a real admin session is served the page", async () => {
    expect((await page("/en/admin/visa-list", adminCookies)).status).toBe(200);
  });
});

describe("staff users and the agency's money", () => {
  it.each(["/en/transactions", "/ar/transactions-old", "/ku/transactions/"])("a staff user on %s is sent home", async (path) => {
    const response = await page(path, staffCookies);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/${path.split("/")[1]}/`);
  });

  it("the agency itself reads its statement", async () => {
    expect((await page("/en/transactions", agentCookies)).status).toBe(200);
  });

  it("a staff member's pages carry no balance, statement link or money wording; the agency's do", async () => {
    for (const path of ["/en/", "/en/visa", "/ar/information"]) {
      const staff = await (await page(path, staffCookies)).text();
      expect(staff, path).not.toContain("data-money");
      expect(staff, path).not.toMatch(/href="\/(en|ar|ku)\/transactions(-old)?\/"/);
      expect(staff, path).not.toContain('data-testid="account-balance"');
      const agency = await (await page(path, agentCookies)).text();
      expect(agency, path).toMatch(/href="\/(en|ar)\/transactions\/"/);
      expect(agency, path).toContain('data-testid="account-balance"');
    }
  });
});

describe("API_ORIGIN mode", () => {
  it("keeps going by the cookies, since another backend signs the tokens (README)", async () => {
    const response = await handle(new Request(`${BASE}/en/admin/visa-list`, { headers: { Cookie: "auth.accessToken=opaque; auth.isAdmin=1" } }), {
      ...env, API_ORIGIN: "http://127.0.0.1:9",
    } as Parameters<typeof handle>[1]);
    expect(response.status).toBe(200);
  });

  it("with the built-in API, a token that does not verify is no session even on an agent page", async () => {
    const forged = await sign(claims("Agent"), "not-our-key", "HS256");
    const response = await page("/en/visa", `auth.accessToken=${forged}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/en\/login\//);
    expect(config(env).jwtSecret).not.toBe("not-our-key");
  });
});
