/** The audit log's table (migration 0023): append-only, so this module only inserts and reads. */
import type { Param } from "./d1";
import { first, run } from "./d1";
import { sqlPart, type ListSpec, type Sql } from "./paged";

export interface AuditRow {
  id: string; at: string; call_id: string | null; actor_kind: string; actor_id: string; actor_name: string; ip: string | null;
  user_agent: string | null; method: string; route: string; path: string; record_kind: string | null; record_id: string | null;
  record_label: string | null; agent_id: string | null; status: number; outcome: "done" | "refused"; changes: string; internal: number;
}

const COLUMNS = [
  "id", "at", "call_id", "actor_kind", "actor_id", "actor_name", "ip", "user_agent", "method", "route", "path", "record_kind", "record_id",
  "record_label", "agent_id", "status", "outcome", "changes", "internal",
] as const;

export async function insertAuditRow(db: D1Database, row: AuditRow): Promise<void> {
  await run(db, `INSERT INTO audit_log (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`, ...COLUMNS.map((c) => row[c] as Param));
}

/** The record as it is now, every column: the "before" and "after" of a change. Table names come from our code. */
export const recordRow = (db: D1Database, table: string, id: string) => first<Record<string, unknown>>(db, `SELECT * FROM ${table} WHERE id = ?`, id);

export interface AuditFilters {
  actor?: string; actorKind?: string; record?: string; kind?: string; outcome?: string; from?: string; to?: string;
  /** An agency's view: only rows about it, never internal ones. */
  agentId?: string;
}

/** The log as a list; `days` are the from/to conditions on l.at (services/ledger.ts dayRange). */
export function auditSpec(filters: AuditFilters, days: Sql[]): ListSpec {
  return {
    select: "l.*",
    from: sqlPart("FROM audit_log l"),
    where: [
      filters.agentId ? sqlPart("l.agent_id = ? AND l.internal = 0 AND l.outcome = 'done'", filters.agentId) : null,
      filters.actor ? sqlPart("l.actor_id = ?", filters.actor) : null,
      filters.actorKind ? sqlPart("l.actor_kind = ?", filters.actorKind) : null,
      // A record by its id or its human label (a reference, a visa's English title).
      filters.record ? sqlPart("(l.record_id = ? OR l.record_label = ?)", filters.record, filters.record) : null,
      filters.kind ? sqlPart("l.record_kind = ?", filters.kind) : null,
      filters.outcome ? sqlPart("l.outcome = ?", filters.outcome) : null,
      ...days,
    ],
    search: ["l.actor_name", "l.record_label", "l.route", "l.ip", "l.changes"],
    sortable: { at: "l.at", actor: "l.actor_name", kind: "l.record_kind" },
    defaultSort: { key: "at", order: "desc" },
    tieBreaker: "l.id",
  };
}
