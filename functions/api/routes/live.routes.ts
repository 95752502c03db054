/**
 * GET /api/live?audience=agency|agents|admins (our addition, DESIGN §7): upgrades to a WebSocket on the audience's
 * NotificationHub. Browsers cannot set headers on a WebSocket, so the access token comes from the auth.accessToken
 * cookie (or a bearer header for other clients); the agency is always the caller's own, never taken from the query,
 * so a socket of agency A can only ever join agency A's hub. A page from another site is refused (the cookie would
 * otherwise ride along: cross-site WebSocket hijacking).
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { AUTH_COOKIES } from "../../../src/shared/auth-cookies";
import { sessionExpired, unverifiedClaims } from "../../services/sessions";
import { hubStub } from "../../hub/live-hub";
import { READER_HEADER, type HubReader } from "../../hub/notification-hub";
import { parseCookies } from "../../http/cookies";
import { preferredLocale } from "../../http/locale";
import { LOCALE_COOKIE } from "../../../src/shared/locales";
import { readerLocale, type HubName } from "../../services/events";
import { authenticate } from "../auth";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import { query } from "../validate";

export const liveRoutes = new Hono<AppEnv>();

const liveQuery = z.object({ audience: z.enum(["agency", "agents", "admins"], { error: "validation.invalid" }) });

liveRoutes.get("/", async (c) => {
  const { audience } = query(c, liveQuery);
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "live.upgradeRequired", "UPGRADE_REQUIRED");
  const origin = c.req.header("Origin");
  if (origin && origin !== new URL(c.req.url).origin) throw new ApiError(403, "errors.foreignOrigin", "FOREIGN_ORIGIN");
  const cookies = parseCookies(c.req.header("Cookie") ?? null);
  const token = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1] ?? cookies[AUTH_COOKIES.accessToken] ?? null;
  const principal = await authenticate(c, audience === "admins" ? "Admin" : "Agent", token);
  if (!principal) throw sessionExpired(audience === "admins" ? "Admin" : "Agent");
  const admin = principal.kind === "Admin";
  if (admin !== (audience === "admins")) throw new ApiError(403, "errors.forbidden", "FORBIDDEN");
  const hub: HubName = audience === "agency" ? `agency:${principal.agentId}` : audience;
  const browserLocale = preferredLocale({}, c.req.header("Accept-Language") ?? null);
  const exp = unverifiedClaims(token!).exp;
  const reader: HubReader = {
    kind: principal.kind, id: principal.id, sessionId: principal.sessionId, locale: await readerLocale(c.env.DB, principal, cookies[LOCALE_COOKIE], browserLocale),
    exp: typeof exp === "number" ? exp : 0,
  };
  const headers = new Headers(c.req.raw.headers);
  headers.set(READER_HEADER, JSON.stringify(reader));
  if (!c.env.HUB) throw new ApiError(503, "live.unavailable", "LIVE_UNAVAILABLE");
  return hubStub(c.env.HUB, hub).fetch(new Request(c.req.raw.url, { headers }));
});
