/**
 * /visa/{id}/details: the edge draws the record's reference and the visa's boxes into the page (functions/edge/views.tsx),
 * so nothing runs here on the usual path. Only when it could not (its API call failed) does the browser load React
 * and draw them itself (the lead too, when the edge left it empty).
 */
const views = [...document.querySelectorAll<HTMLElement>('[data-edge-view="visa-details"], [data-edge-view="record-reference"]')];
const undrawn = views.filter((view) => !view.hasAttribute("data-edge-filled"));
if (undrawn.length) void import("./details-mount").then(({ mountDetails }) => mountDetails(undrawn));
