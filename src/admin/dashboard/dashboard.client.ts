/** /admin: the edge draws the dashboard (src/admin/edge-pages.ts); its island is loaded only where it could not. */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "admin-dashboard": () => import("./DashboardPage") });
// The records it shows changed (the live hub said so): the island reads them as they are now (issue 26).
takeOverOnChange("admin-dashboard", ["requests"]);
