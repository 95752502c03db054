import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CREDENTIALS_MESSAGE, NO_RESPONSE_MESSAGE, createHttp, sessionKindOf, type SessionKind } from "../../src/lib/http";

// A real HTTP server on loopback plays the API; each test sets how it answers.
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler;
let server: Server;
let baseURL: string;
const hits: { method: string; url: string; auth: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      hits.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

function client(overrides: Partial<Parameters<typeof createHttp>[0]> = {}) {
  const log = { notices: [] as string[], refreshes: [] as SessionKind[], logouts: [] as SessionKind[] };
  let token: string | null = "old";
  const http = createHttp({
    baseURL,
    accessToken: () => token,
    refresh: async (kind) => {
      log.refreshes.push(kind);
      await new Promise((r) => setTimeout(r, 30));
      token = "new";
      return token;
    },
    logout: (kind) => log.logouts.push(kind),
    notifyError: (message) => log.notices.push(message),
    ...overrides,
  });
  return { http, log };
}

beforeEach(() => {
  hits.length = 0;
});

describe("HTTP client (spec §7–8)", () => {
  it("sends the bearer token when one is held, and none otherwise", async () => {
    handler = (_req, res) => json(res, 200, { ok: true });
    await client().http.get("/visa/list");
    await client({ accessToken: () => null }).http.get("/visa/list");
    expect(hits.map((h) => h.auth)).toEqual(["Bearer old", undefined]);
    expect(hits[0]!.url).toBe("/api/visa/list");
  });

  it("a 401 saying the office disabled the agency logs out once with that reason: no refresh, no notice (issue 26)", async () => {
    handler = (_req, res) => json(res, 401, { statusCode: 401, message: "User session expired", error: "Unauthorized", code: "AGENCY_DISABLED" });
    const why: (string | undefined)[] = [];
    const { http, log } = client({ logout: (kind, reason) => { log.logouts.push(kind); why.push(reason); } });
    const calls = await Promise.allSettled([http.get("/requests/list"), http.post("/requests/cancel/x")]);
    expect(calls.map((c) => c.status)).toEqual(["rejected", "rejected"]);
    expect(log.refreshes).toEqual([]);
    expect(log.notices).toEqual([]);
    expect(log.logouts).toEqual(["User"]);
    expect(why).toEqual(["agency-disabled"]);
  });

  it("a refresh refused because the account was disabled logs out with the reason", async () => {
    handler = (_req, res) => json(res, 401, { statusCode: 401, message: "Agent session expired" });
    const why: (string | undefined)[] = [];
    const { http, log } = client({
      refresh: async () => ({ stopped: "staff-disabled" as const }),
      logout: (kind, reason) => { log.logouts.push(kind); why.push(reason); },
    });
    await expect(http.get("/agents/balance")).rejects.toThrow();
    expect(log.logouts).toEqual(["Agent"]);
    expect(why).toEqual(["staff-disabled"]);
  });

  it("makes five concurrent 401s cause exactly one refresh and five single retries", async () => {
    handler = (req, res) =>
      req.headers.authorization === "Bearer new" ? json(res, 200, { ok: req.url }) : json(res, 401, { statusCode: 401, message: "Admin session expired" });
    const { http, log } = client();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => http.get<{ ok: string }>(`/item/${n}`)));
    expect(answers.map((a) => a.ok)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/item/${n}`));
    expect(log.refreshes).toEqual(["Admin"]);
    expect(hits.filter((h) => h.auth === "Bearer old")).toHaveLength(5);
    expect(hits.filter((h) => h.auth === "Bearer new")).toHaveLength(5);
    expect(log.notices).toEqual([]);
  });

  it("retries a 401 that arrives after the refresh has finished with the new token, without a second refresh", async () => {
    let slowCalls = 0;
    handler = (req, res) => {
      if (req.headers.authorization === "Bearer new") return json(res, 200, { ok: req.url });
      // The slow request was sent with the old token and answers well after the fast one's refresh is done.
      const delay = req.url === "/api/slow" && ++slowCalls === 1 ? 150 : 0;
      setTimeout(() => json(res, 401, { statusCode: 401, message: "Agent session expired" }), delay);
    };
    const { http, log } = client();
    const [fast, slow] = await Promise.all([http.get<{ ok: string }>("/fast"), http.get<{ ok: string }>("/slow")]);
    expect([fast.ok, slow.ok]).toEqual(["/api/fast", "/api/slow"]);
    expect(log.refreshes).toEqual(["Agent"]);
    expect(log.notices).toEqual([]);
  });

  it("logs the named kind out and rejects every waiting request when the refresh fails", async () => {
    handler = (_req, res) => json(res, 401, { statusCode: 401, message: "User session expired" });
    const { http, log } = client({ refresh: () => new Promise((resolve) => setTimeout(() => resolve(false), 30)) });
    const results = await Promise.allSettled([http.get("/a"), http.get("/b"), http.get("/c")]);
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect(log.logouts).toEqual(["User"]);
    expect(hits).toHaveLength(3);
  });

  it("signs nobody out when the refresh could not be made (no answer): the requests fail, the next 401 tries again", async () => {
    handler = (_req, res) => json(res, 401, { statusCode: 401, message: "Agent session expired" });
    let attempts = 0;
    const { http, log } = client({
      refresh: async () => {
        attempts++;
        // The first one takes a moment, so both 401s wait for it (one refresh at a time), then finds no server.
        if (attempts === 1) {
          await new Promise((r) => setTimeout(r, 30));
          throw new TypeError("Failed to fetch");
        }
        return "new";
      },
    });
    const first = await Promise.allSettled([http.get("/a"), http.get("/b")]);
    expect(first.every((r) => r.status === "rejected")).toBe(true);
    expect(log.logouts).toEqual([]);
    expect(attempts).toBe(1);
    // The connection is back: the next 401 refreshes again and the request goes through with the new token.
    let calls = 0;
    handler = (_req, res) => (++calls === 1 ? json(res, 401, { statusCode: 401, message: "Agent session expired" }) : json(res, 200, { ok: true }));
    expect(await http.get("/c")).toEqual({ ok: true });
    expect(attempts).toBe(2);
    expect(log.logouts).toEqual([]);
  });

  it("never refreshes on 'Credentials are not correct': one notice, then the error", async () => {
    handler = (_req, res) => json(res, 401, { statusCode: 401, message: CREDENTIALS_MESSAGE });
    const { http, log } = client();
    await expect(http.post("/auth/loginAgent", { email: "a@b.c", password: "x" })).rejects.toMatchObject({ status: 401 });
    expect(log.refreshes).toEqual([]);
    expect(log.notices).toEqual([CREDENTIALS_MESSAGE]);
    expect(hits).toHaveLength(1);
  });

  it("shows no notice for a call made with notify: false (the caller shows the answer), and still rejects", async () => {
    handler = (_req, res) => json(res, 403, { statusCode: 403, message: "This account is not enabled yet." });
    const { http, log } = client();
    await expect(http.post("/auth/loginAgent", { email: "a@b.c", password: "x" }, { notify: false })).rejects.toMatchObject({ status: 403 });
    expect(log.notices).toEqual([]);
    await expect(http.post("/auth/loginAgent", { email: "a@b.c", password: "x" })).rejects.toMatchObject({ status: 403 });
    expect(log.notices).toEqual(["This account is not enabled yet."]);
  });

  it("does not retry a POST on 503 and retries a GET exactly once", async () => {
    handler = (_req, res) => json(res, 503, { statusCode: 503, message: "Busy" });
    const { http, log } = client();
    await expect(http.post("/requests", { a: 1 })).rejects.toMatchObject({ status: 503 });
    expect(hits).toHaveLength(1);
    hits.length = 0;
    await expect(http.get("/requests/list")).rejects.toMatchObject({ status: 503 });
    expect(hits.map((h) => h.method)).toEqual(["GET", "GET"]);
    for (const method of ["put", "patch", "delete"] as const) {
      hits.length = 0;
      await expect(method === "delete" ? http.delete("/x") : http[method]("/x", {})).rejects.toBeTruthy();
      expect(hits, method).toHaveLength(1);
    }
    expect(log.notices.every((n) => n === "Busy")).toBe(true);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])("retries a GET once on %i", async (status) => {
    let calls = 0;
    handler = (_req, res) => (++calls === 1 ? json(res, status, { message: "try again" }) : json(res, 200, { ok: true }));
    await expect(client().http.get("/x")).resolves.toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it("does not retry a GET on 400, 403 or 404", async () => {
    for (const status of [400, 403, 404]) {
      hits.length = 0;
      handler = (_req, res) => json(res, status, { message: "no" });
      await expect(client().http.get("/x")).rejects.toMatchObject({ status });
      expect(hits, String(status)).toHaveLength(1);
    }
  });

  it("shows one notice per entry of a list message, one for a string, then re-throws", async () => {
    handler = (_req, res) => json(res, 400, { statusCode: 400, message: ["email must be an email", "password is too short"] });
    const { http, log } = client();
    await expect(http.post("/agents/create", {})).rejects.toMatchObject({ status: 400 });
    expect(log.notices).toEqual(["email must be an email", "password is too short"]);
    handler = (_req, res) => json(res, 409, { statusCode: 409, message: "Visa not orderable" });
    await expect(http.post("/requests", {})).rejects.toMatchObject({ status: 409 });
    expect(log.notices.at(-1)).toBe("Visa not orderable");
  });

  it("says NO_RESPONSE_MESSAGE (not a technical fetch error) when no answer arrives, and never refreshes", async () => {
    const { http, log } = client({ baseURL: "http://127.0.0.1:9/api" });
    await expect(http.post("/auth/loginAgent", {})).rejects.toBeTruthy();
    expect(log.notices).toEqual([NO_RESPONSE_MESSAGE]);
    expect(log.refreshes).toEqual([]);
  });

  it("reads the session kind from the first word of a 401 message, Agent by default", () => {
    expect(sessionKindOf("Admin session expired")).toBe("Admin");
    expect(sessionKindOf("User token revoked")).toBe("User");
    expect(sessionKindOf("Agent session expired")).toBe("Agent");
    expect(sessionKindOf("Session expired")).toBe("Agent");
    expect(sessionKindOf(["Admin"])).toBe("Agent");
    expect(sessionKindOf(undefined)).toBe("Agent");
  });
});

describe("first data written into the page (issue 9)", () => {
  it("answers the first GET of a written path without a request, once; later GETs and other methods go out", async () => {
    handler = (_req, res) => json(res, 200, { from: "api" });
    const written = new Map<string, unknown>([["/visa/one/abc", { from: "page" }]]);
    const firstData = (path: string) => {
      const value = written.get(path);
      written.delete(path);
      return value;
    };
    const { http } = client({ firstData });
    expect(await http.get("visa/one/abc")).toEqual({ from: "page" });
    expect(hits).toHaveLength(0);
    expect(await http.get("visa/one/abc")).toEqual({ from: "api" });
    written.set("/visa/one/abc", { from: "page" });
    expect(await http.post("visa/one/abc", {})).toEqual({ from: "api" });
    // A query is part of the call: a written path without it does not answer it.
    expect(await http.get("visa/one/abc", { query: { x: 1 } })).toEqual({ from: "api" });
    expect(hits.map((h) => `${h.method} ${h.url}`)).toEqual(["GET /api/visa/one/abc", "POST /api/visa/one/abc", "GET /api/visa/one/abc?x=1"]);
  });
});
