/** Password reset links and requests (migration 0018): rows keyed by the token's hash, used at most once. */
import { all, first, stmt } from "./d1";

export type ResetAccountKind = "Agent" | "User";

export interface ResetRow {
  id: string; account_kind: ResetAccountKind; account_id: string; agent_id: string; token_hash: string | null;
  requested_by: "self" | "office"; delivery: "email" | "office"; expires_at: string; used_at: string | null;
  handled_at: string | null; created_at: string;
}

/** The link behind a token hash, with the account it resets (its email, name, language and whether it may sign in). */
export interface ResetLinkRow extends ResetRow {
  email: string; name: string; locale: string; account_enabled: number; agency_enabled: number;
}

const ACCOUNT = `CASE r.account_kind WHEN 'Agent' THEN a.email ELSE u.email END AS email,
  CASE r.account_kind WHEN 'Agent' THEN a.name ELSE u.name END AS name,
  CASE r.account_kind WHEN 'Agent' THEN a.locale ELSE u.locale END AS locale,
  CASE r.account_kind WHEN 'Agent' THEN a.enabled ELSE u.enabled END AS account_enabled, a.enabled AS agency_enabled`;
const FROM = "FROM password_resets r JOIN agents a ON a.id = r.agent_id LEFT JOIN users u ON r.account_kind = 'User' AND u.id = r.account_id";

export const resetByHash = (db: D1Database, tokenHash: string) =>
  first<ResetLinkRow>(db, `SELECT r.*, ${ACCOUNT} ${FROM} WHERE r.token_hash = ?`, tokenHash);

export const insertResetStatement = (db: D1Database, row: Omit<ResetRow, "used_at" | "handled_at">) =>
  stmt(db,
    "INSERT INTO password_resets (id, account_kind, account_id, agent_id, token_hash, requested_by, delivery, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    row.id, row.account_kind, row.account_id, row.agent_id, row.token_hash, row.requested_by, row.delivery, row.expires_at, row.created_at);

/** A new link replaces the account's links not used yet (only the newest one works) and answers its waiting requests. */
export const retireOpenResetsStatements = (db: D1Database, kind: ResetAccountKind, accountId: string, at: string) => [
  stmt(db, "UPDATE password_resets SET expires_at = ? WHERE account_kind = ? AND account_id = ? AND used_at IS NULL AND token_hash IS NOT NULL AND expires_at > ?", at, kind, accountId, at),
  stmt(db, "UPDATE password_resets SET handled_at = ? WHERE account_kind = ? AND account_id = ? AND token_hash IS NULL AND handled_at IS NULL", at, kind, accountId),
];

/**
 * Using a link, in one batch: the password changes only while the link is unused and unexpired, and the same guard
 * marks it used; a second, racing use finds it used and changes nothing.
 */
export const useResetStatements = (db: D1Database, row: Pick<ResetRow, "id" | "account_kind" | "account_id">, passwordHash: string, at: string) => {
  const open = "EXISTS (SELECT 1 FROM password_resets WHERE id = ? AND used_at IS NULL AND expires_at > ?)";
  const table = row.account_kind === "Agent" ? "agents" : "users";
  return [
    stmt(db, `UPDATE ${table} SET password_hash = ?, updated_at = ? WHERE id = ? AND ${open}`, passwordHash, at, row.account_id, row.id, at),
    stmt(db, "UPDATE password_resets SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?", at, row.id, at),
  ];
};

/** Requests waiting for the office (asked without an email provider, not handled yet, from the last `sinceIso`). */
export const waitingResets = (db: D1Database, agentId: string, sinceIso: string) =>
  all<ResetRow & { email: string; name: string }>(db,
    `SELECT r.*, CASE r.account_kind WHEN 'Agent' THEN a.email ELSE u.email END AS email,
       CASE r.account_kind WHEN 'Agent' THEN a.name ELSE u.name END AS name
     ${FROM} WHERE r.agent_id = ? AND r.token_hash IS NULL AND r.handled_at IS NULL AND r.created_at > ? ORDER BY r.created_at DESC`,
    agentId, sinceIso);
