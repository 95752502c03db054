/**
 * /admin/requests: the edge draws the queue (src/admin/edge-pages.ts; issue 32). Its island comes when the admin
 * reaches for a chip, the search or the pager, when a request changes (it then reads the queue as it is now and
 * follows the changes itself), after the poll's 30 s while the tab is shown, or at once when the edge could not draw.
 */
import { registerViews, takeOver, takeOverOnChange } from "../../lib/edge-views";
import { QUEUE_REFRESH_MS } from "./queue-refresh";
import { OPEN_STATUSES } from "./status";

registerViews({
  "admin-queue": () => import("./RequestQueuePage"),
  "admin-groups-queue": () => import("./GroupsQueueIsland"),
});
// Group filings (issue 28) have an island of their own, brought only when there is an open group to show (one small
// call after the page is painted) or a request changes: a queue without groups stays free of React at load.
takeOverOnChange("admin-groups-queue", ["requests"]);
void import("../../lib/api")
  .then(({ api }) => api.get<{ total: number }>("admin/request-groups", { query: { status: OPEN_STATUSES.join(","), limit: 1 }, notify: false }))
  .then((groups) => groups.total > 0 && takeOver("admin-groups-queue"), () => undefined);
takeOverOnChange("admin-queue", ["requests"]);
// The queue on a screen left open is read again at least as often as the island's poll would.
const timer = setInterval(() => {
  if (document.visibilityState !== "visible") return;
  clearInterval(timer);
  takeOver("admin-queue");
}, QUEUE_REFRESH_MS);
