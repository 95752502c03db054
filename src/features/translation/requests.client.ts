/**
 * /translation/requests: the edge draws the agency's orders for the address's filter and page
 * (functions/edge/views/translation.tsx). The island comes when the agency reaches for a control (a click made
 * before it arrived is made again on it), or at once when the edge could not draw the list.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({ "translation-requests": () => import("./TranslationRequests") });
