/**
 * /admin/audit-log: the edge draws the log for the address's filters and page (src/admin/edge-pages.ts; issue 32). Its
 * island comes when the admin reaches for a filter, a person, the export or the pager (a press made before it is there
 * is made again on it; what was typed is carried over), or at once when the edge could not draw it. The log is
 * read-only and follows no live topic.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({ "admin-audit-log": () => import("./AuditLogPage") });
