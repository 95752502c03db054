/**
 * Password resets for agencies and their staff (issue 27), on the machinery of staff invitations: a 256-bit token
 * shown once (in the link's fragment) and kept only as its SHA-256; good once and for RESET_MINUTES minutes; a newer
 * link retires the older ones. Using a link sets the password and ends every session of the account
 * (revokeSessionsOf, which also closes the account's live sockets).
 *
 * "Forgot password" answers the same whatever the address: an unknown or disabled account gets nothing, a known one
 * a link by email when a provider is configured, else a request that waits on the agency's admin page, where the
 * office makes a link and hands it over. Requests count like sign-in attempts (login-limit.ts).
 */
import type { z } from "zod/mini";
import {
  RESET_MINUTES, type ResetAccount, type ResetInfo, type ResetLink, type WaitingReset, type resetPasswordInput,
} from "../../src/contract/password-resets";
import { isLocale, type Locale } from "../../src/shared/locales";
import { agentByEmail, agentById, userByEmail, userById } from "../db/accounts";
import { insertHistoryStatement } from "../db/agent-history";
import { nowIso, uuidv7 } from "../db/ids";
import {
  insertResetStatement, resetByHash, retireOpenResetsStatements, useResetStatements, waitingResets, type ResetAccountKind,
} from "../db/password-resets";
import { ApiError, notFound } from "../errors";
import type { Deps, Principal } from "./accounts";
import { actorOf } from "./agents";
import { resetEmail, type Mailer } from "./email";
import { assertLoginAllowed, recordLoginFailure } from "./login-limit";
import { hashPassword } from "./passwords";
import { hashToken, newRefreshToken, revokeSessionsOf } from "./sessions";

const MINUTE_MS = 60_000;
/** How long a request without email waits on the admin page for the office. */
const WAITING_MS = 24 * 60 * MINUTE_MS;

interface Account extends ResetAccount {
  agentId: string;
  locale: Locale;
  enabled: boolean;
}

function agentAccount(row: { id: string; email: string; name: string; locale: string; enabled: number }): Account {
  return { kind: "Agent", _id: row.id, agentId: row.id, email: row.email, name: row.name, locale: isLocale(row.locale) ? row.locale : "en", enabled: row.enabled === 1 };
}

async function userAccount(db: D1Database, row: { id: string; agent_id: string; email: string; name: string; locale: string; enabled: number }): Promise<Account> {
  const agency = await agentById(db, row.agent_id);
  return {
    kind: "User", _id: row.id, agentId: row.agent_id, email: row.email, name: row.name,
    locale: isLocale(row.locale) ? row.locale : "en", enabled: row.enabled === 1 && agency?.enabled === 1,
  };
}

async function accountByEmail(db: D1Database, email: string): Promise<Account | null> {
  const agent = await agentByEmail(db, email);
  if (agent) return agentAccount(agent);
  const user = await userByEmail(db, email);
  return user ? userAccount(db, user) : null;
}

/** The agency itself, or one of its own staff users (another agency's user is a 404, as if it did not exist). */
async function officeAccount(db: D1Database, agentId: string, userId: string | undefined): Promise<Account> {
  if (!userId) {
    const agent = await agentById(db, agentId);
    if (!agent) throw notFound("entity.agent");
    return agentAccount(agent);
  }
  const user = await userById(db, userId);
  if (!user || user.agent_id !== agentId) throw notFound("entity.user");
  return userAccount(db, user);
}

const publicAccount = (a: Account): ResetAccount => ({ kind: a.kind, _id: a._id, email: a.email, name: a.name });

/** A new link for the account; the statements retire its older links and answer its waiting requests in the same batch. */
async function newLink(db: D1Database, account: Account, requestedBy: "self" | "office", delivery: "email" | "office", now = new Date()) {
  const token = newRefreshToken();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + RESET_MINUTES * MINUTE_MS).toISOString();
  const statements = [
    ...retireOpenResetsStatements(db, account.kind, account._id, at),
    insertResetStatement(db, {
      id: uuidv7(), account_kind: account.kind, account_id: account._id, agent_id: account.agentId, token_hash: await hashToken(token),
      requested_by: requestedBy, delivery, expires_at: expiresAt, created_at: at,
    }),
  ];
  // In the fragment: browsers never send it to the server, so the token stays out of request logs.
  return { statements, link: { path: `/${account.locale}/reset-password/#${token}`, expiresAt, account: publicAccount(account) } satisfies ResetLink };
}

export interface ResetDeps extends Deps {
  /** Null when no email provider is configured: the office hands links over. */
  mailer: Mailer | null;
  /** The site's origin, for the link in an email. */
  origin: string;
}

/** POST auth/forgot-password. Answers nothing either way; throws only the rate limit (429), as sign-in does. */
export async function requestReset(deps: ResetDeps, email: string, ip: string): Promise<void> {
  const { db } = deps;
  const limitKey = `reset:${email.toLowerCase()}`;
  await assertLoginAllowed(db, limitKey, ip);
  // Every request counts like a sign-in attempt: nobody can flood an inbox or the office's page from one address.
  await recordLoginFailure(db, limitKey, ip);
  const account = await accountByEmail(db, email);
  if (!account || !account.enabled) return;
  if (deps.mailer) {
    const { statements, link } = await newLink(db, account, "self", "email");
    await db.batch(statements);
    try {
      await deps.mailer.send(resetEmail(account.locale, account, `${deps.origin}${link.path}`, RESET_MINUTES));
    } catch (error) {
      // The answer must not tell whether the address exists, so a provider failure is logged, not shown.
      console.error("email: the reset link could not be sent", error);
    }
    return;
  }
  // No email: the request waits on the agency's admin page. One waiting request per account is enough.
  const at = nowIso();
  const waiting = await waitingResets(db, account.agentId, new Date(Date.now() - WAITING_MS).toISOString());
  if (waiting.some((w) => w.account_kind === account.kind && w.account_id === account._id)) return;
  await db.batch([insertResetStatement(db, {
    id: uuidv7(), account_kind: account.kind, account_id: account._id, agent_id: account.agentId, token_hash: null,
    requested_by: "self", delivery: "office", expires_at: new Date(Date.now() + WAITING_MS).toISOString(), created_at: at,
  })]);
}

/** POST agents/password-reset/{agentId}: the office makes a link for the agency or one of its staff, to hand over. */
export async function issueResetLink(deps: Deps, agentId: string, userId: string | undefined, actor: Principal): Promise<ResetLink> {
  const { db } = deps;
  const account = await officeAccount(db, agentId, userId);
  const { statements, link } = await newLink(db, account, "office", "office");
  await db.batch([
    ...statements,
    insertHistoryStatement(db, { agentId, action: "reset-link", subject: account.email, actor: actorOf(actor), at: nowIso() }),
  ]);
  return link;
}

/** GET agents/password-resets/{agentId}: "forgot password" requests of the agency and its staff waiting for the office. */
export async function waitingResetRequests(deps: Deps, agentId: string): Promise<{ data: WaitingReset[] }> {
  if (!(await agentById(deps.db, agentId))) throw notFound("entity.agent");
  const rows = await waitingResets(deps.db, agentId, new Date(Date.now() - WAITING_MS).toISOString());
  return {
    data: rows.map((r) => ({ _id: r.id, account: { kind: r.account_kind, _id: r.account_id, email: r.email, name: r.name }, requestedAt: r.created_at })),
  };
}

/** The link behind a token, if it may still be used; otherwise the reason, each with its own code. */
async function usable(db: D1Database, token: string) {
  const row = await resetByHash(db, await hashToken(token));
  if (!row) throw notFound("reset.entity");
  if (row.used_at) throw new ApiError(409, "reset.errors.used", "RESET_USED");
  if (row.expires_at <= new Date().toISOString()) throw new ApiError(409, "reset.errors.expired", "RESET_EXPIRED");
  if (row.account_enabled !== 1 || row.agency_enabled !== 1) throw new ApiError(403, "reset.errors.disabled", "ACCOUNT_DISABLED");
  return row;
}

/** POST auth/password-reset/check: whose password the link resets (the page greets them). */
export async function lookupReset(db: D1Database, token: string): Promise<ResetInfo> {
  const row = await usable(db, token);
  return { email: row.email, name: row.name, expiresAt: row.expires_at };
}

/**
 * POST auth/password-reset: sets the password and uses the link up, then ends every session of the account (the old
 * password's sessions, on every device). The agency's history says so.
 */
export async function resetPassword(deps: Deps, input: z.output<typeof resetPasswordInput>): Promise<{ email: string }> {
  const { db } = deps;
  const row = await usable(db, input.token);
  const at = nowIso();
  const results = await db.batch(useResetStatements(db, row, await hashPassword(input.password), at));
  // Another use of the same link won the race: nothing changed here.
  if (results.at(-1)?.meta.changes !== 1) throw new ApiError(409, "reset.errors.used", "RESET_USED");
  await revokeSessionsOf(db, row.account_kind, row.account_id, "password-reset");
  await db.batch([insertHistoryStatement(db, {
    agentId: row.agent_id, action: "password-reset", subject: row.email, actor: { kind: row.account_kind, id: row.account_id, name: row.name }, at,
  })]);
  return { email: row.email };
}

/** POST agents/sign-out/{agentId}: the office ends every session of the agency or one of its staff users. */
export async function signOutEverywhere(deps: Deps, agentId: string, userId: string | undefined, actor: Principal): Promise<{ ended: number }> {
  const { db } = deps;
  const account = await officeAccount(db, agentId, userId);
  const ended = await revokeSessionsOf(db, account.kind as ResetAccountKind, account._id, "office-sign-out");
  await db.batch([insertHistoryStatement(db, { agentId, action: "signed-out", subject: account.email, actor: actorOf(actor), at: nowIso() })]);
  return { ended };
}
