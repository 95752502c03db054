/** The admin's list of agencies (agents/listAgents, its export) as one ListSpec; filters only ever bind values. */
import type * as z from "zod/mini";
import type { agentListQuery } from "../../src/contract/agents";
import { sqlPart, type ListSpec } from "./paged";
import type { AgentRow } from "./accounts";
import { creditColumnsSql, pastTermsSql } from "./credit";

/** The agency's name, or null when there is no such agency. */
export const agencyName = async (db: D1Database, id: string) =>
  (await db.prepare("SELECT name FROM agents WHERE id = ?").bind(id).first<{ name: string }>())?.name ?? null;

export interface AgentListRow extends AgentRow {
  approved_at: string | null;
  staff_count: number;
}

type Filters = Omit<z.output<typeof agentListQuery>, "page" | "limit" | "sort" | "order" | "search">;

/** Pending = a self-registration never approved: disabled and no approved_at (migration 0012). */
export const PENDING_SQL = "(a.enabled = 0 AND a.approved_at IS NULL)";

/**
 * Low balance = an enabled agency under its group's threshold; a group without one uses 0 (so never). One definition
 * for the agencies filter and the dashboard's count, so the figure equals the filtered list's total.
 */
export const LOW_BALANCE_SQL = "(a.enabled = 1 AND a.balance < COALESCE(g.low_balance_threshold, 0))";

/** The low-balance threshold of the agency's group, or null when its group sets none. */
export const lowBalanceThresholdOf = async (db: D1Database, agentId: string) =>
  (await db.prepare("SELECT g.low_balance_threshold AS t FROM agents a JOIN groups g ON g.id = a.group_id WHERE a.id = ?").bind(agentId).first<{ t: number | null }>())?.t ?? null;

export function agentSpec(filters: Filters): ListSpec {
  return {
    select: `a.*, g.name AS group_name, g.low_balance_threshold, (SELECT COUNT(*) FROM users u WHERE u.agent_id = a.id) AS staff_count, ${creditColumnsSql("a")}`,
    from: sqlPart("FROM agents a LEFT JOIN groups g ON g.id = a.group_id"),
    where: [
      filters.groupId !== undefined && sqlPart("a.group_id = ?", filters.groupId),
      filters.enabled !== undefined && sqlPart("a.enabled = ?", filters.enabled ? 1 : 0),
      filters.pending !== undefined && sqlPart(filters.pending ? PENDING_SQL : `NOT ${PENDING_SQL}`),
      filters.lowBalance !== undefined && sqlPart(filters.lowBalance ? LOW_BALANCE_SQL : `NOT ${LOW_BALANCE_SQL}`),
      filters.balanceMin !== undefined && sqlPart("a.balance >= ?", filters.balanceMin),
      filters.balanceMax !== undefined && sqlPart("a.balance <= ?", filters.balanceMax),
      // Issue 30: agencies using credit (balance below zero) and those whose debt is older than their terms.
      filters.inDebt !== undefined && sqlPart(filters.inDebt ? "a.balance < 0" : "a.balance >= 0"),
      filters.pastTerms !== undefined && sqlPart(filters.pastTerms ? pastTermsSql("a") : `NOT ${pastTermsSql("a")}`),
    ],
    search: ["a.name", "a.email", "a.contact_name", "a.phone", "a.city"],
    sortable: { createdAt: "a.created_at", name: "a.name", balance: "a.balance", email: "a.email" },
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "a.id",
  };
}
