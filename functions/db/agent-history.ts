/** The agency's history (migration 0017): rows written in the same batch as the change they describe. */
import { all, first, stmt } from "./d1";
import { uuidv7 } from "./ids";

export interface AgentHistoryRow {
  id: string; agent_id: string; action: string; changes: string; subject: string | null;
  actor_kind: string; actor_id: string | null; actor_name: string; created_at: string;
}

export interface HistoryEntry {
  agentId: string;
  action: string;
  changes?: { field: string; from: string | null; to: string | null }[];
  subject?: string | null;
  actor: { kind: string; id: string | null; name: string };
  at: string;
}

export const insertHistoryStatement = (db: D1Database, entry: HistoryEntry) =>
  stmt(db,
    "INSERT INTO agent_history (id, agent_id, action, changes, subject, actor_kind, actor_id, actor_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    uuidv7(), entry.agentId, entry.action, JSON.stringify(entry.changes ?? []), entry.subject ?? null, entry.actor.kind, entry.actor.id, entry.actor.name, entry.at);

/** Newest first, one page. */
export async function historyOfAgent(db: D1Database, agentId: string, page: number, limit: number) {
  const [rows, count] = await Promise.all([
    all<AgentHistoryRow>(db, "SELECT * FROM agent_history WHERE agent_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?", agentId, limit, (page - 1) * limit),
    first<{ n: number }>(db, "SELECT COUNT(*) AS n FROM agent_history WHERE agent_id = ?", agentId),
  ]);
  return { rows, total: count?.n ?? 0 };
}
