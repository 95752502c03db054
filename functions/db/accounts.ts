/** Reads and writes of admins, agents (agencies) and users (agency staff). Rows in, records out. */
import type { AdminRecord, AgentRecord, UserRecord } from "../../src/contract/auth";
import { all, first, run, type Param } from "./d1";
import { creditColumnsSql, creditState, type CreditColumns } from "./credit";

export interface AgentRow {
  id: string; email: string; name: string; contact_name: string; phone: string; address: string | null; city: string | null;
  locale: string; group_id: string | null; group_name: string | null; low_balance_threshold?: number | null; balance: number; enabled: number;
  /** Set when the office first enabled the agency (0012): a disabled agency without it is still waiting for approval. */
  approved_at?: string | null;
  password_hash: string; created_at: string; updated_at: string;
  /** The credit line (issue 30), read with every agency row: creditColumnsSql. */
  credit_limit_in_force?: number; credit_own?: number; credit_frozen?: number; credit_terms?: number | null; debt_since?: string | null;
}
export interface UserRow {
  id: string; agent_id: string; email: string; name: string; phone: string | null; locale: string; enabled: number;
  password_hash: string; created_at: string; updated_at: string;
}
export interface AdminRow {
  id: string; email: string; name: string; locale: string; enabled: number; password_hash: string; created_at: string; updated_at: string;
}

const AGENT_SELECT = `SELECT a.*, g.name AS group_name, g.low_balance_threshold, ${creditColumnsSql("a")} FROM agents a LEFT JOIN groups g ON g.id = a.group_id`;

export const agentById = (db: D1Database, id: string) => first<AgentRow>(db, `${AGENT_SELECT} WHERE a.id = ?`, id);
export const agentByEmail = (db: D1Database, email: string) => first<AgentRow>(db, `${AGENT_SELECT} WHERE a.email = ?`, email);
/**
 * Why a session that has ended cannot go on, when it is the account's state (issue 26 item 5): the agency was
 * disabled by the office, or the staff member by the agency. Null otherwise (signed out, password changed, expired).
 */
export async function accountStopped(db: D1Database, kind: string, id: string): Promise<"agency-disabled" | "staff-disabled" | null> {
  if (kind === "Admin") return null;
  // A staff member's agency is read from the user (a refresh token carries no claims to name it).
  const row = await first<{ agency: number; user: number | null }>(
    db,
    kind === "User"
      ? "SELECT a.enabled AS agency, u.enabled AS user FROM users u JOIN agents a ON a.id = u.agent_id WHERE u.id = ?"
      : "SELECT enabled AS agency, NULL AS user FROM agents WHERE id = ?",
    id,
  );
  if (!row) return null;
  if (row.agency !== 1) return "agency-disabled";
  return kind === "User" && row.user !== 1 ? "staff-disabled" : null;
}

export const userById = (db: D1Database, id: string) => first<UserRow>(db, "SELECT * FROM users WHERE id = ?", id);
export const userByEmail = (db: D1Database, email: string) => first<UserRow>(db, "SELECT * FROM users WHERE email = ?", email);
export const adminById = (db: D1Database, id: string) => first<AdminRow>(db, "SELECT * FROM admins WHERE id = ?", id);
export const adminByEmail = (db: D1Database, email: string) => first<AdminRow>(db, "SELECT * FROM admins WHERE email = ?", email);

/** Agencies and staff share one sign-in call, so an email may belong to at most one of them. */
export async function emailTaken(db: D1Database, email: string): Promise<boolean> {
  const row = await first<{ n: number }>(
    db,
    "SELECT (SELECT COUNT(*) FROM agents WHERE email = ?1) + (SELECT COUNT(*) FROM users WHERE email = ?1) AS n",
    email,
  );
  return (row?.n ?? 0) > 0;
}

/** The group's name, or null when there is no such group. */
export const groupName = async (db: D1Database, id: string) => (await first<{ name: string }>(db, "SELECT name FROM groups WHERE id = ?", id))?.name ?? null;
export const groupExists = async (db: D1Database, id: string) => Boolean(await first(db, "SELECT 1 FROM groups WHERE id = ?", id));
export const defaultGroupId = async (db: D1Database) =>
  (await first<{ id: string }>(db, "SELECT id FROM groups WHERE is_default = 1 ORDER BY created_at LIMIT 1"))?.id ?? null;

export async function insertAgent(db: D1Database, row: Omit<AgentRow, "group_name" | "balance">): Promise<void> {
  await run(
    db,
    `INSERT INTO agents (id, email, name, contact_name, phone, address, city, locale, group_id, balance, enabled, password_hash, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    row.id, row.email, row.name, row.contact_name, row.phone, row.address, row.city, row.locale, row.group_id, row.enabled,
    row.password_hash, row.created_at, row.updated_at,
  );
}

/** Updates the named columns of one row; `columns` come from our own code, never from the request. */
export async function updateColumns(db: D1Database, table: "agents" | "users" | "admins", id: string, columns: Record<string, Param>): Promise<void> {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  await run(db, `UPDATE ${table} SET ${names.map((n) => `${n} = ?`).join(", ")} WHERE id = ?`, ...names.map((n) => columns[n] ?? null), id);
}

export const usersOfAgent = (db: D1Database, agentId: string) => all<UserRow>(db, "SELECT * FROM users WHERE agent_id = ? ORDER BY name", agentId);

export function agentRecord(row: AgentRow, money: { currency: string } | null): AgentRecord {
  return {
    _id: row.id, email: row.email, name: row.name, contactName: row.contact_name, phone: row.phone,
    address: row.address, city: row.city, locale: row.locale, enabled: row.enabled === 1,
    group: row.group_id ? { _id: row.group_id, name: row.group_name ?? "" } : null,
    // Staff never see the agency's money (DESIGN §3): the caller passes money = null for them.
    // The threshold is a money fact too: with it the header warns without another call (migration 0013).
    ...(money ? { balance: row.balance, currency: money.currency, lowBalanceThreshold: row.low_balance_threshold ?? null } : {}),
    // With the balance, what the agency can spend and what it owes (issue 30), when the row was read with them.
    ...(money && row.credit_limit_in_force !== undefined ? { credit: creditState(row as AgentRow & CreditColumns) } : {}),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

export const userRecord = (row: UserRow): UserRecord => ({
  _id: row.id, agentId: row.agent_id, email: row.email, name: row.name, phone: row.phone, locale: row.locale,
  enabled: row.enabled === 1, createdAt: row.created_at, updatedAt: row.updated_at,
});

export const adminRecord = (row: AdminRow): AdminRecord => ({
  _id: row.id, email: row.email, name: row.name, locale: row.locale, createdAt: row.created_at, updatedAt: row.updated_at,
});

/**
 * The account behind a live session, in one read: the session is not revoked nor past its absolute lifetime
 * (DESIGN §3: 30 days from sign-in, checked on every call, not only at refresh), and the account (and, for staff,
 * their agency) is enabled. Null otherwise. Runs on every authenticated call, so it stays one query.
 */
export function activeSessionSubject(db: D1Database, kind: "Agent" | "Admin" | "User", subject: string, sessionId: string) {
  const account = {
    Admin: "SELECT id, name, NULL AS agent_id FROM admins WHERE enabled = 1",
    Agent: "SELECT id, name, id AS agent_id FROM agents WHERE enabled = 1",
    User: "SELECT u.id, u.name, u.agent_id FROM users u JOIN agents a ON a.id = u.agent_id WHERE u.enabled = 1 AND a.enabled = 1",
  }[kind];
  return first<{ name: string; agent_id: string | null }>(
    db,
    `SELECT acct.name, acct.agent_id FROM sessions s JOIN (${account}) acct ON acct.id = s.subject_id
     WHERE s.id = ? AND s.subject_id = ? AND s.kind = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    sessionId, subject, kind, new Date().toISOString(),
  );
}
