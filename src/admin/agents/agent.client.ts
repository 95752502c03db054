/**
 * /admin/{id}/agent: the edge draws the agency's page and the record's reference in the header (src/admin/edge-pages.ts;
 * issue 32). The page's island comes when the admin reaches for a control (edit, disable, the group, the balance, the
 * credit line, a reset link or a sign-out: a press made before it is there is made again on it, what was typed is
 * carried over), or at once when the edge could not draw. The page follows no live topic: nothing the hub sends an
 * admin changes what it shows.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({
  "admin-agent": () => import("./AgentDetailPage"),
  "record-reference": () => import("../../components/RecordReference"),
});
