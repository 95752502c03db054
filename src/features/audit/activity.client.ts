/** /activity (issue 29): the list is an island that comes at once, as a chunk after the page is painted. */
import { registerViews } from "../../lib/edge-views";

registerViews({ activity: () => import("./Activity") });
