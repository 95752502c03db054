/**
 * One structured log line per API call (issue 31): what an operator needs to find a call and see what it did —
 * its request id (the one the error envelope shows the user), the route's pattern, who called (kind, account,
 * agency), the status and error code, how long it took and the D1 rows it read and wrote. Workers Logs
 * (`[observability]` in wrangler.toml) indexes each JSON field, so `requestId = "…"` or `agencyId = "…" AND
 * status >= 500` finds it.
 *
 * What a line never holds: bodies, query strings, headers, cookies, tokens, passwords, passport numbers, names or
 * document names. Routes are logged as their pattern (`/api/requests/:id`), never the address as sent, and the only
 * free text is a server failure's stack. tests/worker/call-log.test.ts captures the lines of real calls and checks.
 */
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppContext, AppEnv } from "./context";
import { meteredDb, newUsage } from "./d1-meter";

export interface CallLogLine {
  type: "api";
  level: "info" | "warn" | "error";
  requestId: string;
  method: string;
  /** The route's pattern as registered, or null when no route matched. */
  route: string | null;
  status: number;
  /** The error envelope's code (VALIDATION_FAILED, INSUFFICIENT_BALANCE, …) of a failed call. */
  code?: string;
  caller: "Agent" | "User" | "Admin" | "anonymous";
  callerId: string | null;
  agencyId: string | null;
  durationMs: number;
  d1: { rowsRead: number; rowsWritten: number; statements: number; byReplica: number };
  /** A server failure's stack (status 500). */
  error?: string;
}

/**
 * The pattern of the route the call was for (not a middleware's "*"), even when a middleware before it refused or
 * failed; null when no route matched (a 404 with no route).
 */
function routeOf(c: AppContext): string | null {
  return matchedRoutes(c).filter((route) => route.method !== "ALL").at(-1)?.path ?? null;
}

/**
 * The first middleware of the API: gives the call its request id (Cloudflare's CF-Ray, else a new UUID) and a D1
 * that counts rows, and writes the call's line once it is answered (errors included: Hono has turned them into the
 * envelope by then).
 */
export const callLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  const requestId = c.req.header("CF-Ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  c.header("X-Request-Id", requestId);
  const usage = newUsage();
  // A per-call view of the bindings (never the shared env object): the same database, counting this call's rows.
  c.env = { ...c.env, DB: meteredDb(c.env.DB, usage) };
  await next();
  const status = c.res.status;
  const principal = c.get("principal");
  const failure = c.get("failure");
  const line: CallLogLine = {
    type: "api",
    level: status >= 500 ? "error" : status >= 400 ? "warn" : "info",
    requestId,
    method: c.req.method,
    route: routeOf(c),
    status,
    ...(c.get("errorCode") ? { code: c.get("errorCode") } : {}),
    caller: principal?.kind ?? "anonymous",
    callerId: principal?.id ?? null,
    agencyId: principal?.agentId ?? null,
    durationMs: Date.now() - started,
    d1: usage,
    ...(failure ? { error: failure } : {}),
  };
  (status >= 500 ? console.error : console.log)(JSON.stringify(line));
};
