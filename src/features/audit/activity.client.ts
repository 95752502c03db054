/**
 * /activity (issue 29): the edge draws the list (functions/edge/views/account.tsx; issue 32); its island comes when the
 * agency reaches for a control, or at once where the edge could not draw it.
 */
import { registerViewsAfterPaint } from "../../lib/views-after-paint";

void registerViewsAfterPaint({ activity: () => import("./Activity") });
