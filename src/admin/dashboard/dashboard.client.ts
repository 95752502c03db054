/** /admin: the edge draws the dashboard (src/admin/edge-pages.ts); its island is loaded only where it could not. */
import { registerViews } from "../../lib/edge-views";

registerViews({ "admin-dashboard": () => import("./DashboardPage") });
