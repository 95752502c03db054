/**
 * Status set B of visa requests (spec §3, DESIGN §6): the statuses and their message keys, one table for the contract,
 * the Worker, the agent's pages and the admin's pages. Isomorphic and without zod, so pages that only SHOW statuses
 * (lists, chips, the work queue) ship no validation library; the contract re-exports these for the schemas.
 */

export const VISA_STATUSES = [
  "Requested", "InProcess", "Canceled", "Modified", "Approved", "DocumentNeeded", "CorrectionNeeded", "Rejected", "Paid",
] as const;
export type VisaStatus = (typeof VISA_STATUSES)[number];

/** Message keys of the status names (literal, so the locale tests see them used). */
export const VISA_STATUS_KEYS: Readonly<Record<VisaStatus, string>> = {
  Requested: "requests.status.Requested", InProcess: "requests.status.InProcess", Canceled: "requests.status.Canceled",
  Modified: "requests.status.Modified", Approved: "requests.status.Approved", DocumentNeeded: "requests.status.DocumentNeeded",
  CorrectionNeeded: "requests.status.CorrectionNeeded", Rejected: "requests.status.Rejected", Paid: "requests.status.Paid",
};

/**
 * Who may make a move: "Admin"; "Agency" = the agency's own people (the Agent account and its staff Users);
 * "System" = automatic (the agent updated or re-uploaded while a document or a correction was asked for).
 */
export type Mover = "Admin" | "Agency" | "System";

/** A state machine as data: from → { to: who may move it }. Absent = not allowed (set A and set B share the shape). */
export type TransitionTable<S extends string> = Readonly<Record<S, Readonly<Partial<Record<S, readonly Mover[]>>>>>;

/** The statuses `mover` may move a record in `from` to, in the order of `statuses` (what the UI offers, what the API accepts). */
export function movesFrom<S extends string>(table: TransitionTable<S>, statuses: readonly S[], from: S, mover: Mover): S[] {
  const moves = table[from];
  return statuses.filter((to) => moves[to]?.includes(mover));
}
