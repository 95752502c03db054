/**
 * The one check of a status change (DESIGN §6) for every record with a state machine: visa requests (set B) and
 * translation orders (set A). The tables stay data in src/contract/requests.ts; this turns a refused move into the
 * API's answer, the same for both: 409 naming the moves allowed from here, 403 when the move exists but is not yours.
 */
import type { Mover, TransitionTable } from "../../src/shared/request-status";
import { ApiError } from "../errors";

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
