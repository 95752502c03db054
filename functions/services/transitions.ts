/**
 * The one check of a status change (DESIGN §6) for every record with a state machine: visa requests (set B) and
 * translation orders (set A). The tables stay data in src/contract/requests.ts; this turns a refused move into the
 * API's answer, the same for both: 409 naming the moves allowed from here, 403 when the move exists but is not yours.
 */
import type { Mover, TransitionTable } from "../../src/shared/request-status";
import { ApiError } from "../errors";
import { sqlPart, type Sql } from "../db/paged";

/** The status both sets share for withdrawing a record. */
const CANCELED = "Canceled";

export interface StateMachine<S extends string> {
  table: TransitionTable<S>;
  /** The moves `mover` has from `from` (the contract's function: the list the UI offers). */
  allowed: (from: S, mover: Mover) => S[];
  /** Message keys of the status names. */
  keys: Readonly<Record<S, string>>;
}

/** Statuses no one may move a record out of (Approved, Rejected, Canceled; Done). */
const isFinal = <S extends string>(machine: StateMachine<S>, status: S) => Object.keys(machine.table[status]).length === 0;

/**
 * A refused move in the reader's words (issue 26), never the status codes: the page that offered it was older than
 * the record. A cancel the office's work has overtaken says so; a closed record says it is closed; otherwise the
 * record's status now and the moves the caller has from it, by their names.
 */
export function checkMove<S extends string>(machine: StateMachine<S>, from: S, to: S, mover: Mover): void {
  const movers = machine.table[from][to];
  if (!movers) {
    const allowed = machine.allowed(from, mover);
    const vars = { from: machine.keys[from], to: machine.keys[to], allowed: allowed.map((s) => machine.keys[s]) };
    const message = isFinal(machine, from)
      ? "errors.noTransition"
      : to === CANCELED
        ? "errors.cancelStarted"
        : allowed.length
          ? "errors.illegalTransition"
          : "errors.officeMoves";
    throw new ApiError(409, message, { code: "ILLEGAL_TRANSITION", vars });
  }
  if (!movers.includes(mover)) {
    // The move exists, for someone else: a cancel only the office may make now is the same story for the agency.
    const message = to === CANCELED && mover !== "Admin" ? "errors.cancelStarted" : "errors.transitionNotYours";
    throw new ApiError(403, message, { code: "FORBIDDEN", vars: { to: machine.keys[to] } });
  }
}

/**
 * The condition every write of one move carries besides the move's own UPDATE: the record bears this move's id (the
 * UPDATE stamps it in the same batch, and only when its compare-and-set on the status read won). A version check
 * ("version is the one read + 1") is not enough: any concurrent move satisfies it, and a losing cancel then committed
 * its history row and its refund next to the winner's Paid (issue 25).
 */
export const moveGuard = (table: "visa_requests" | "translation_orders", id: string, moveId: string): Sql =>
  sqlPart(`EXISTS (SELECT 1 FROM ${table} WHERE id = ? AND move_id = ?)`, id, moveId);
