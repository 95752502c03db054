/**
 * The ledger (DESIGN §5): every balance change and its ledger row are statements of ONE D1 batch (one transaction),
 * guarded by the database itself — `CHECK (balance >= 0)` on agents refuses an overdraft, whatever the concurrency, and
 * the partial UNIQUE indexes on transactions refuse a second Order or Refund for the same request. No read-then-write
 * across awaits decides anything here; reads only explain a refusal (the 402's shortfall) afterwards.
 */
import type { PersonRef } from "../../src/contract/requests";
import {
  DIRECTION_OF, type BalanceUpdate, type Reconciliation, type Transaction, type TransactionListQuery, type TransactionListResponse,
  type TransactionType,
} from "../../src/contract/transactions";
import { ApiError, notFound } from "../errors";
import { all, first, isCheckViolation } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import { pagedList, sqlPart, whereOf, type ListSpec, type Sql } from "../db/paged";
import { balanceEventStatements } from "./request-events";
import { creditFloorSql } from "../db/credit";
import { creditOf, creditReminderStatements } from "./credit";

export interface LedgerEntry {
  agentId: string;
  amount: number;
  /** The request id an Order or Refund belongs to. */
  reference?: string | null;
  note?: string | null;
  by: PersonRef;
  at?: string;
  idempotencyKey?: string | null;
  /** Extra condition (our own SQL) both statements need: they do nothing unless it holds (e.g. "the status change applied"). */
  guard?: Sql;
}


/**
 * The two statements of one ledger movement: the balance change, then the ledger row carrying the balance right after
 * it (read in the same transaction). An Outgoing row also carries the floor it may reach, read in the same
 * transaction: −(the credit limit in force) for an Order, 0 for a Withdrawal or when the credit is frozen (issue 30).
 * The row fails CHECK (balance_after >= credit_floor) when short and the whole batch, balance included, is rolled
 * back: catch it with isCheckViolation and answer insufficientBalance(). Every charging path comes through here or
 * through ordersStatements (filings, single or group), which writes the same floor: the credit line holds for all.
 * An amount of 0 moves nothing and writes no row (transactions.amount > 0).
 */
export function movementStatements(db: D1Database, type: TransactionType, entry: LedgerEntry): { id: string; statements: D1PreparedStatement[] } {
  const id = uuidv7();
  if (entry.amount <= 0) return { id, statements: [] };
  const at = entry.at ?? nowIso();
  const sign = DIRECTION_OF[type] === "Incoming" ? "+" : "-";
  const guard = entry.guard ? ` AND ${entry.guard.sql}` : "";
  const guardParams = entry.guard?.params ?? [];
  // Only an Order may use the credit line: a withdrawal takes back money the agency has, never more.
  const floor = type === "Order" ? creditFloorSql("agents") : "0";
  const statements = [
    db.prepare(`UPDATE agents SET balance = balance ${sign} ?, updated_at = ? WHERE id = ?${guard}`).bind(entry.amount, at, entry.agentId, ...guardParams),
    db
      .prepare(
        // seq is taken inside the batch: D1 runs batches one at a time, so seq is the order in which rows committed,
        // the order the running balance follows (created_at is stamped before the batch, and races reorder it).
        `INSERT INTO transactions (id, agent_id, type, direction, amount, balance_after, credit_floor, reference, note, created_by, created_by_kind, created_by_name, idempotency_key, created_at, seq)
         SELECT ?, id, ?, ?, ?, balance, ${floor}, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM transactions) FROM agents WHERE id = ?${guard}`,
      )
      .bind(
        id, type, DIRECTION_OF[type], entry.amount, entry.reference ?? null, entry.note ?? null, entry.by._id, entry.by.kind, entry.by.name,
        entry.idempotencyKey ?? null, at, entry.agentId, ...guardParams,
      ),
    // The agency hears of top-ups, withdrawals and refunds (issue 13); after the movement, so it reads the new balance.
    ...balanceEventStatements(db, { type, agentId: entry.agentId, amount: entry.amount, note: entry.note, by: entry.by, at, guard: entry.guard }),
    // A charge that takes the available amount under 40 % or 20 % of the credit limit tells the agency (issue 30).
    ...(type === "Order" ? creditReminderStatements(db, { agentId: entry.agentId, amount: entry.amount, by: entry.by, at, guard: entry.guard }) : []),
  ];
  return { id, statements };
}

/** The charge of a filed request: at most one per request (UNIQUE index transactions_order_once). */
export const orderStatements = (db: D1Database, entry: LedgerEntry) => movementStatements(db, "Order", entry).statements;
/** A refund of a request: at most one per request (UNIQUE index transactions_refund_once). */
export const refundStatements = (db: D1Database, entry: LedgerEntry) => movementStatements(db, "Refund", entry).statements;

/** One charge of a set of Orders (ordersStatements): the request it pays for, its amount, the key it remembers. */
export interface OrderItem {
  reference: string;
  amount: number;
  idempotencyKey?: string | null;
}

/**
 * The Orders of many requests filed together (a group, issue 28) in a fixed number of statements, whatever their
 * number: D1 counts queries per Worker invocation (1,000 paid, 50 free) and a group of 200 charged one movement each
 * was ~1,800 statements in one batch. Same ledger as movementStatements, row for row: one balance change for the sum,
 * then one row per Order, in order, each carrying the balance right after it (the balance before the sum, less the
 * running total: a window over the list) and the floor it may reach, so CHECK (balance_after >= credit_floor) refuses
 * the batch exactly where charging them one by one would have; seq follows the list. The credit reminder looks at
 * the sum (one notice for the steps the whole charge crossed). Orders of 0 write nothing, as a movement of 0.
 */
export function ordersStatements(db: D1Database, entry: { agentId: string; by: PersonRef; at?: string; items: OrderItem[] }): D1PreparedStatement[] {
  const items = entry.items.filter((item) => item.amount > 0);
  if (!items.length) return [];
  const at = entry.at ?? nowIso();
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  const rows = JSON.stringify(items.map((item) => ({ id: uuidv7(), reference: item.reference, amount: item.amount, key: item.idempotencyKey ?? null })));
  return [
    db.prepare("UPDATE agents SET balance = balance - ?, updated_at = ? WHERE id = ?").bind(total, at, entry.agentId),
    db
      .prepare(
        // The whole SELECT is read before any row is written (SQLite materialises an INSERT … SELECT that reads its own
        // table), so MAX(seq) is the one before the first of these rows.
        `INSERT INTO transactions (id, agent_id, type, direction, amount, balance_after, credit_floor, reference, note, created_by, created_by_kind, created_by_name, idempotency_key, created_at, seq)
         SELECT j.value ->> 'id', a.id, 'Order', 'Outgoing', j.value ->> 'amount',
           a.balance + ? - SUM(j.value ->> 'amount') OVER (ORDER BY j.key ROWS UNBOUNDED PRECEDING), ${creditFloorSql("a")},
           j.value ->> 'reference', NULL, ?, ?, ?, j.value ->> 'key', ?, (SELECT COALESCE(MAX(seq), 0) FROM transactions) + j.key + 1
         FROM agents a, json_each(?) j WHERE a.id = ? ORDER BY j.key`,
      )
      .bind(total, entry.by._id, entry.by.kind, entry.by.name, at, rows, entry.agentId),
    ...creditReminderStatements(db, { agentId: entry.agentId, amount: total, by: entry.by, at }),
  ];
}

/**
/**
 * Who is refused, for the words of the refusal (issue 26 item 5): the agency paying (the figures and "ask the
 * administrator to top up"), its staff (what to do, never the figures: DESIGN §3), or the office withdrawing from an
 * agency (that agency's balance and the most it can withdraw; topping up is the office's own doing).
 */
export type ChargeReader = "agency" | "staff" | "office";

/**
 * 402 INSUFFICIENT_BALANCE naming the shortfall in words: what is available (the balance, and with a credit line the
 * credit left: issue 30), what it costs, what is missing, and what to do. Reads after the refusal only to explain it.
 * `withCredit`: the refused movement was an Order (the only one that may use the credit line).
 */
export async function insufficientBalance(
  db: D1Database, agentId: string, amount: number, currency: string, reader: ChargeReader = "agency", withCredit = true,
): Promise<ApiError> {
  if (reader === "staff") return new ApiError(402, "errors.insufficientBalanceStaff", "INSUFFICIENT_BALANCE");
  const agency = await first<{ balance: number; name: string }>(db, "SELECT balance, name FROM agents WHERE id = ?", agentId);
  const balance = agency?.balance ?? 0;
  const money = (minor: number) => ({ minor, currency });
  if (reader === "office") {
    // A withdrawal never uses the credit line: the most the office can take is the balance above zero.
    return new ApiError(402, "errors.withdrawalTooLarge", {
      code: "INSUFFICIENT_BALANCE", vars: { agency: agency?.name ?? "", balance: money(Math.max(balance, 0)), amount: money(amount) },
    });
  }
  const credit = await creditOf(db, agentId).catch(() => null);
  const usesCredit = withCredit && credit !== null && credit.limit > 0;
  const available = usesCredit ? credit.available : Math.max(balance, 0);
  const shortfall = Math.max(amount - available, 1);
  // Money values: written in the reader's language and digits when the answer is made (api/errors.ts).
  const vars = { balance: money(balance), amount: money(amount), shortfall: money(shortfall), available: money(available), limit: money(credit?.limit ?? 0), debt: money(credit?.debt ?? 0) };
  const message = !usesCredit ? "errors.insufficientBalance" : credit.frozen ? "errors.insufficientCreditFrozen" : "errors.insufficientCredit";
  return new ApiError(402, message, { code: "INSUFFICIENT_BALANCE", vars });
}

/**
 * Runs a batch that moves money out; a refusal by the ledger row's floor (CHECK balance_after >= credit_floor) becomes
 * the 402 with the shortfall (`withCredit`: the movement was an Order, which may use the credit line), and a charge
 * of a disabled agency (refused inside the batch by the trigger of migration 0020, whatever was read before) a 403.
 */
export async function runCharging(
  db: D1Database, statements: D1PreparedStatement[], agentId: string, amount: number, currency: string, reader: ChargeReader = "agency", withCredit = true,
) {
  try {
    return await db.batch(statements);
  } catch (error) {
    if (isCheckViolation(error)) throw await insufficientBalance(db, agentId, amount, currency, reader, withCredit);
    if (error instanceof Error && /AGENCY_DISABLED/.test(error.message)) throw new ApiError(403, "errors.agencyDisabled", "AGENCY_DISABLED");
    throw error;
  }
}

// ── Reading the ledger ───────────────────────────────────────────────────────────────────────────
export interface TransactionRow {
  id: string; agent_id: string; agent_name: string; type: TransactionType; direction: "Incoming" | "Outgoing"; amount: number;
  balance_after: number; reference: string | null; request_reference: string | null; note: string | null;
  created_by: string | null; created_by_kind: string | null; created_by_name: string | null; created_at: string;
}

export function transactionRecord(row: TransactionRow, currency: string): Transaction {
  return {
    _id: row.id, type: row.type, direction: row.direction, amount: row.amount, balanceAfter: row.balance_after, currency,
    reference: row.reference, requestReference: row.request_reference, note: row.note,
    createdBy: row.created_by ? { kind: (row.created_by_kind ?? "Admin") as PersonRef["kind"], _id: row.created_by, name: row.created_by_name ?? "" } : null,
    createdAt: row.created_at, agency: { _id: row.agent_id, name: row.agent_name },
  };
}

type TransactionFilters = Omit<TransactionListQuery, "page" | "limit" | "search" | "sort" | "order">;

/** Day filters: from = that day 00:00 UTC onwards, to = up to the end of that day. */
export function dayRange(column: string, from: string | undefined, to: string | undefined): Sql[] {
  const parts: Sql[] = [];
  if (from) parts.push(sqlPart(`${column} >= ?`, `${from}T00:00:00.000Z`));
  if (to) parts.push(sqlPart(`${column} < ?`, new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString()));
  return parts;
}

/** The ledger as a list: an agency sees its own rows (agentId forced), an admin everything or one agency. */
export function transactionSpec(filters: TransactionFilters): ListSpec {
  return {
    // A reference is a visa request's id or a translation order's id (issue 12): the human reference of either.
    select: `t.id, t.agent_id, a.name AS agent_name, t.type, t.direction, t.amount, t.balance_after, t.reference,
      COALESCE(r.reference, o.reference) AS request_reference, t.note, t.created_by, t.created_by_kind, t.created_by_name, t.created_at`,
    from: sqlPart(
      "FROM transactions t JOIN agents a ON a.id = t.agent_id LEFT JOIN visa_requests r ON r.id = t.reference LEFT JOIN translation_orders o ON o.id = t.reference",
    ),
    where: [
      filters.agentId ? sqlPart("t.agent_id = ?", filters.agentId) : null,
      filters.type ? sqlPart("t.type = ?", filters.type) : null,
      filters.direction ? sqlPart("t.direction = ?", filters.direction) : null,
      ...dayRange("t.created_at", filters.from, filters.to),
    ],
    search: ["t.note", "r.reference", "o.reference", "a.name", "t.reference"],
    // "Date" order is commit order (seq): the running balance reads as one chain whatever raced (issue 25).
    sortable: { createdAt: "t.seq", amount: "t.amount", type: "t.type" },
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "t.seq",
  };
}

export async function balanceOf(db: D1Database, agentId: string): Promise<number> {
  const row = await first<{ balance: number }>(db, "SELECT balance FROM agents WHERE id = ?", agentId);
  if (!row) throw notFound("entity.agent");
  return row.balance;
}

/**
 * One page of the ledger. `withTotals` (the admin's ledger) adds the sum of each type over every row the filters
 * select, not only this page: orders less refunds is the revenue the dashboard shows for the same dates.
 */
export async function listTransactions(
  db: D1Database, currency: string, query: TransactionListQuery & { page: number; limit: number }, withTotals = false,
): Promise<TransactionListResponse> {
  const spec = transactionSpec(query);
  const page = await pagedList<TransactionRow>(db, spec, query);
  const balance = query.agentId ? await balanceOf(db, query.agentId) : undefined;
  // With the balance, what the agency can spend and what it owes (issue 30).
  const credit = query.agentId ? await creditOf(db, query.agentId) : undefined;
  let totals: Record<string, number> | undefined;
  if (withTotals) {
    const where = whereOf(spec, query.search);
    const rows = await all<{ type: string; amount: number }>(
      db, `SELECT t.type, SUM(t.amount) AS amount ${spec.from.sql} ${where.sql} GROUP BY t.type`, ...spec.from.params, ...where.params,
    );
    totals = { TopUp: 0, Refund: 0, Order: 0, Withdrawal: 0, ...Object.fromEntries(rows.map((r) => [r.type, r.amount])) };
  }
  return {
    ...page, data: page.data.map((row) => transactionRecord(row, currency)), currency,
    ...(balance === undefined ? {} : { balance }), ...(credit ? { credit } : {}), ...(totals ? { totals: totals as TransactionListResponse["totals"] } : {}),
  };
}

export async function transactionById(db: D1Database, id: string, currency: string): Promise<Transaction> {
  const spec = transactionSpec({});
  const row = await first<TransactionRow>(db, `SELECT ${spec.select} ${spec.from.sql} WHERE t.id = ?`, id);
  if (!row) throw notFound("entity.transaction");
  return transactionRecord(row, currency);
}

// ── Top-ups and withdrawals (admin) ──────────────────────────────────────────────────────────────
/**
 * transactions/update-balance/{agentId}: ADD writes a TopUp, SUBTRACT a Withdrawal, both with the admin's note.
 * A withdrawal past the balance is refused by the database (402, nothing written). `complete` adds the idempotency
 * row's completion to the same batch.
 */
export async function updateBalance(
  db: D1Database, currency: string, agentId: string, input: { operation: "ADD" | "SUBTRACT"; amount: number; note: string }, by: PersonRef,
  complete: (resultId: string) => D1PreparedStatement[] = () => [],
): Promise<BalanceUpdate> {
  if (!(await first(db, "SELECT 1 FROM agents WHERE id = ?", agentId))) throw notFound("entity.agent");
  const type = input.operation === "ADD" ? "TopUp" : "Withdrawal";
  const { id, statements } = movementStatements(db, type, { agentId, amount: input.amount, note: input.note, by });
  // A withdrawal never uses the credit line (its floor is 0): its refusal names the balance only.
  // Refused words for the office; a withdrawal never uses the credit line.
  await runCharging(db, [...statements, ...complete(id)], agentId, input.amount, currency, "office", false);
  return balanceUpdateAnswer(db, id, currency);
}

/** The answer of update-balance, also for replays: the row and the balance right after it. */
export async function balanceUpdateAnswer(db: D1Database, transactionId: string, currency: string): Promise<BalanceUpdate> {
  const transaction = await transactionById(db, transactionId, currency);
  return { transaction, balance: transaction.balanceAfter };
}

// ── Reconciliation ───────────────────────────────────────────────────────────────────────────────
/** transactions/reconcile: for every agency, balance against Σ Incoming − Σ Outgoing. Must always be zero mismatches. */
export async function reconcile(db: D1Database): Promise<Reconciliation> {
  const rows = await all<{ id: string; name: string; balance: number; ledger: number }>(
    db,
    `SELECT a.id, a.name, a.balance,
       COALESCE((SELECT SUM(CASE t.direction WHEN 'Incoming' THEN t.amount ELSE -t.amount END) FROM transactions t WHERE t.agent_id = a.id), 0) AS ledger
     FROM agents a ORDER BY a.created_at, a.id`,
  );
  const agencies = rows.map((r) => ({ _id: r.id, name: r.name, balance: r.balance, ledger: r.ledger, difference: r.balance - r.ledger }));
  return {
    checked: agencies.length, mismatches: agencies.filter((a) => a.difference !== 0).length, agencies, refundViolations: await refundViolations(db), at: nowIso(),
  };
}

/**
 * Refunds that should not exist: a visa request refunded while it did not end Canceled or Rejected, or after it was
 * ever Paid (its history), or a translation order refunded while not Canceled. Empty in a healthy ledger.
 */
async function refundViolations(db: D1Database): Promise<Reconciliation["refundViolations"]> {
  const rows = await all<{ id: string; agent_id: string; reference: string; ref: string | null; status: string | null; ever_paid: number }>(
    db,
    `SELECT * FROM (
       SELECT t.id, t.agent_id, t.reference, COALESCE(r.reference, o.reference) AS ref, COALESCE(r.status, o.status) AS status,
         (COALESCE(r.paid, 0) = 1 OR EXISTS (SELECT 1 FROM request_history h WHERE h.request_id = t.reference AND h.to_status = 'Paid')) AS ever_paid,
         CASE WHEN r.id IS NOT NULL THEN r.status IN ('Canceled', 'Rejected') WHEN o.id IS NOT NULL THEN o.status = 'Canceled' ELSE 0 END AS final_ok
       FROM transactions t LEFT JOIN visa_requests r ON r.id = t.reference LEFT JOIN translation_orders o ON o.id = t.reference
       WHERE t.type = 'Refund'
     ) WHERE final_ok = 0 OR ever_paid = 1`,
  );
  return rows.map((row) => ({ transactionId: row.id, agentId: row.agent_id, requestId: row.reference, reference: row.ref, status: row.status, everPaid: row.ever_paid === 1 }));
}
