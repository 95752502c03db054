/**
 * /requests/{id}: the edge draws the request from the agency's own answer (functions/edge/views/requests.tsx). The
 * island comes when the agent reaches for a control (the fix form, a document, cancel), when the live hub reports a
 * change to the request, or at once when the edge could not draw.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";
import { requestTopic } from "../../lib/record-changes";
import { routeIdOf } from "../../lib/route-id-of";

registerViews({ "request-details": () => import("./RequestDetails") });
// The office moves the request while it is open: the island shows it as it is now (issue 26).
const id = routeIdOf(location.pathname);
if (id) takeOverOnChange("request-details", [requestTopic(id)]);
// The filing confirmation is for this visit: a reload or a later visit shows the request alone.
if (new URLSearchParams(location.search).has("filed")) history.replaceState(history.state, "", location.pathname + location.hash);
