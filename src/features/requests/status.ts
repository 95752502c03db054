/**
 * Status set B as the agent's pages show it: chip colours and what the agency is asked to do. The statuses and their
 * names are the one table of src/shared (no zod: these pages keep the contract out of their first load).
 */
import { VISA_STATUSES, VISA_STATUS_KEYS, type VisaStatus } from "../../shared/request-status";

export const STATUSES = VISA_STATUSES;
export const STATUS_LABEL = VISA_STATUS_KEYS;

/** One sentence per status: what it means for the agency. */
export const STATUS_HINT: Record<VisaStatus, string> = {
  Requested: "requests.statusHint.Requested",
  InProcess: "requests.statusHint.InProcess",
  Canceled: "requests.statusHint.Canceled",
  Modified: "requests.statusHint.Modified",
  Approved: "requests.statusHint.Approved",
  DocumentNeeded: "requests.statusHint.DocumentNeeded",
  CorrectionNeeded: "requests.statusHint.CorrectionNeeded",
  Rejected: "requests.statusHint.Rejected",
  Paid: "requests.statusHint.Paid",
};

export type Tone = "neutral" | "info" | "warning" | "success" | "danger";

/** Colour by what the agency should feel: waiting (neutral/info), asked to act (warning), done (success/danger). */
export const STATUS_TONE: Record<VisaStatus, Tone> = {
  Requested: "neutral",
  InProcess: "info",
  Modified: "info",
  Paid: "info",
  DocumentNeeded: "warning",
  CorrectionNeeded: "warning",
  Approved: "success",
  Rejected: "danger",
  Canceled: "neutral",
};

/** Chip classes per tone; text colours keep a 4.5:1 contrast on their background in light and dark themes. */
export const TONE_CLASS: Record<Tone, string> = {
  neutral: "bg-[var(--surface-2)] text-[var(--text)] border-[var(--border)]",
  info: "bg-sky-50 text-sky-900 border-sky-200 dark:bg-sky-950 dark:text-sky-100 dark:border-sky-800",
  warning: "bg-amber-50 text-amber-900 border-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:border-amber-700",
  success: "bg-emerald-50 text-emerald-900 border-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:border-emerald-800",
  danger: "bg-red-50 text-red-900 border-red-200 dark:bg-red-950 dark:text-red-100 dark:border-red-800",
};

/** The agency is asked to act: re-upload or correct (the request then moves to Modified). */
export const needsAgency = (status: VisaStatus) => status === "DocumentNeeded" || status === "CorrectionNeeded";
