/**
 * Admin management of agencies (issue 15) and an agency's own staff. Disabling an agency (or a staff user) revokes
 * every refresh family at once; access tokens already out stop working on their next call because every call checks
 * the account in D1 (api/auth.ts).
 */
import type * as z from "zod/mini";
import type {
  AdminAgentRecord, AgentHistoryEntry, UpdateStaffInput, agentListQuery, createStaffInput, editAgentByAdminInput,
} from "../../src/contract/agents";
import type { UserRecord } from "../../src/contract/auth";
import { ApiError, notFound } from "../errors";
import { agentRecord, emailTaken, groupName, userById, userRecord, usersOfAgent, type UserRow } from "../db/accounts";
import { agentSpec, type AgentListRow } from "../db/agents";
import { historyOfAgent, insertHistoryStatement, type HistoryEntry } from "../db/agent-history";
import { isUniqueViolation, run, stmt, type Param } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import { listAll, mapPage, pagedList } from "../db/paged";
import type { Deps, Principal } from "./accounts";
import { closeEndedSessions } from "./call-context";
import { hashPassword } from "./passwords";

type ListInput = z.output<typeof agentListQuery>;

export function adminAgentRecord(row: AgentListRow, currency: string): AdminAgentRecord {
  return { ...agentRecord(row, { currency }), pending: row.enabled === 0 && row.approved_at === null, staffCount: row.staff_count };
}

export async function listAgents({ db, cfg }: Deps, query: ListInput) {
  const { page, limit, search, sort, order, ...filters } = query;
  return mapPage(await pagedList<AgentListRow>(db, agentSpec(filters), { page, limit, search, sort, order }), (r) => adminAgentRecord(r, cfg.currency));
}

/** agents/listAllAgents: every agency, for pickers (id, name, email, enabled). */
export async function listAllAgents({ db }: Deps) {
  const spec = { ...agentSpec({}), sortable: { name: "a.name" }, defaultSort: { key: "name", order: "asc" as const } };
  const rows = await listAll<AgentListRow>(db, spec);
  return { data: rows.map((r) => ({ _id: r.id, name: r.name, email: r.email, enabled: r.enabled === 1 })), total: rows.length };
}

async function agentRow(db: D1Database, id: string): Promise<AgentListRow> {
  const spec = agentSpec({});
  const row = await db.prepare(`SELECT ${spec.select} ${spec.from.sql} WHERE a.id = ?`).bind(id).first<AgentListRow>();
  if (!row) throw notFound("entity.agent");
  return row;
}

export async function oneAgent({ db, cfg }: Deps, id: string): Promise<AdminAgentRecord & { staff: UserRecord[] }> {
  const row = await agentRow(db, id);
  return { ...adminAgentRecord(row, cfg.currency), staff: (await usersOfAgent(db, id)).map(userRecord) };
}

const nothingToUpdate = () => new ApiError(400, ["body: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.nothingToUpdate" } });
export const emailTakenError = () => new ApiError(409, "errors.emailTaken", "EMAIL_TAKEN");

/** Every live session of the agency and of all its staff, ended in one statement (one batch, so all or none). */
function revokeAgencyStatements(db: D1Database, agentId: string, reason: string) {
  const now = nowIso();
  return [
    stmt(db, "UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE kind = 'Agent' AND subject_id = ? AND revoked_at IS NULL", now, reason, agentId),
    stmt(db, "UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE kind = 'User' AND revoked_at IS NULL AND subject_id IN (SELECT id FROM users WHERE agent_id = ?)", now, reason, agentId),
  ];
}

/** Who did something, as the history names them (the principal's name is read from D1 with the session). */
export const actorOf = (principal: Principal): HistoryEntry["actor"] => ({ kind: principal.kind, id: principal.id, name: principal.name });

/** The profile fields an admin edits, as the history names them (the API's input names) with their columns. */
const PROFILE_FIELDS = [
  ["name", "name"], ["contactName", "contact_name"], ["email", "email"], ["phone", "phone"],
  ["address", "address"], ["city", "city"], ["locale", "locale"],
] as const;

export async function editAgentByAdmin(deps: Deps, id: string, input: z.output<typeof editAgentByAdminInput>, actor: Principal) {
  const { db } = deps;
  const row = await agentRow(db, id);
  if (input.email !== undefined && input.email !== row.email && (await emailTaken(db, input.email))) throw emailTakenError();
  const columns: Record<string, Param> = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.contactName !== undefined && { contact_name: input.contactName }),
    ...(input.email !== undefined && { email: input.email }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.address !== undefined && { address: input.address || null }),
    ...(input.city !== undefined && { city: input.city || null }),
    ...(input.locale !== undefined && { locale: input.locale }),
    ...(input.enabled !== undefined && { enabled: input.enabled ? 1 : 0 }),
    // Enabling a self-registration approves it for good: disabling it later does not make it "pending" again.
    ...(input.enabled === true && row.approved_at === null && { approved_at: nowIso() }),
  };
  if (Object.keys(columns).length === 0) throw nothingToUpdate();
  const names = Object.keys(columns);
  const update = stmt(db, `UPDATE agents SET ${names.map((n) => `${n} = ?`).join(", ")}, updated_at = ? WHERE id = ?`, ...names.map((n) => columns[n] ?? null), nowIso(), id);
  const disabling = input.enabled === false && row.enabled === 1;
  const at = nowIso();
  // Only what really changed goes into the history: a form sent again unchanged leaves no line.
  const before = row as unknown as Record<string, string | null>;
  const changes = PROFILE_FIELDS.flatMap(([field, column]) => {
    if (!(column in columns)) return [];
    const from = before[column] ?? null;
    const to = (columns[column] as string | null) ?? null;
    return from === to ? [] : [{ field, from, to }];
  });
  const history = [
    ...(changes.length ? [insertHistoryStatement(db, { agentId: id, action: "profile", changes, actor: actorOf(actor), at })] : []),
    ...(input.enabled !== undefined && (input.enabled ? 1 : 0) !== row.enabled
      ? [insertHistoryStatement(db, { agentId: id, action: input.enabled ? "enabled" : "disabled", actor: actorOf(actor), at })] : []),
  ];
  try {
    await db.batch([update, ...history, ...(disabling ? revokeAgencyStatements(db, id, "agency-disabled") : [])]);
    // The agency's open pages stop hearing its events now, not when their tokens expire (issue 25).
    if (disabling) closeEndedSessions("Agent", id);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  return oneAgent(deps, id);
}

/** agents/update-group/{agentId}/{groupId}: prices are read through the group on every call, so they change at once. */
export async function updateAgentGroup(deps: Deps, agentId: string, groupId: string, actor: Principal) {
  const { db } = deps;
  const row = await agentRow(db, agentId);
  const group = await groupName(db, groupId);
  if (group === null) throw notFound("entity.group");
  const at = nowIso();
  await db.batch([
    stmt(db, "UPDATE agents SET group_id = ?, updated_at = ? WHERE id = ?", groupId, at, agentId),
    ...(row.group_id === groupId ? [] : [insertHistoryStatement(db, {
      agentId, action: "group", changes: [{ field: "group", from: row.group_name ?? null, to: group }], actor: actorOf(actor), at,
    })]),
  ]);
  return oneAgent(deps, agentId);
}

/** GET agents/history/{id}: the agency's history, newest first. */
export async function agentHistory({ db }: Deps, agentId: string, page: number, limit: number) {
  await agentRow(db, agentId);
  const { rows, total } = await historyOfAgent(db, agentId, page, limit);
  const data: AgentHistoryEntry[] = rows.map((r) => ({
    _id: r.id, action: r.action, changes: JSON.parse(r.changes) as AgentHistoryEntry["changes"], subject: r.subject,
    by: { kind: r.actor_kind, name: r.actor_name }, createdAt: r.created_at,
  }));
  return { data, total, page, limit };
}

// ---- The agency's staff (our agents/staff calls; agency accounts only) ----

export async function listStaff({ db }: Deps, principal: Principal) {
  const data = (await usersOfAgent(db, principal.id)).map(userRecord);
  return { data, total: data.length };
}

export async function createStaff({ db }: Deps, principal: Principal, input: z.output<typeof createStaffInput>): Promise<UserRecord> {
  return userRecord(await insertStaffUser(db, principal.id, input, await hashPassword(input.password)));
}

/** A new staff user of the agency (an email used by any agency or staff user is a 409). */
export async function insertStaffUser(
  db: D1Database, agentId: string, input: { name: string; email: string; phone?: string; locale?: string }, passwordHash: string,
): Promise<UserRow> {
  if (await emailTaken(db, input.email)) throw emailTakenError();
  const id = uuidv7();
  const now = nowIso();
  try {
    await run(
      db,
      "INSERT INTO users (id, agent_id, email, name, phone, locale, enabled, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
      id, agentId, input.email, input.name, input.phone ?? null, input.locale ?? "en", passwordHash, now, now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  return (await userById(db, id))!;
}

/** Another agency's staff user is a 404, as if it did not exist. Disabling or a new password ends the user's sessions. */
export async function updateStaff({ db }: Deps, principal: Principal, userId: string, input: UpdateStaffInput): Promise<UserRecord> {
  const user = await userById(db, userId);
  if (!user || user.agent_id !== principal.id) throw notFound("entity.user");
  const columns: Record<string, Param> = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.enabled !== undefined && { enabled: input.enabled ? 1 : 0 }),
    ...(input.password !== undefined && { password_hash: await hashPassword(input.password) }),
  };
  if (Object.keys(columns).length === 0) throw nothingToUpdate();
  const names = Object.keys(columns);
  const statements = [stmt(db, `UPDATE users SET ${names.map((n) => `${n} = ?`).join(", ")}, updated_at = ? WHERE id = ?`, ...names.map((n) => columns[n] ?? null), nowIso(), userId)];
  if (input.enabled === false || input.password !== undefined) {
    statements.push(stmt(db, "UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE kind = 'User' AND subject_id = ? AND revoked_at IS NULL", nowIso(), input.enabled === false ? "disabled" : "password-reset", userId));
  }
  await db.batch(statements);
  if (statements.length > 1) closeEndedSessions("User", user.agent_id);
  return userRecord((await userById(db, userId))!);
}
