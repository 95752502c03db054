// Production never signs with the development secret (issue 10 item 2), on the real worker: `wrangler dev` started
// with wrangler.toml's own settings (no --var APP_ENV, no .dev.vars, no JWT_SECRET) is production, and refuses to
// accept or issue tokens, saying why in its log, while the public pages keep working.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let worker: ChildProcess;
let site = "";
let log = "";

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** An access token signed with the embedded development secret, as anyone reading the source could make. */
function devSignedToken(): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const body = `${enc({ alg: "HS256", typ: "JWT" })}.${enc({ sub: "x", kind: "Admin", sid: "s", iat: now, exp: now + 600 })}`;
  const signature = createHmac("sha256", "visa-hub-development-secret-do-not-use-in-production").update(body).digest("base64url");
  return `${body}.${signature}`;
}

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" };
  delete env.JWT_SECRET;
  delete env.APP_ENV;
  worker = spawn("wrangler", ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", ".wrangler/integration-production", "--show-interactive-dev-session=false"], {
    env, stdio: ["ignore", "pipe", "pipe"],
  });
  worker.stderr!.on("data", (chunk) => (log += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("wrangler dev did not start")), 60_000);
    worker.stdout!.on("data", (chunk) => {
      log += String(chunk);
      if (/Ready on/.test(String(chunk))) {
        clearTimeout(timer);
        resolve();
      }
    });
    worker.on("exit", (code) => reject(new Error(`wrangler dev exited ${code}`)));
  });
}, 90_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
  }
});

describe("the worker with wrangler.toml's settings and no JWT_SECRET", () => {
  it("refuses a token signed with the development secret (503 AUTH_NOT_CONFIGURED) and logs why", async () => {
    const response = await fetch(`${site}/api/auth/session`, { headers: { Authorization: `Bearer ${devSignedToken()}` } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ statusCode: 503, code: "AUTH_NOT_CONFIGURED" });
    // wrangler dev prints the worker's console a moment later.
    for (let i = 0; i < 50 && !/JWT_SECRET is missing/.test(log); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(log.replace(/\u001b\[[0-9;]*m/g, "")).toMatch(/JWT_SECRET is missing, too short .* APP_ENV is "production"/);
  });

  it("issues no token on refresh either", async () => {
    const response = await fetch(`${site}/api/auth/refreshAgentToken`, {
      method: "POST", headers: { "Content-Type": "application/json", Origin: site }, body: JSON.stringify({ refreshToken: "x".repeat(43) }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie().join()).not.toMatch(/auth\.accessToken=ey/);
  });

  it("sends a page visit with the forged admin token to the sign-in page, which still opens", async () => {
    const page = await fetch(`${site}/en/admin/visa-list`, { headers: { Cookie: `auth.accessToken=${devSignedToken()}; auth.isAdmin=1` }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/en\/admin\/login\//);
    expect((await fetch(`${site}/en/admin/login/`)).status).toBe(200);
  });
});
