/**
 * /admin/translation/requests: the edge draws the queue (src/admin/edge-pages.ts; issue 32). Its island comes when the
 * admin reaches for a filter, the search, an export, an order's "Open" or the pager (a press made before it is there
 * is made again on it), when the live hub reports a change to an order (the queue and its counts follow), or at once
 * when the edge could not draw it.
 */
import { registerViews, takeOverOnChange } from "../../lib/edge-views";

registerViews({ "admin-translation-queue": () => import("./TranslationQueue") });
takeOverOnChange("admin-translation-queue", ["orders"]);
