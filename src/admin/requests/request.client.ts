/**
 * /admin/requests/{id}: the edge draws the request (src/admin/edge-pages.ts; issue 32). Its island comes when the
 * admin reaches for a control (a move, the result upload or removal), when the live hub reports a change to the
 * request (the agency's re-upload, another admin's move: the island reads it as it is now and follows it), or at
 * once when the edge could not draw. The conversation is a view of its own (drawn-thread.ts).
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";
import { requestTopic } from "../../lib/record-changes";
import { routeIdOf } from "../../lib/route-id-of";
import { drawnThread } from "../../features/threads/drawn-thread";

registerViews({ "admin-request": () => import("./RequestDetailPage") });
const id = routeIdOf(location.pathname);
if (id) takeOverOnChange("admin-request", [requestTopic(id)]);
drawnThread("admin-request-thread");
