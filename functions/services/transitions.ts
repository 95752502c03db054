/**
 * The one check of a status change (DESIGN §6) for every record with a state machine: visa requests (set B) and
 * translation orders (set A). The tables stay data in src/contract/requests.ts; this turns a refused move into the
 * API's answer, the same for both: 409 naming the moves allowed from here, 403 when the move exists but is not yours.
 */
import type { Mover, TransitionTable } from "../../src/shared/request-status";
import { ApiError } from "../errors";
import { sqlPart, type Sql } from "../db/paged";

export interface StateMachine<S extends string> {
  table: TransitionTable<S>;
  /** The moves `mover` has from `from` (the contract's function: the list the UI offers). */
  allowed: (from: S, mover: Mover) => S[];
  /** Message keys of the status names. */
  keys: Readonly<Record<S, string>>;
}

export function checkMove<S extends string>(machine: StateMachine<S>, from: S, to: S, mover: Mover): void {
  const movers = machine.table[from][to];
  if (!movers) {
    const allowed = machine.allowed(from, mover);
    throw new ApiError(409, allowed.length ? "errors.illegalTransition" : "errors.noTransition", {
      code: "ILLEGAL_TRANSITION", vars: { from: machine.keys[from], to: machine.keys[to], allowed: allowed.join(", ") },
    });
  }
  if (!movers.includes(mover)) throw new ApiError(403, "errors.transitionNotYours", { code: "FORBIDDEN", vars: { to: machine.keys[to] } });
}

/**
 * The condition every write of one move carries besides the move's own UPDATE: the record bears this move's id (the
 * UPDATE stamps it in the same batch, and only when its compare-and-set on the status read won). A version check
 * ("version is the one read + 1") is not enough: any concurrent move satisfies it, and a losing cancel then committed
 * its history row and its refund next to the winner's Paid (issue 25).
 */
export const moveGuard = (table: "visa_requests" | "translation_orders", id: string, moveId: string): Sql =>
  sqlPart(`EXISTS (SELECT 1 FROM ${table} WHERE id = ? AND move_id = ?)`, id, moveId);
