/**
 * Sessions and tokens (DESIGN §3).
 * - Access token: HS256 JWT, short-lived, with sub, kind, sid (the session) and, for staff, the agency id.
 * - Refresh token: 256 random bits, stored only as a SHA-256 hash, good for one use. Each use rotates it; using an
 *   already rotated token again means it was copied, so the whole session (family) is revoked, newest token included.
 * - A session lasts at most `sessionTtl` from sign-in, however often it is refreshed.
 */
import { sign, verify } from "hono/jwt";
import type { SessionKindName } from "../../src/contract/auth";
import { ApiError } from "../errors";
import { signingKey, type Config } from "../config";
import { first, run, stmt } from "../db/d1";
import { accountStopped } from "../db/accounts";
import { nowIso, uuidv7 } from "../db/ids";
import { closeEndedSessions } from "./call-context";

export interface AccessClaims {
  sub: string;
  kind: SessionKindName;
  sid: string;
  /** The agency a staff user acts for. */
  agency?: string;
  iat: number;
  exp: number;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  sessionId: string;
}

/** The 401 whose first word names the session kind, so the client knows which token to refresh (spec §8). */
export const sessionExpired = (kind: SessionKindName) => new ApiError(401, `${kind} session expired`, "SESSION_EXPIRED");

/** The 401 codes of a session the account's state ended, by accountStopped's reason. */
export const STOPPED_CODES = { "agency-disabled": "AGENCY_DISABLED", "staff-disabled": "STAFF_DISABLED" } as const;

/**
 * The 401 for a session that is no longer live (issue 26 item 2): when the account's state ended it (the office
 * disabled the agency, the agency its staff member), the code says so, and the page that made the call sends the
 * reader to sign in with the reason, as a page load does (?why=); otherwise the usual "session expired".
 */
export async function sessionEnded(db: D1Database, kind: SessionKindName, subject: string): Promise<ApiError> {
  const why = await accountStopped(db, kind, subject).catch(() => null);
  return why ? new ApiError(401, `${kind} session expired`, STOPPED_CODES[why]) : sessionExpired(kind);
}

const toHex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
export const hashToken = async (token: string) => toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));

export function newRefreshToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function accessToken(cfg: Config, kind: SessionKindName, subject: string, sessionId: string, agency?: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const claims: AccessClaims = { sub: subject, kind, sid: sessionId, iat, exp: iat + cfg.accessTtl, ...(agency ? { agency } : {}) };
  return sign({ ...claims }, signingKey(cfg), "HS256");
}

/** Starts a session after a successful sign-in. */
export async function startSession(db: D1Database, cfg: Config, kind: SessionKindName, subject: string, agency?: string): Promise<IssuedTokens> {
  signingKey(cfg); // Refuse before a session row exists when this deployment cannot sign (config.ts).
  const sessionId = uuidv7();
  const refreshToken = newRefreshToken();
  const now = Date.now();
  await db.batch([
    stmt(db, "INSERT INTO sessions (id, kind, subject_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      sessionId, kind, subject, nowIso(now), nowIso(now + cfg.sessionTtl * 1000)),
    stmt(db, "INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES (?, ?, ?)", await hashToken(refreshToken), sessionId, nowIso(now)),
  ]);
  return { accessToken: await accessToken(cfg, kind, subject, sessionId, agency), refreshToken, sessionId };
}

interface TokenRow {
  session_id: string; rotated_at: string | null; successor: string | null; kind: SessionKindName; subject_id: string; expires_at: string; revoked_at: string | null;
}

/** The kind and agency of a session's account: which hubs its sockets listen on. */
const OWNER = `SELECT s.kind, CASE s.kind WHEN 'Agent' THEN s.subject_id WHEN 'User' THEN (SELECT agent_id FROM users WHERE id = s.subject_id) END AS agent_id
  FROM sessions s WHERE s.id = ?`;

/** Ends one session, and (once the call is done) its live sockets. */
export async function revokeSession(db: D1Database, sessionId: string, reason: string) {
  const changed = await run(db, "UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL", nowIso(), reason, sessionId);
  const owner = changed ? await first<{ kind: SessionKindName; agent_id: string | null }>(db, OWNER, sessionId) : null;
  if (owner) closeEndedSessions(owner.kind, owner.agent_id);
  return changed;
}

/** Ends every session of one account except `keep` (after a password change, or when the account is disabled), and their sockets. */
export async function revokeSessionsOf(db: D1Database, kind: SessionKindName, subject: string, reason: string, keep: string | null = null) {
  const changed = await run(db, "UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE kind = ? AND subject_id = ? AND revoked_at IS NULL AND id IS NOT ?",
    nowIso(), reason, kind, subject, keep);
  const agentId = kind === "Agent" ? subject : kind === "User" ? (await first<{ agent_id: string }>(db, "SELECT agent_id FROM users WHERE id = ?", subject))?.agent_id ?? null : null;
  closeEndedSessions(kind, agentId);
  return changed;
}

/**
 * How long after its rotation a refresh token may come back and get the same successor (DESIGN §3): a page
 * navigation and a script refreshing at the same moment both hold the old token. Later, a second use means a copy.
 */
export const REFRESH_GRACE_MS = 30_000;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** An AES-GCM key derived from the old refresh token: only whoever holds that token can open its successor. */
async function successorKey(oldToken: string): Promise<CryptoKey> {
  const material = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`visa-hub refresh successor\u0000${oldToken}`));
  return crypto.subtle.importKey("raw", material, "AES-GCM", false, ["encrypt", "decrypt"]);
}

async function sealSuccessor(oldToken: string, successor: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await successorKey(oldToken), new TextEncoder().encode(successor));
  return `${b64(iv)}.${b64(new Uint8Array(sealed))}`;
}

async function openSuccessor(oldToken: string, sealed: string): Promise<string | null> {
  try {
    const [iv = "", data = ""] = sealed.split(".");
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv) }, await successorKey(oldToken), unb64(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

const TOKEN_ROW = `SELECT t.session_id, t.rotated_at, t.successor, s.kind, s.subject_id, s.expires_at, s.revoked_at
     FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = ?`;

/**
 * Uses a refresh token once: answers the session's subject and a new token pair. `agencyOf` gives the agency of a
 * staff user (and checks the account may still sign in) before any new token is issued. A token already rotated
 * gets its sealed successor again within REFRESH_GRACE_MS; after that, its use revokes the whole family.
 */
export async function rotateSession(
  db: D1Database, cfg: Config, kind: SessionKindName, refreshToken: string,
  stillAllowed: (subject: string, sessionId: string) => Promise<{ agency?: string } | null>,
): Promise<IssuedTokens & { subject: string }> {
  signingKey(cfg);
  const hash = await hashToken(refreshToken);
  const row = await first<TokenRow>(db, TOKEN_ROW, hash);
  if (!row || row.kind !== kind) throw sessionExpired(kind);
  if (row.revoked_at || row.expires_at <= nowIso()) throw await sessionEnded(db, kind, row.subject_id);
  const allowedFor = async (current: TokenRow) => {
    const allowed = await stillAllowed(current.subject_id, current.session_id);
    if (!allowed) {
      await revokeSession(db, current.session_id, "disabled");
      throw await sessionEnded(db, kind, current.subject_id);
    }
    return allowed;
  };
  if (row.rotated_at) return sameSuccessor(db, cfg, kind, refreshToken, row, allowedFor);
  const allowed = await allowedFor(row);
  const next = newRefreshToken();
  const now = nowIso();
  // Claim the old token (keeping its sealed successor) and store the new one in one transaction: of two concurrent
  // uses, only one claims it; the other finds it rotated a moment ago and gets the same successor.
  const [claimed] = await db.batch([
    stmt(db, "UPDATE refresh_tokens SET rotated_at = ?, successor = ? WHERE token_hash = ? AND rotated_at IS NULL", now, await sealSuccessor(refreshToken, next), hash),
    stmt(db, `INSERT INTO refresh_tokens (token_hash, session_id, created_at)
              SELECT ?, ?, ? WHERE changes() = 1`, await hashToken(next), row.session_id, now),
  ]);
  if (claimed?.meta.changes !== 1) {
    const again = await first<TokenRow>(db, TOKEN_ROW, hash);
    if (!again?.rotated_at) throw sessionExpired(kind);
    return sameSuccessor(db, cfg, kind, refreshToken, again, allowedFor);
  }
  return {
    accessToken: await accessToken(cfg, kind, row.subject_id, row.session_id, allowed.agency),
    refreshToken: next,
    sessionId: row.session_id,
    subject: row.subject_id,
  };
}

/** A rotated token came back: within the grace window, the successor it was rotated to; otherwise a copy, so revoke. */
async function sameSuccessor(
  db: D1Database, cfg: Config, kind: SessionKindName, refreshToken: string, row: TokenRow,
  allowedFor: (row: TokenRow) => Promise<{ agency?: string }>,
): Promise<IssuedTokens & { subject: string }> {
  const age = Date.now() - Date.parse(row.rotated_at!);
  let successor = age <= REFRESH_GRACE_MS && row.successor ? await openSuccessor(refreshToken, row.successor) : null;
  if (!successor) {
    await revokeSession(db, row.session_id, "reuse");
    throw sessionExpired(kind);
  }
  // The successor may itself have been rotated meanwhile (the winner refreshed again): follow the chain to the live
  // token, so a late answer never puts a spent token back into the browser's cookie.
  for (let hop = 0; hop < 5; hop++) {
    const next = await first<{ rotated_at: string | null; successor: string | null }>(db, "SELECT rotated_at, successor FROM refresh_tokens WHERE token_hash = ?", await hashToken(successor));
    if (!next?.rotated_at || !next.successor) break;
    const opened = await openSuccessor(successor, next.successor);
    if (!opened) break;
    successor = opened;
  }
  const allowed = await allowedFor(row);
  return {
    accessToken: await accessToken(cfg, kind, row.subject_id, row.session_id, allowed.agency),
    refreshToken: successor,
    sessionId: row.session_id,
    subject: row.subject_id,
  };
}

/** Ends the session a refresh token belongs to (logout). Unknown tokens are ignored: logout always succeeds. */
export async function endSessionByRefreshToken(db: D1Database, refreshToken: string): Promise<void> {
  const row = await first<{ session_id: string }>(db, "SELECT session_id FROM refresh_tokens WHERE token_hash = ?", await hashToken(refreshToken));
  if (row) await revokeSession(db, row.session_id, "logout");
}

/** Checks an access token's signature and lifetime; the caller then checks the session and account in D1. */
export async function readAccessToken(cfg: Config, token: string): Promise<AccessClaims | null> {
  const key = signingKey(cfg);
  try {
    const claims = (await verify(token, key, "HS256")) as unknown as AccessClaims;
    if (!claims.sub || !claims.sid || !["Agent", "Admin", "User"].includes(claims.kind)) return null;
    // verify() checks exp only when the token has one: a token that never expires is not one of ours.
    if (typeof claims.exp !== "number" || typeof claims.iat !== "number") return null;
    return claims;
  } catch {
    return null;
  }
}

/** A JWT's payload read without checking its signature: only to word a 401 or size a cookie, never to trust. */
export function unverifiedClaims(token: string): Record<string, unknown> {
  try {
    const payload: unknown = JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")));
    return payload && typeof payload === "object" ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The session kind a token claims, read without trusting it: only to word the 401 (spec §8). */
export function claimedKind(token: string): SessionKindName | null {
  const { kind } = unverifiedClaims(token);
  return kind === "Agent" || kind === "Admin" || kind === "User" ? kind : null;
}
