/**
 * /requests: the edge draws the list the address asks for (functions/edge/views/requests.tsx). The island comes when
 * the agent reaches for the search, the dates, a status chip or an export (the pager's links work before it), or at
 * once when the edge could not draw.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "requests-list": () => import("./RequestsList") });
// The records it shows changed (the live hub said so): the island reads them as they are now (issue 26).
takeOverOnChange("requests-list", ["requests"]);
