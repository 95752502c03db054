/** The JSON API under /api (DESIGN §4). Routes validate and shape; services decide; db reads and writes. */
import { Hono } from "hono";
import { ApiError, errorResponse } from "./errors";

export interface ApiEnv {
  DB: D1Database;
  APP_ENV?: string;
  BUILD_ID?: string;
}

type Variables = { requestId: string };

export const api = new Hono<{ Bindings: ApiEnv; Variables: Variables }>().basePath("/api");

api.use("*", async (c, next) => {
  const requestId = c.req.header("CF-Ray") ?? crypto.randomUUID();
  c.set("requestId", requestId);
  // DESIGN §11: a state-changing call from a browser must come from our own origin.
  if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
    const origin = c.req.header("Origin");
    const site = c.req.header("Sec-Fetch-Site");
    if ((origin && origin !== new URL(c.req.url).origin) || (!origin && site === "cross-site")) {
      throw new ApiError(403, "Cross-origin requests are not allowed", "FOREIGN_ORIGIN");
    }
  }
  await next();
  c.header("X-Request-Id", requestId);
  c.header("Cache-Control", "no-store");
});

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

api.notFound((c) => errorResponse(c, new ApiError(404, `Cannot ${c.req.method} ${new URL(c.req.url).pathname}`)));
api.onError((error, c) => errorResponse(c, error));
