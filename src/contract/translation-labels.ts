/**
 * Message keys of status set A and of the order kinds (issue 12), without zod: the pages that only show orders
 * (lists, the admin queue) import these and no schema, so they ship no validation library.
 */
import type { RequestStatusA } from "./requests";

export type OrderKind = "translation" | "legal";

/** Message keys of the status names of set A (literal, so the locale tests see them used), in the order of spec §3. */
export const STATUS_A_KEYS: Record<RequestStatusA, string> = {
  Requested: "translation.status.Requested", InProcess: "translation.status.InProcess", Canceled: "translation.status.Canceled",
  CorrectionNeeded: "translation.status.CorrectionNeeded", Done: "translation.status.Done",
};
export const STATUSES_A = Object.keys(STATUS_A_KEYS) as RequestStatusA[];
export const ORDER_KIND_KEYS: Record<OrderKind, string> = { translation: "translation.kind.translation", legal: "translation.kind.legal" };
