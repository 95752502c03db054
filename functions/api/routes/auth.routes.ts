/** auth/*: sign-in, token refresh, logout and the current session (DESIGN §3). Cookies are the edge's business. */
import { Hono } from "hono";
import { z } from "zod";
import { loginInput, refreshInput, type SessionKindName } from "../../../src/contract/auth";
import { config } from "../../config";
import { loginAdmin, loginAgent, refresh, sessionRecords } from "../../services/accounts";
import { endSessionByRefreshToken, revokeSession } from "../../services/sessions";
import { authenticate, principalOf, requireKind } from "../auth";
import { clientIp, type AppContext, type AppEnv } from "../context";
import { jsonBody } from "../validate";

export const authRoutes = new Hono<AppEnv>();

const deps = (c: AppContext) => ({ db: c.env.DB, cfg: config(c.env) });

authRoutes.post("/loginAgent", async (c) => {
  const input = await jsonBody(c, loginInput);
  return c.json(await loginAgent(deps(c), input.email, input.password, clientIp(c)));
});

authRoutes.post("/loginAdmin", async (c) => {
  const input = await jsonBody(c, loginInput);
  return c.json(await loginAdmin(deps(c), input.email, input.password, clientIp(c)));
});

for (const kind of ["Agent", "User", "Admin"] as const satisfies readonly SessionKindName[]) {
  authRoutes.post(`/refresh${kind}Token`, async (c) => {
    const input = await jsonBody(c, refreshInput);
    return c.json(await refresh(deps(c), kind, input.refreshToken));
  });
}

/** Our addition: ends the session server-side. Answers 204 even for an unknown or expired session. */
authRoutes.post("/logout", async (c) => {
  const input = await jsonBody(c, z.object({ refreshToken: z.string().max(512).optional() }));
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
