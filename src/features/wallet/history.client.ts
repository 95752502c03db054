/**
 * /transactions-old: the edge draws the agent's history (functions/edge/views/wallet.tsx). The history's island comes
 * when the agent reaches for the search, the filters, the pager or an export, or at once when the edge could not.
 * An export or pager button pressed before then is pressed again on the island (src/lib/edge-view-press.ts, through registerViews).
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "history-page": () => import("./HistoryPage") });
// The records it shows changed (the live hub said so): the island reads them as they are now (issue 26).
takeOverOnChange("history-page", ["balance"]);
