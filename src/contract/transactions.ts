/**
 * The ledger (issue 8; DESIGN §5): transaction records, list queries and the balance operation. Money is integer
 * minor units of the platform currency. TopUp and Refund are Incoming; Order and Withdrawal are Outgoing.
 * Staff users (kind User) get 403 on every transactions call.
 */
import * as z from "zod/mini";
import { checked, id, listQuery, type ListResponse, text } from "./common";
import { isoDate, type PersonRef } from "./requests";

export const TRANSACTION_TYPES = ["TopUp", "Refund", "Order", "Withdrawal"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const DIRECTIONS = ["Incoming", "Outgoing"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_OF: Record<TransactionType, Direction> = { TopUp: "Incoming", Refund: "Incoming", Order: "Outgoing", Withdrawal: "Outgoing" };

/** Message keys of the type and direction names (literal, so the locale tests see them used). */
export const TRANSACTION_TYPE_KEYS: Record<TransactionType, string> = {
  TopUp: "transactions.type.TopUp", Refund: "transactions.type.Refund", Order: "transactions.type.Order", Withdrawal: "transactions.type.Withdrawal",
};
export const DIRECTION_KEYS: Record<Direction, string> = { Incoming: "transactions.direction.Incoming", Outgoing: "transactions.direction.Outgoing" };

export const BALANCE_OPERATIONS = ["ADD", "SUBTRACT"] as const;
/** At most 1 000 000.00 per operation: a typo guard, not a business rule. */
export const MAX_BALANCE_OPERATION = 100_000_000;

/** POST transactions/update-balance/{agentId} (admin): ADD writes a TopUp, SUBTRACT a Withdrawal (never below zero: 402). */
export const updateBalanceInput = z.strictObject({
  operation: z.enum(BALANCE_OPERATIONS, { error: "validation.operation" }),
  amount: checked(z.number({ error: "validation.integer" }), z.int({ error: "validation.integer" }), z.gte(1, { error: "validation.amountPositive" }), z.lte(MAX_BALANCE_OPERATION, { error: "validation.max" })),
  note: text(1, 500),
});
export type UpdateBalanceInput = z.input<typeof updateBalanceInput>;

export const TRANSACTION_SORTS = ["createdAt", "amount", "type"] as const;

/** transactions/findAllByAgent, findAllByAdmin and their exports (agentId: admins only). */
export const transactionListQuery = z.extend(listQuery, {
  sort: z.optional(z.enum(TRANSACTION_SORTS, { error: "validation.sort" })),
  type: z.optional(z.enum(TRANSACTION_TYPES, { error: "validation.transactionType" })),
  direction: z.optional(z.enum(DIRECTIONS, { error: "validation.direction" })),
  from: z.optional(isoDate),
  to: z.optional(isoDate),
  agentId: z.optional(id),
});
export type TransactionListQuery = z.input<typeof transactionListQuery>;

export interface Transaction {
  _id: string;
  type: TransactionType;
  direction: Direction;
  /** Always > 0; the direction says which way it went. */
  amount: number;
  /** The agency's balance right after this row: the statement's running balance. */
  balanceAfter: number;
  currency: string;
  /** The request id an Order or Refund belongs to (null for top-ups and withdrawals). */
  reference: string | null;
  /** The request's human reference (VR-2026-000123), when there is one. */
  requestReference: string | null;
  note: string | null;
  createdBy: PersonRef | null;
  createdAt: string;
  agency: { _id: string; name: string };
}

export interface TransactionListResponse extends ListResponse<Transaction> {
  /** The agency's current balance (agent calls, or an admin call filtered by agentId). */
  balance?: number;
  /** With the balance: the credit line, what is available and what is owed (issue 30). */
  credit?: import("./credit").CreditState;
  currency: string;
  /** Admin ledger only: the sum of each type over every row the filters select (orders less refunds = revenue). */
  totals?: Record<TransactionType, number>;
}

/** Answer of transactions/update-balance/{id}: the ledger row written and the new balance. */
export interface BalanceUpdate {
  transaction: Transaction;
  balance: number;
}

/**
 * GET transactions/reconcile (admin): balance = Σ Incoming − Σ Outgoing for every agency, and refunds that should not
 * exist — a Refund only for a request that ended Canceled or Rejected and was never Paid (DESIGN §5). The balance
 * check cannot see the second kind: a wrong refund is still a ledger row the balance agrees with.
 */
export interface Reconciliation {
  checked: number;
  mismatches: number;
  agencies: { _id: string; name: string; balance: number; ledger: number; difference: number }[];
  refundViolations: { transactionId: string; agentId: string; requestId: string; reference: string | null; status: string | null; everPaid: boolean }[];
  at: string;
}
