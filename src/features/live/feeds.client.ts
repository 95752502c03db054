/**
 * /news and /events (issue 27): the edge draws their lists (functions/edge/views/feeds.tsx; issue 32); the island
 * comes when the reader reaches for a control (a press made before it is there is made again on it), or at once when
 * the edge could not draw the list.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({
  "all-news": () => import("./AllNews"),
  "all-events": () => import("./AllEvents"),
});
