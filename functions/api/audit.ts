/**
 * The audit log around every write call (issue 29 item 2; services/audit-log.ts decides what a row holds). It reads
 * the record the route names before the call and after it, and writes one row with the caller, the address, the call
 * and the changed fields. Reads (GET, HEAD, OPTIONS) and NOT_ACTIONS pass straight through.
 */
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { config } from "../config";
import { NOT_ACTIONS, changesSelf, planAudit, recordCall, type AuditPlan } from "../services/audit-log";
import { readAccessToken } from "../services/sessions";
import { clientIp, type AppContext, type AppEnv } from "./context";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The caller's id from the bearer token's signed claims (no database): only for the routes that change "self". */
async function tokenSubject(c: AppContext): Promise<string | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
  if (!token) return null;
  return (await readAccessToken(config(c.env), token).catch(() => null))?.sub ?? null;
}

/** The answer's record id and internal mark, when it is a small JSON record (a create, a message). */
async function answerFacts(c: AppContext): Promise<{ answerId: string | null; internal: boolean }> {
  const none = { answerId: null, internal: false };
  if (!c.res.headers.get("Content-Type")?.includes("application/json") || c.res.status >= 400) return none;
  try {
    const body = (await c.res.clone().json()) as { _id?: unknown; internal?: unknown } | null;
    return { answerId: typeof body?._id === "string" ? body._id : null, internal: body?.internal === true };
  } catch {
    return none;
  }
}

export const auditTrail: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!WRITES.has(c.req.method)) return next();
  const route = routePath(c, -1);
  if (NOT_ACTIONS.has(route)) return next();
  let plan: AuditPlan | null = null;
  try {
    const self = changesSelf(route) ? await tokenSubject(c) : null;
    plan = await planAudit(c.env.DB, route, c.req.path, self);
  } catch (error) {
    console.error("audit: reading the record before the call failed", error);
  }
  await next();
  const principal = c.get("principal");
  if (!principal || !plan) return;
  try {
    await recordCall(c.env.DB, plan, {
      principal, method: c.req.method, path: c.req.path, status: c.res.status, callId: c.get("requestId") ?? null,
      ip: clientIp(c), userAgent: c.req.header("User-Agent") ?? null, ...(await answerFacts(c)),
    });
  } catch (error) {
    console.error("audit: writing the row failed", error);
  }
};
