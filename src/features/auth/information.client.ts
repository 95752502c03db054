/**
 * /information: the edge draws the account, the agency's staff users and (push not configured) the notification
 * settings (functions/edge/views/account.tsx). Each island comes when the reader reaches for its part, or at once
 * when the edge could not draw it; a button pressed before is pressed again on the island's (edge-view-press.ts, through registerViews).
 */
import { registerViewsAfterPaint } from "../../lib/views-after-paint";
void registerViewsAfterPaint({
  "account-information": () => import("./AccountInformation"),
  "staff-manager": () => import("./StaffManager"),
  "notification-settings": () => import("../push/NotificationSettingsInView"),
});
