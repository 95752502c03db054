/**
 * /admin/agents-list: the edge draws the list (src/admin/edge-pages.ts; issue 32). Its island comes when the admin
 * reaches for the search, a filter, the pager, an export or the pending banner, or at once when the edge could not
 * draw it; a button pressed before then is pressed again on the island (src/lib/edge-view-press.ts).
 */
import { registerViews } from "../../lib/edge-views";

registerViews({ "admin-agents": () => import("./AgentsListPage") });
