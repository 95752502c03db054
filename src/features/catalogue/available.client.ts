/**
 * /visa/available-visa: the edge draws the trip the address asks for (functions/edge/views.tsx). The island comes when
 * the agent reaches for the destination or the travel mode, or at once when the edge could not draw it.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({ "available-visas": () => import("./AvailableVisas") });
