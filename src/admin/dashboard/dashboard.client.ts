/**
 * /admin: the edge draws the dashboard (src/admin/edge-pages.ts) and the push card (functions/edge/views/admin.tsx);
 * the test notification's form comes from the build. Each island is loaded only where the edge could not draw its
 * part, or when the admin reaches for it.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({
  "admin-dashboard": () => import("./DashboardPage"),
  "test-notification": () => import("./TestNotification"),
  "admin-notification-settings": () => import("../../features/push/NotificationSettingsInView"),
});
// The records it shows changed (the live hub said so): the island reads them as they are now (issue 26).
takeOverOnChange("admin-dashboard", ["requests"]);
