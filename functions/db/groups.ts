/** Reads and writes of agent groups and their per-visa prices (DESIGN §5). */
import { all, first } from "./d1";
import { sqlPart, type ListSpec } from "./paged";

export interface GroupRow {
  id: string; name: string; description: string | null; is_default: number; low_balance_threshold: number | null; credit_limit?: number; credit_terms_days?: number | null; agent_count: number; created_at: string; updated_at: string;
}

const GROUP_SELECT = "g.*, (SELECT COUNT(*) FROM agents a WHERE a.group_id = g.id) AS agent_count";

export const groupSpec = (): ListSpec => ({
  select: GROUP_SELECT,
  from: sqlPart("FROM groups g"),
  search: ["g.name", "g.description"],
  sortable: { name: "g.name COLLATE NOCASE", isDefault: "g.is_default", lowBalanceThreshold: "g.low_balance_threshold", agentCount: "agent_count", createdAt: "g.created_at", updatedAt: "g.updated_at" },
  defaultSort: { key: "name", order: "asc" },
  tieBreaker: "g.id",
});

export const groupById = (db: D1Database, id: string) => first<GroupRow>(db, `SELECT ${GROUP_SELECT} FROM groups g WHERE g.id = ?`, id);

export const hasDefaultGroup = async (db: D1Database) => Boolean(await first(db, "SELECT 1 FROM groups WHERE is_default = 1"));

/** Makes one group the default: clears the flag first so the "at most one default" index never trips. */
export const moveDefaultStatements = (db: D1Database, id: string, at: string) => [
  db.prepare("UPDATE groups SET is_default = 0, updated_at = ? WHERE is_default = 1 AND id <> ?").bind(at, id),
  db.prepare("UPDATE groups SET is_default = 1, updated_at = ? WHERE id = ?").bind(at, id),
];

/** Deletes a group only while it is not the default and has no agencies (checked in the same statement). */
export const deleteGroupStatement = (db: D1Database, id: string) =>
  db.prepare("DELETE FROM groups WHERE id = ?1 AND is_default = 0 AND NOT EXISTS (SELECT 1 FROM agents WHERE group_id = ?1)").bind(id);

export async function existingGroupIds(db: D1Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await all<{ id: string }>(db, `SELECT id FROM groups WHERE id IN (${ids.map(() => "?").join(", ")})`, ...ids);
  return new Set(rows.map((r) => r.id));
}

export interface GroupPriceRow {
  id: string; group_id: string; visa_id: string; price: number; base_price: number;
  title_en: string; title_ar: string; title_ku: string; created_at: string; updated_at: string;
}

const PRICE_SELECT = `SELECT gp.id, gp.group_id, gp.visa_id, gp.price, v.price AS base_price, v.title_en, v.title_ar, v.title_ku, gp.created_at, gp.updated_at
  FROM group_prices gp JOIN visas v ON v.id = gp.visa_id`;

export const groupPriceById = (db: D1Database, id: string) => first<GroupPriceRow>(db, `${PRICE_SELECT} WHERE gp.id = ?`, id);

export const groupPricesOfGroup = (db: D1Database, groupId: string) =>
  all<GroupPriceRow>(db, `${PRICE_SELECT} WHERE gp.group_id = ? ORDER BY v.title_en COLLATE NOCASE, gp.id`, groupId);

export const deleteGroupPriceStatement = (db: D1Database, id: string) => db.prepare("DELETE FROM group_prices WHERE id = ?").bind(id);
