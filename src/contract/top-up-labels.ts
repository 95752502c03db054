/** Message keys of the top-up request states (literal, so the locale tests see them used); only the pages that show them import this. */
import type { TopUpStatus } from "./credit";

export const TOP_UP_STATUS_KEYS: Record<TopUpStatus, string> = {
  Pending: "topUps.status.Pending", Approved: "topUps.status.Approved", Rejected: "topUps.status.Rejected",
};
