import type { CreditState } from "../../src/contract/credit";
import { availableAt } from "../../src/shared/credit";
/**
 * The credit line in SQL (issue 30): one definition of the limit in force, read by the ledger's charge (its floor,
 * inside the batch) and by every read that shows an agency its money, so the two can never disagree.
 */

/** The limit in force for the agents row `alias`: its own, else its group's, else 0. */
export const creditLimitSql = (alias: string) =>
  `COALESCE(${alias}.credit_limit, (SELECT cg.credit_limit FROM groups cg WHERE cg.id = ${alias}.group_id), 0)`;

/**
 * The lowest balance a charge of the agents row `alias` may reach: −limit, or 0 when its credit is frozen. The ledger
 * writes it on each Order's row, where CHECK (balance_after >= credit_floor) refuses the charge (migration 0024).
 */
export const creditFloorSql = (alias: string) => `(CASE WHEN ${alias}.credit_frozen = 1 THEN 0 ELSE -${creditLimitSql(alias)} END)`;

/**
 * Since when the agents row `alias` has owed money: the first ledger row after the last one that left the balance at
 * zero or above. Derived from the ledger (nothing else to keep in step); NULL while the balance is not below zero.
 */
export const debtSinceSql = (alias: string) =>
  `(CASE WHEN ${alias}.balance < 0 THEN (SELECT MIN(dt.created_at) FROM transactions dt WHERE dt.agent_id = ${alias}.id AND dt.seq >
     COALESCE((SELECT MAX(dp.seq) FROM transactions dp WHERE dp.agent_id = ${alias}.id AND dp.balance_after >= 0), 0)) END)`;

/** The credit columns every agency read adds (the names CreditColumns and creditState read). */
export const creditColumnsSql = (alias: string) =>
  `${creditLimitSql(alias)} AS credit_limit_in_force, ${alias}.credit_limit IS NOT NULL AS credit_own, ${alias}.credit_frozen,
   COALESCE(${alias}.credit_terms_days, (SELECT cg.credit_terms_days FROM groups cg WHERE cg.id = ${alias}.group_id)) AS credit_terms,
   ${debtSinceSql(alias)} AS debt_since`;

export interface CreditColumns {
  balance: number;
  credit_limit_in_force: number;
  credit_own: number;
  credit_frozen: number;
  credit_terms: number | null;
  debt_since: string | null;
}

/** Past its terms: a debt older than the terms in days (an SQL condition on the agents row `alias`, for lists and counts). */
export const pastTermsSql = (alias: string) =>
  `(${alias}.balance < 0 AND COALESCE(${alias}.credit_terms_days, (SELECT cg.credit_terms_days FROM groups cg WHERE cg.id = ${alias}.group_id)) IS NOT NULL
    AND julianday('now') - julianday(${debtSinceSql(alias)}) > COALESCE(${alias}.credit_terms_days, (SELECT cg.credit_terms_days FROM groups cg WHERE cg.id = ${alias}.group_id)))`;

const DAY_MS = 86_400_000;

/** The credit state from an agency row read with creditColumnsSql. */
export function creditState(row: CreditColumns, now = Date.now()): CreditState {
  const limit = row.credit_limit_in_force;
  const frozen = row.credit_frozen === 1;
  const debt = row.balance < 0 ? -row.balance : 0;
  const debtSince = debt > 0 ? row.debt_since : null;
  const termsDays = row.credit_terms ?? null;
  return {
    limit, ownLimit: row.credit_own === 1, frozen, termsDays,
    available: availableAt(row.balance, limit, frozen),
    debt, debtSince,
    overdue: Boolean(debtSince && termsDays !== null && now - Date.parse(debtSince) > termsDays * DAY_MS),
  };
}

