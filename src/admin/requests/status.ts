/**
 * Visa request statuses (status set B, DESIGN §6) as the admin pages show them: their names, their colour, and whose
 * move it is. The state machine itself is the contract's (VISA_TRANSITIONS); the API sends each record's
 * `allowedTransitions` for the caller, and these pages offer exactly those.
 */
import { VISA_STATUS_KEYS, type VisaStatus } from "../../shared/request-status";

/** The status names: the one table of src/shared (agent pages, admin pages and the Worker say them alike). */
export const STATUS_LABEL = VISA_STATUS_KEYS;

/** The action that moves a request to a status, as a button says it ("Approve", "Ask for documents"). */
export const MOVE_LABEL: Record<VisaStatus, string> = {
  Requested: "adminRequests.move.Requested",
  InProcess: "adminRequests.move.InProcess",
  Canceled: "adminRequests.move.Canceled",
  Modified: "adminRequests.move.Modified",
  Approved: "adminRequests.move.Approved",
  DocumentNeeded: "adminRequests.move.DocumentNeeded",
  CorrectionNeeded: "adminRequests.move.CorrectionNeeded",
  Rejected: "adminRequests.move.Rejected",
  Paid: "adminRequests.move.Paid",
};

/** Every status, in the order of a request's life (the list's filter and the queue's chips). */
export const STATUS_ORDER: readonly VisaStatus[] = [
  "Requested", "InProcess", "Modified", "DocumentNeeded", "CorrectionNeeded", "Paid", "Approved", "Rejected", "Canceled",
];

/** Not final: the work queue's statuses (DESIGN §6: Approved, Rejected and Canceled are final). */
export const OPEN_STATUSES: readonly VisaStatus[] = ["Requested", "InProcess", "Modified", "DocumentNeeded", "CorrectionNeeded", "Paid"];

/** The admin's move: the request waits on the admin, not on the agency (which is asked in the other open states). */
export const WAITING_ON_ADMIN: readonly VisaStatus[] = ["Requested", "InProcess", "Modified", "Paid"];

export const isWaitingOnAdmin = (status: VisaStatus) => WAITING_ON_ADMIN.includes(status);

export type StatusTone = "info" | "warning" | "success" | "error" | "neutral";

export const STATUS_TONE: Record<VisaStatus, StatusTone> = {
  Requested: "info",
  InProcess: "info",
  Modified: "info",
  Paid: "info",
  DocumentNeeded: "warning",
  CorrectionNeeded: "warning",
  Approved: "success",
  Rejected: "error",
  Canceled: "neutral",
};

/** Chips keep the page's text colour (AA contrast in both themes); the tone is a tinted background and a dot. */
export const TONE_CLASS: Record<StatusTone, { chip: string; dot: string }> = {
  info: { chip: "bg-info-600/12", dot: "bg-info-600" },
  warning: { chip: "bg-warning-500/16", dot: "bg-warning-600" },
  success: { chip: "bg-success-600/14", dot: "bg-success-600" },
  error: { chip: "bg-error-600/12", dot: "bg-error-600" },
  neutral: { chip: "bg-[color-mix(in_srgb,var(--text)_8%,transparent)]", dot: "bg-[var(--text-muted)]" },
};
