/**
 * /visa/available-visa: the edge draws the trip the address asks for (functions/edge/views.tsx). The island comes when
 * the agent reaches for the destination or the travel mode, or at once when the edge could not draw it.
 */
import { registerViewsAfterPaint } from "../../lib/views-after-paint";

void registerViewsAfterPaint({ "available-visas": () => import("./AvailableVisas") });
