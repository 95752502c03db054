/** /news and /events (issue 27): their lists are islands that come at once, as a chunk after the page is painted. */
import { registerViews } from "../../lib/edge-views";

registerViews({
  "all-news": () => import("./AllNews"),
  "all-events": () => import("./AllEvents"),
});
