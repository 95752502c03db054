/**
 * /requests/{id}: the edge draws the request from the agency's own answer (functions/edge/views/requests.tsx). The
 * island comes when the agent reaches for a control (the fix form, a document, cancel), or at once when the edge
 * could not draw.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({ "request-details": () => import("./RequestDetails") });
