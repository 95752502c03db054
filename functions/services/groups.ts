/**
 * Agent groups and their per-visa prices (DESIGN §5). Exactly one group is the default (new agencies join it): making
 * a group the default moves the flag; the default group cannot be un-set or deleted, only replaced. A group that still
 * has agencies cannot be deleted. One price per (group, visa).
 */
import type { Group, GroupPrice } from "../../src/contract/catalogue";
import type { ListQuery, ListResponse } from "../../src/contract/common";
import { notFound } from "../errors";
import {
  deleteGroupPriceStatement, deleteGroupStatement, groupById, groupPriceById, groupPricesOfGroup, groupSpec, hasDefaultGroup, moveDefaultStatements,
  type GroupPriceRow, type GroupRow,
} from "../db/groups";
import { nowIso, uuidv7 } from "../db/ids";
import { mapPage, pagedList, wholeList } from "../db/paged";
import { defined, insertStatement, localizedOf, updateStatement } from "../db/rows";
import { visaExists } from "../db/visas";
import { conflict, uniqueOr409 } from "./catalogue";

export const groupRecord = (row: GroupRow): Group => ({
  _id: row.id, name: row.name, description: row.description, isDefault: row.is_default === 1, lowBalanceThreshold: row.low_balance_threshold ?? null, agentCount: row.agent_count,
  creditLimit: row.credit_limit ?? 0, creditTermsDays: row.credit_terms_days ?? null,
  createdAt: row.created_at, updatedAt: row.updated_at,
});

const nameTaken = () => ["errors.groupNameTaken", "GROUP_NAME_TAKEN"] as const;

export async function listGroups(db: D1Database, query: ListQuery): Promise<ListResponse<Group>> {
  return mapPage(await pagedList<GroupRow>(db, groupSpec(), query), groupRecord);
}

export async function oneGroup(db: D1Database, id: string): Promise<Group> {
  const row = await groupById(db, id);
  if (!row) throw notFound("entity.group");
  return groupRecord(row);
}

/** POST groups: the first group ever is the default whatever the input says (there must be one). */
export async function createGroup(db: D1Database, input: { name: string; description?: string; isDefault: boolean; lowBalanceThreshold?: number | null; creditLimit?: number; creditTermsDays?: number | null }): Promise<Group> {
  const id = uuidv7();
  const now = nowIso();
  const makeDefault = input.isDefault || !(await hasDefaultGroup(db));
  await uniqueOr409(
    () =>
      db.batch([
        insertStatement(db, "groups", { id, name: input.name, description: input.description || null, is_default: 0, low_balance_threshold: input.lowBalanceThreshold ?? null,
          credit_limit: input.creditLimit ?? 0, credit_terms_days: input.creditTermsDays ?? null, created_at: now, updated_at: now }),
        ...(makeDefault ? moveDefaultStatements(db, id, now) : []),
      ]),
    ...nameTaken(),
  );
  return oneGroup(db, id);
}

export async function updateGroup(db: D1Database, id: string, input: { name?: string; description?: string; isDefault?: boolean; lowBalanceThreshold?: number | null; creditLimit?: number; creditTermsDays?: number | null }): Promise<Group> {
  const row = await groupById(db, id);
  if (!row) throw notFound("entity.group");
  if (input.isDefault === false && row.is_default === 1) throw conflict("errors.groupIsDefault", "DEFAULT_GROUP_REQUIRED");
  const now = nowIso();
  const columns = defined({
    name: input.name,
    description: input.description === undefined ? undefined : input.description || null,
    low_balance_threshold: input.lowBalanceThreshold,
    // The group's credit default (issue 30): its agencies without a limit of their own follow it on their next charge.
    credit_limit: input.creditLimit,
    credit_terms_days: input.creditTermsDays,
  });
  const statements = [
    Object.keys(columns).length ? updateStatement(db, "groups", id, { ...columns, updated_at: now }) : null,
    ...(input.isDefault && row.is_default !== 1 ? moveDefaultStatements(db, id, now) : []),
  ].filter((s): s is D1PreparedStatement => s !== null);
  if (statements.length) await uniqueOr409(() => db.batch(statements), ...nameTaken());
  return oneGroup(db, id);
}

/** DELETE groups/{id}: refused (409) while agencies belong to it, and for the default group. Its prices go with it. */
export async function deleteGroup(db: D1Database, id: string): Promise<{ _id: string; deleted: true }> {
  const row = await groupById(db, id);
  if (!row) throw notFound("entity.group");
  if (row.agent_count > 0) throw conflict("errors.groupHasAgents", "GROUP_HAS_AGENTS");
  if (row.is_default === 1) throw conflict("errors.groupIsDefault", "DEFAULT_GROUP_REQUIRED");
  // Guarded again in SQL: an agency moved into the group meanwhile keeps the group alive.
  const changed = await deleteGroupStatement(db, id).run();
  if (changed.meta.changes === 0) throw conflict("errors.groupHasAgents", "GROUP_HAS_AGENTS");
  return { _id: id, deleted: true };
}

// ── Group prices ────────────────────────────────────────────────────────────────────────────────

export const groupPriceRecord = (row: GroupPriceRow): GroupPrice => ({
  _id: row.id, groupId: row.group_id, visaId: row.visa_id, visaTitle: localizedOf(row, "title"), price: row.price,
  basePrice: row.base_price, createdAt: row.created_at, updatedAt: row.updated_at,
});

/** GET group-price/{groupId}: every price override of one group, by visa title. */
export async function pricesOfGroup(db: D1Database, groupId: string) {
  if (!(await groupById(db, groupId))) throw notFound("entity.group");
  return wholeList((await groupPricesOfGroup(db, groupId)).map(groupPriceRecord));
}

async function onePrice(db: D1Database, id: string): Promise<GroupPrice> {
  const row = await groupPriceById(db, id);
  if (!row) throw notFound("entity.groupPrice");
  return groupPriceRecord(row);
}

/** POST group-price: a second price for the same (group, visa) is a 409; change the existing one instead. */
export async function createGroupPrice(db: D1Database, input: { groupId: string; visaId: string; price: number }): Promise<GroupPrice> {
  if (!(await groupById(db, input.groupId))) throw notFound("entity.group");
  if (!(await visaExists(db, input.visaId))) throw notFound("entity.visa");
  const id = uuidv7();
  const now = nowIso();
  await uniqueOr409(
    () => insertStatement(db, "group_prices", { id, group_id: input.groupId, visa_id: input.visaId, price: input.price, created_at: now, updated_at: now }).run(),
    "errors.groupPriceExists", "GROUP_PRICE_EXISTS",
  );
  return onePrice(db, id);
}

export async function updateGroupPrice(db: D1Database, id: string, price: number): Promise<GroupPrice> {
  if (!(await groupPriceById(db, id))) throw notFound("entity.groupPrice");
  await updateStatement(db, "group_prices", id, { price, updated_at: nowIso() })!.run();
  return onePrice(db, id);
}

export async function deleteGroupPrice(db: D1Database, id: string): Promise<{ _id: string; deleted: true }> {
  if (!(await groupPriceById(db, id))) throw notFound("entity.groupPrice");
  await deleteGroupPriceStatement(db, id).run();
  return { _id: id, deleted: true };
}
