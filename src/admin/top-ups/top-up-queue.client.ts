/**
 * /admin/top-ups: the edge draws the queue and the payment instructions (src/admin/edge-pages.ts; issue 32). Its
 * island comes when the admin reaches for a filter, a decision or the instructions (a press made before it is there
 * is made again on it; what was typed is carried over), when a request comes in or is decided (the live hub's
 * "balance" topic: the queue follows), or at once when the edge could not draw it.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "admin-top-ups": () => import("./TopUpQueuePage") });
takeOverOnChange("admin-top-ups", ["balance"]);
