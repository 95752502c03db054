/** auth/*: sign-in, token refresh, logout and the current session (DESIGN §3). Cookies are the edge's business. */
import { Hono } from "hono";
import * as z from "zod/mini";
import { loginInput, refreshInput, type SessionKindName } from "../../../src/contract/auth";
import { config } from "../../config";
import { loginAdmin, loginAgent, refresh, sessionRecords } from "../../services/accounts";
import { endSessionByRefreshToken, revokeSession } from "../../services/sessions";
import { authenticate, principalOf, requireKind } from "../auth";
import { clientIp, type AppContext, type AppEnv } from "../context";
import { jsonBody } from "../validate";
import { parseCookies } from "../../http/cookies";
import { rememberLocale } from "../../services/events";
import { auditSignIn } from "../../services/audit-log";
import { LOCALE_COOKIE } from "../../../src/shared/locales";

export const authRoutes = new Hono<AppEnv>();

const deps = (c: AppContext) => ({ db: c.env.DB, cfg: config(c.env) });

/** The site's language at sign-in becomes the account's saved one (events and live messages are written in it). */
const localeCookie = (c: AppContext) => parseCookies(c.req.header("Cookie") ?? null)[LOCALE_COOKIE];

authRoutes.post("/loginAgent", async (c) => {
  const input = await jsonBody(c, loginInput);
  const session = await loginAgent(deps(c), input.email, input.password, clientIp(c));
  await rememberLocale(c.env.DB, session.access_token, localeCookie(c));
  return c.json(session);
});

authRoutes.post("/loginAdmin", async (c) => {
  const input = await jsonBody(c, loginInput);
  const session = await loginAdmin(deps(c), input.email, input.password, clientIp(c));
  await rememberLocale(c.env.DB, session.access_token, localeCookie(c));
  // A sign-in as admin is an office action (issue 29): it goes in the audit log.
  if (session.admin) await auditSignIn(c.env.DB, { id: session.admin._id, name: session.admin.name }, { callId: c.get("requestId") ?? null, ip: clientIp(c), userAgent: c.req.header("User-Agent") ?? null });
  return c.json(session);
});

for (const kind of ["Agent", "User", "Admin"] as const satisfies readonly SessionKindName[]) {
  authRoutes.post(`/refresh${kind}Token`, async (c) => {
    const input = await jsonBody(c, refreshInput);
    return c.json(await refresh(deps(c), kind, input.refreshToken));
  });
}

/** Our addition: ends the session server-side. Answers 204 even for an unknown or expired session. */
authRoutes.post("/logout", async (c) => {
  const input = await jsonBody(c, z.object({ refreshToken: z.optional(z.string().check(z.maxLength(512))) }));
  if (input.refreshToken) await endSessionByRefreshToken(c.env.DB, input.refreshToken);
  const principal = await authenticate(c, "Agent").catch(() => null);
  if (principal) await revokeSession(c.env.DB, principal.sessionId, "logout");
  return c.body(null, 204);
});

/** Our addition: the signed-in account, for a new tab whose sessionStorage is empty. */
authRoutes.get("/session", requireKind("Agent", "User", "Admin"), async (c) => {
  const principal = principalOf(c);
  return c.json({ kind: principal.kind, ...(await sessionRecords(deps(c), principal.kind, principal.id)) });
});
