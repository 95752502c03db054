/**
 * /visa/{id}/request: the edge draws the filing form into the page (functions/edge/views/filing.tsx). Its island
 * comes as the agent reaches for the form (pointer, focus, a key), or at once when the edge could not draw it; what
 * was typed, chosen or pressed meanwhile is carried over (src/lib/edge-view-mount.tsx).
 */
import { registerViews } from "../../lib/edge-views";

registerViews({
  filing: () => import("./FilingForm"),
  // Filing for a group (issue 28): its island and the form only when the agent reaches for the card.
  "group-filing": () => import("../groups/GroupFiling"),
});
