/**
 * The agency's group pages (issue 28 item 3): the edge draws them (functions/edge/views/groups.tsx), so they start
 * without React. An island takes a view over when the agent reaches for a control (the group's cancel, exports, the
 * pager), when a traveller changes (the office's moves: the list and the group show them live), or at once when the
 * edge could not draw.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({
  "groups-list": () => import("./GroupsPage"),
  "group-details": () => import("./GroupPage"),
  "group-print": () => import("./GroupPrintPage"),
});
takeOverOnChange("groups-list", ["requests"]);
takeOverOnChange("group-details", ["requests"]);
