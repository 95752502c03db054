/**
 * /print: the edge draws the sheet (functions/edge/views/requests.tsx), so nothing but the print button needs a
 * script: any `data-print` button (drawn or an island's) prints the page, with no React. The islands come only when
 * the edge could not draw their view.
 */
import { registerViews } from "../../lib/edge-views";

document.addEventListener("click", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-print]")) window.print();
});

registerViews({
  "print-visa": () => import("./PrintView"),
  "print-order": () => import("../translation/PrintOrder"),
});
