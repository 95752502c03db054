/** The JSON API under /api (DESIGN §4). Routes validate and shape; services decide; db reads and writes. */
import { Hono } from "hono";
import { requireAdmin } from "./auth";
import type { AppEnv } from "./context";
import { ApiError, errorResponse } from "./errors";
import { auditTrail } from "./audit";
import { callLog } from "./call-log";
import { d1Session } from "./d1-session";
import { accountRoutes, catalogueRoutes, creditRoutes, liveFeedRoutes, passportRoutes, pushRoutes, requestsRoutes } from "./routes";
import { BodyTooLarge, readTextLimited } from "../http/body";
import { isForeignOrigin } from "../http/origin";
import { config } from "../config";
import { liveDelivery } from "../hub/live-hub";
import { withOutbox } from "../services/live-outbox";

export type { ApiEnv } from "./context";

export const api = new Hono<AppEnv>().basePath("/api");

// First: the request id, a D1 that counts rows, and the call's log line once it is answered (api/call-log.ts).
api.use("*", callLog);
// Then the call's D1: a session from the browser's bookmark for reads, the primary for everything else (api/d1-session.ts).
api.use("*", d1Session);

api.use("*", async (c, next) => {
  c.header("Cache-Control", "no-store");
  if (isForeignOrigin(c.req.raw)) throw new ApiError(403, "errors.foreignOrigin", "FOREIGN_ORIGIN");
  await next();
});

// Events that services write inside their own batches go out live once the call is done (services/live-outbox.ts).
api.use("*", (c, next) => withOutbox(c.env.DB, liveDelivery(c.env), config(c.env).currency, () => next()));
// Every write call a signed-in person makes leaves its row in the append-only audit log (api/audit.ts, issue 29).
api.use("*", auditTrail);

/** Health (spec §7 "GET /api"): answers while the worker runs; `db` says whether D1 answers too. */
api.get("/", async (c) => {
  let db = "ok";
  try {
    await c.env.DB.prepare("SELECT 1").first();
  } catch {
    db = "unavailable";
  }
  return c.json({ status: "ok", version: "0.1.0", build: c.env.BUILD_ID ?? "dev", db });
});

/** Spec §7 "POST /api/test": an admin-only echo for diagnostics (DESIGN §4). */
api.post("/test", requireAdmin, async (c) => {
  const text = await readTextLimited(c.req.raw, 256 * 1024).catch((error: unknown) => {
    if (error instanceof BodyTooLarge) throw new ApiError(413, "errors.bodyTooLarge", "PAYLOAD_TOO_LARGE");
    throw error;
  });
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: echo the text as it came.
  }
  return c.json({ echo: body, requestId: c.get("requestId"), at: new Date().toISOString() });
});

for (const [prefix, routes] of [...pushRoutes, ...accountRoutes, ...catalogueRoutes, ...requestsRoutes, ...passportRoutes, ...creditRoutes]) api.route(prefix, routes);
for (const [prefix, routes] of liveFeedRoutes) api.route(prefix, routes);

api.notFound((c) => errorResponse(c, new ApiError(404, "errors.noRoute", { code: "NOT_FOUND", vars: { method: c.req.method, path: new URL(c.req.url).pathname } })));
api.onError((error, c) => errorResponse(c, error));
