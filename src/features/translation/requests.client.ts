/**
 * /translation/requests: the edge draws the agency's orders for the address's filter and page
 * (functions/edge/views/translation.tsx). The island comes when the agency reaches for a control (a click made
 * before it arrived is made again on it), when the live hub reports a change to an order, or at once when the edge
 * could not draw the list.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "translation-requests": () => import("./TranslationRequests") });
// The office moves an order while the list is open: the island shows the list as it is now (issue 26).
takeOverOnChange("translation-requests", ["orders"]);
