/**
 * /transactions: the edge draws the agent's statement (functions/edge/views/wallet.tsx). The statement's island comes
 * when the agent reaches for the filters, the pager or an export, or at once when the edge could not draw it.
 * An export or pager button pressed before then is pressed again on the island (src/lib/edge-view-press.ts, through registerViews).
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "statement-page": () => import("./StatementPage") });
// The records it shows changed (the live hub said so): the island reads them as they are now (issue 26).
takeOverOnChange("statement-page", ["balance"]);
