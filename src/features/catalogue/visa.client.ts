/**
 * /visa: the edge draws the page of visas the address asks for (functions/edge/views.tsx). The catalogue's island
 * comes when the agent reaches for the search, the filters or the pager, or at once when the edge could not draw it.
 */
import { registerViewsAfterPaint } from "../../lib/views-after-paint";

void registerViewsAfterPaint({ "visa-catalogue": () => import("./VisaCatalogue") });
