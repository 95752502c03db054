// API_ORIGIN mode (DESIGN §1): the real worker under `wrangler dev` forwards /api/* to another backend of the same
// contract (here a second server on loopback), with the same cookie and refresh handling as the built-in API.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Hit { method: string; url: string; headers: IncomingMessage["headers"]; body: string }
const hits: Hit[] = [];
let backend: Server;
let worker: ChildProcess;
let site = "";
let currentRefresh = "r1";
let issued = 0;

/** An unsigned JWT-shaped token: the edge only reads `exp` to size the cookie; the backend is the judge. */
const token = (ttl: number) => {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "none" })}.${enc({ sub: "a1", exp: Math.floor(Date.now() / 1000) + ttl, n: ++issued })}.sig`;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  backend = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(data));
      };
      if (req.url === "/api/auth/loginAgent") return send(200, { access_token: token(600), refresh_token: currentRefresh, agent: { _id: "a1", name: "Remote Travel" } });
      if (req.url === "/api/auth/refreshAgentToken") {
        const given = JSON.parse(body || "{}").refreshToken;
        if (given !== currentRefresh) return send(401, { statusCode: 401, message: "Agent session expired" });
        currentRefresh = `r${issued + 2}`;
        return send(200, { access_token: token(600), refresh_token: currentRefresh, agent: { _id: "a1" } });
      }
      if (req.url?.startsWith("/api/agents/currentAgentData")) {
        return req.headers.authorization?.startsWith("Bearer ") ? send(200, { _id: "a1", seen: req.url }) : send(401, { statusCode: 401, message: "Agent session expired" });
      }
      send(404, { statusCode: 404, message: "nope" });
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
  const backendUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  worker = spawn(
    "wrangler",
    ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", ".wrangler/integration", "--var", `API_ORIGIN:${backendUrl}`, "--var", "APP_ENV:test", "--show-interactive-dev-session=false"],
    { env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("wrangler dev did not start")), 60_000);
    worker.stdout!.on("data", (chunk) => {
      if (/Ready on/.test(String(chunk))) {
        clearTimeout(timer);
        resolve();
      }
    });
    worker.on("exit", (code) => reject(new Error(`wrangler dev exited ${code}`)));
  });
}, 90_000);

afterAll(async () => {
  // Wait for wrangler to let go of its port: the browser tests start a server right after.
  if (worker && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    await exited;
  }
  await new Promise<void>((resolve) => backend.close(() => resolve()));
});

const cookiesOf = (response: Response) =>
  Object.fromEntries(response.headers.getSetCookie().map((line) => {
    const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
    return [pair.slice(0, pair.indexOf("=")), { value: decodeURIComponent(pair.slice(pair.indexOf("=") + 1)), attrs }];
  })) as Record<string, { value: string; attrs: string[] }>;

describe("API_ORIGIN mode", () => {
  it("forwards sign-in, keeps the refresh token in an HttpOnly cookie and out of the JSON", async () => {
    const response = await fetch(`${site}/api/auth/loginAgent`, {
      method: "POST", headers: { "Content-Type": "application/json", Origin: site }, body: JSON.stringify({ email: "a@b.example", password: "x" }),
    });
    expect(response.status).toBe(200);
    const json = (await response.json()) as Record<string, unknown>;
    expect(json).not.toHaveProperty("refresh_token");
    expect(json).toMatchObject({ kind: "Agent", agent: { name: "Remote Travel" } });
    const cookies = cookiesOf(response);
    expect(cookies["auth.refreshToken"]).toMatchObject({ value: "r1" });
    expect(cookies["auth.refreshToken"]!.attrs).toContain("HttpOnly");
    expect(cookies["auth.accessToken"]!.value).toBe(json.access_token);
    const login = hits.find((h) => h.url === "/api/auth/loginAgent")!;
    expect(JSON.parse(login.body)).toEqual({ email: "a@b.example", password: "x" });
    // The backend gets a server call: no browser Origin, no cookies.
    expect(login.headers.origin).toBeUndefined();
    expect(login.headers.cookie).toBeUndefined();
  });

  it("fills the refresh call from the cookie and rotates the cookie", async () => {
    const response = await fetch(`${site}/api/auth/refreshAgentToken`, {
      method: "POST", headers: { "Content-Type": "application/json", Origin: site, Cookie: `auth.refreshToken=${currentRefresh}` }, body: JSON.stringify({ refreshToken: "" }),
    });
    const sent = JSON.parse(hits.at(-1)!.body).refreshToken;
    expect(response.status).toBe(200);
    expect(cookiesOf(response)["auth.refreshToken"]!.value).toBe(currentRefresh);
    expect(sent).not.toBe(currentRefresh);
  });

  it("forwards calls with their bearer and query string", async () => {
    const response = await fetch(`${site}/api/agents/currentAgentData?x=1&y=%D8%B3`, { headers: { Authorization: "Bearer abc" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ seen: "/api/agents/currentAgentData?x=1&y=%D8%B3" });
    expect(hits.at(-1)!.headers.authorization).toBe("Bearer abc");
  });

  it("refreshes through the backend before serving a guarded page", async () => {
    const before = currentRefresh;
    const response = await fetch(`${site}/en/visa`, { headers: { Cookie: `auth.refreshToken=${before}; auth.kind=Agent` }, redirect: "manual" });
    expect(response.status).toBe(200);
    const cookies = cookiesOf(response);
    expect(cookies["auth.accessToken"]!.value).toMatch(/\./);
    expect(cookies["auth.refreshToken"]!.value).toBe(currentRefresh);
    expect(currentRefresh).not.toBe(before);
  });

  it("refuses a foreign origin at the edge without calling the backend", async () => {
    const count = hits.length;
    const response = await fetch(`${site}/api/auth/loginAgent`, {
      method: "POST", headers: { "Content-Type": "application/json", Origin: "https://evil.example" }, body: "{}",
    });
    expect(response.status).toBe(403);
    expect(hits.length).toBe(count);
  });
});
