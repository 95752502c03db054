/**
 * /admin/requests-list: the edge draws the list (src/admin/edge-pages.ts; issue 32). Its island comes when the admin
 * reaches for the search, a filter, the pager or an export, when a request changes (it then reads the list as it is
 * now and follows the changes itself), or at once when the edge could not draw it.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "admin-requests-list": () => import("./RequestsListPage") });
takeOverOnChange("admin-requests-list", ["requests"]);
