/**
 * Who is calling (DESIGN §3): the bearer token is verified, then the session and the account are checked in D1,
 * so a logout, a reused refresh token or a disabled account ends access at once, not when the token expires.
 */
import type { MiddlewareHandler } from "hono";
import type { SessionKindName } from "../../src/contract/auth";
import { config } from "../config";
import { activeSessionSubject } from "../db/accounts";
import type { Principal } from "../services/accounts";
import { claimedKind, readAccessToken, sessionEnded, sessionExpired } from "../services/sessions";
import type { AppContext, AppEnv } from "./context";
import { ApiError } from "./errors";
import { AUTH_COOKIES } from "../../src/shared/auth-cookies";
import { parseCookies } from "../http/cookies";

const bearer = (c: AppContext) => /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1] ?? null;

/** The caller, or null without a token (the bearer header unless another source is given). A token that is present but no longer good is a 401 naming its kind. */
export async function authenticate(c: AppContext, expected: SessionKindName, token: string | null = bearer(c)): Promise<Principal | null> {
  if (!token) return null;
  const cfg = config(c.env);
  const claims = await readAccessToken(cfg, token);
  if (!claims) throw sessionExpired(claimedKind(token) ?? expected);
  const subject = await activeSessionSubject(c.env.DB, claims.kind, claims.sub, claims.sid);
  if (!subject) throw await sessionEnded(c.env.DB, claims.kind, claims.sub);
  return { kind: claims.kind, id: claims.sub, sessionId: claims.sid, agentId: subject.agent_id, name: subject.name };
}

/**
 * The kind a 401 without a token names: the browser's auth.kind cookie when it is one of the allowed kinds (so a
 * staff user whose access cookie ran out refreshes the User token, not the Agent one), else the first allowed kind.
 */
function missingKind(c: AppContext, kinds: readonly SessionKindName[]): SessionKindName {
  const fromCookie = parseCookies(c.req.header("Cookie") ?? null)[AUTH_COOKIES.kind];
  return kinds.find((kind) => kind === fromCookie) ?? kinds[0]!;
}

/** Lets in only the named session kinds. */
export function requireKind(...kinds: [SessionKindName, ...SessionKindName[]]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get("principal") ?? (await authenticate(c, missingKind(c, kinds)));
    if (!principal) throw sessionExpired(missingKind(c, kinds));
    if (!kinds.includes(principal.kind)) throw new ApiError(403, "errors.forbidden", "FORBIDDEN");
    c.set("principal", principal);
    await next();
  };
}

/** Reads the caller when there is one, for calls that anyone may make but admins make differently. */
export const optionalAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const principal = await authenticate(c, "Agent").catch(() => null);
  if (principal) c.set("principal", principal);
  await next();
};

export const principalOf = (c: AppContext): Principal => {
  const principal = c.get("principal");
  if (!principal) throw sessionExpired("Agent");
  return principal;
};

export const requireAdmin = requireKind("Admin");
export const requireAgent = requireKind("Agent");
export const requireAgency = requireKind("Agent", "User");
