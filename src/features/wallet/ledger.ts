/**
 * The ledger as the money pages show it (DESIGN §5): transaction types and their words, signed amounts, the balance
 * series of a statement. Values only (no zod): these pages never validate a ledger row, they show it.
 */
import type { Direction, Transaction, TransactionType } from "../../contract/transactions";
import { isDay, listQueryFromSearch, listSearchOf, type ListQuery } from "../../admin/kit/list-query";

export const TRANSACTION_TYPE_LIST = ["TopUp", "Refund", "Order", "Withdrawal"] as const satisfies readonly TransactionType[];
export const DIRECTION_LIST = ["Incoming", "Outgoing"] as const satisfies readonly Direction[];

export const TYPE_LABEL: Record<TransactionType, string> = {
  TopUp: "transactions.type.TopUp",
  Refund: "transactions.type.Refund",
  Order: "transactions.type.Order",
  Withdrawal: "transactions.type.Withdrawal",
};
export const DIRECTION_LABEL: Record<Direction, string> = {
  Incoming: "transactions.direction.Incoming",
  Outgoing: "transactions.direction.Outgoing",
};

/** Incoming adds, outgoing takes away: the amount as the balance felt it. */
export const signedAmount = (row: Pick<Transaction, "amount" | "direction">) => (row.direction === "Incoming" ? row.amount : -row.amount);

export interface BalancePoint {
  at: number;
  balance: number;
}

/**
 * The balance over time from ledger rows in any order: one point per row (its `balanceAfter`, the balance right
 * after it), oldest first; rows of the same instant keep the API's order.
 */
export function balanceSeries(rows: readonly Pick<Transaction, "createdAt" | "balanceAfter">[]): BalancePoint[] {
  return rows
    .map((row, index) => ({ at: Date.parse(row.createdAt), balance: row.balanceAfter, index }))
    .filter((point) => Number.isFinite(point.at))
    .sort((a, b) => a.at - b.at || b.index - a.index)
    .map(({ at, balance }) => ({ at, balance }));
}

/**
 * Whether each row's running balance follows from the one before it (newest-first rows, as the statement lists
 * them): balanceAfter = previous balanceAfter + the signed amount. A gap means rows in between are filtered out.
 */
export function runningBalanceBreaks(rowsNewestFirst: readonly Pick<Transaction, "_id" | "amount" | "direction" | "balanceAfter">[]): string[] {
  const breaks: string[] = [];
  for (let i = 0; i < rowsNewestFirst.length - 1; i++) {
    const row = rowsNewestFirst[i]!;
    const before = rowsNewestFirst[i + 1]!;
    if (before.balanceAfter + signedAmount(row) !== row.balanceAfter) breaks.push(row._id);
  }
  return breaks;
}

/** The agent's ledger, as both money pages read it. */
export const AGENT_LEDGER = "transactions/findAllByAgent";

/** How many rows the chart reads: enough for months of an agency's activity, one call. */
export const CHART_ROWS = 100;

export type SeriesState = { status: "loading" } | { status: "ready"; points: BalancePoint[] } | { status: "error" };

/** A ledger list's first query: newest first, no filter (the statement 20 rows a page, the history 50). */
export const ledgerQuery = (limit = 20): ListQuery => ({ page: 1, limit, search: "", sort: "createdAt", order: "desc", filters: {} });

/** Rows a page of the statement (/transactions); the history has its own (HISTORY_ROWS). */
export const STATEMENT_ROWS = 20;

const isType = (value: string) => (TRANSACTION_TYPE_LIST as readonly string[]).includes(value);
const isDirection = (value: string) => (DIRECTION_LIST as readonly string[]).includes(value);

/**
 * The money pages' lists as their addresses ask for them (`/transactions/?type=TopUp&from=2026-11-01&page=2`): the
 * filters each page shows (the statement: type and dates; the history: direction too), the search, page and page
 * size. Shared by the islands and the edge, so the first view and the island's first call agree.
 */
export function statementQueryFromSearch(search: string): ListQuery {
  return listQueryFromSearch(search, ledgerQuery(STATEMENT_ROWS), { filters: { type: isType, from: isDay, to: isDay }, limits: [10, 20, 50, 100] });
}
export function historyQueryFromSearch(search: string, rows: number): ListQuery {
  return listQueryFromSearch(search, ledgerQuery(rows), { filters: { type: isType, direction: isDirection, from: isDay, to: isDay }, limits: [10, 20, 50, 100, rows], search: true });
}

/** The whole ledger, as the admin reads it (/admin/transactions). */
export const ADMIN_LEDGER = "transactions/findAllByAdmin";
/** An agency's id in the admin ledger's address (`?agentId=…`, an agency's page and a row's agency link it). */
const isAgencyId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);
/** `today` in a date of the address (the dashboard's links): the UTC day, the day the API and the dashboard count in. */
const todayAsDay = (search: string) => {
  const params = new URLSearchParams(search);
  const today = new Date().toISOString().slice(0, 10);
  for (const name of ["from", "to"]) if (params.get(name)?.trim() === "today") params.set(name, today);
  return params.toString();
};

/**
 * The admin ledger as its address asks for it (`/admin/transactions/?agentId=…&type=TopUp&from=today&page=2`): type,
 * direction, dates and agency, the search, page and page size, 20 rows a page. Shared by the island and the edge.
 */
export function adminLedgerQueryFromSearch(search: string): ListQuery {
  return listQueryFromSearch(todayAsDay(search), ledgerQuery(STATEMENT_ROWS), {
    filters: { type: isType, direction: isDirection, from: isDay, to: isDay, agentId: isAgencyId },
    limits: [10, 20, 50, 100],
    search: true,
  });
}

/** The chart's call for the dates the list is filtered by (types are not filtered: a balance is all of them). */
export function seriesParams(from?: string, to?: string): Record<string, string | number> {
  const query: Record<string, string | number> = { page: 1, limit: CHART_ROWS, sort: "createdAt", order: "desc" };
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** The address of page `page` of a money list shown with `query` (its pager's links). */
export const ledgerPageHref = (query: ListQuery, rows: number) => (page: number) => listSearchOf({ ...query, page }, ledgerQuery(rows));
