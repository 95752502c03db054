/**
 * Production never signs with the development secret (issue 10, item 2): the worker started with production settings
 * and no JWT_SECRET refuses to issue or accept tokens, says why in the log, and keeps serving what needs no session.
 */
import { env } from "cloudflare:test";
import { sign } from "hono/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../functions/worker";
import { config } from "../../functions/config";
import { BASE, PASSWORD, createAgent, freshIp } from "./fixtures";

type WorkerEnv = Parameters<typeof worker.fetch>[1];
const production = (secret?: string) => ({ ...env, APP_ENV: "production", JWT_SECRET: secret }) as unknown as WorkerEnv;

const login = (workerEnv: WorkerEnv, email: string) =>
  worker.fetch(new Request(`${BASE}/api/auth/loginAgent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: BASE, "CF-Connecting-IP": freshIp() },
    body: JSON.stringify({ email, password: PASSWORD }),
  }), workerEnv);

afterEach(() => vi.restoreAllMocks());

describe("a production worker without its own JWT_SECRET", () => {
  it.each([
    ["no secret", undefined],
    ["the development secret", config({ APP_ENV: "development" }).jwtSecret!],
    ["a short secret", "too-short"],
  ])("with %s refuses to sign in (503 AUTH_NOT_CONFIGURED) and logs why", async (_, secret) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const agent = await createAgent();
    const response = await login(production(secret), agent.email);
    expect(response.status).toBe(503);
    const json = (await response.json()) as Record<string, unknown>;
    expect(json).toMatchObject({ statusCode: 503, code: "AUTH_NOT_CONFIGURED" });
    expect(response.headers.getSetCookie().join()).not.toContain("auth.accessToken=ey");
    expect(errors.mock.calls.flat().join(" ")).toMatch(/JWT_SECRET is missing, too short .* APP_ENV is "production"/);
  });

  it("refuses a token signed with the development secret instead of accepting it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign({ sub: "x", kind: "Admin", sid: "s", iat: now, exp: now + 600 }, config({ APP_ENV: "development" }).jwtSecret!, "HS256");
    const response = await worker.fetch(new Request(`${BASE}/api/auth/session`, { headers: { Authorization: `Bearer ${forged}` } }), production());
    expect(response.status).toBe(503);
  });

  it("still serves the public active theme and the login page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await worker.fetch(new Request(`${BASE}/api/theme/all?active=true`), production())).status).toBe(200);
    expect((await worker.fetch(new Request(`${BASE}/en/login/`), production())).status).toBe(200);
  });

  it("signs in once the secret is set", async () => {
    const agent = await createAgent();
    const response = await login(production("a-production-secret-of-forty-eight-characters!!"), agent.email);
    expect(response.status).toBe(200);
  });

  it("defaults to production when APP_ENV is missing or unknown", () => {
    expect(config({}).jwtSecret).toBeNull();
    expect(config({ APP_ENV: "staging" }).jwtSecret).toBeNull();
    expect(config({ APP_ENV: "development" }).jwtSecret).toBeTruthy();
  });
});
