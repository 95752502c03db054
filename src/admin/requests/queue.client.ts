/**
 * /admin/requests: the edge draws the queue (src/admin/edge-pages.ts; issue 32). Its island comes when the admin
 * reaches for a chip, the search or the pager, when a request changes (it then reads the queue as it is now and
 * follows the changes itself), after the poll's 30 s while the tab is shown, or at once when the edge could not draw.
 */
import { registerViews, takeOver, takeOverOnChange } from "../../lib/edge-views";
import { QUEUE_REFRESH_MS } from "./queue-refresh";

registerViews({
  "admin-queue": () => import("./RequestQueuePage"),
  // Group filings (issue 28): not drawn by the edge, so their island comes at once, after the page is painted.
  "admin-groups-queue": () => import("./GroupsQueueIsland"),
});
takeOverOnChange("admin-queue", ["requests"]);
// The queue on a screen left open is read again at least as often as the island's poll would.
const timer = setInterval(() => {
  if (document.visibilityState !== "visible") return;
  clearInterval(timer);
  takeOver("admin-queue");
}, QUEUE_REFRESH_MS);
