/**
 * /featured: the edge draws the featured visas into the page (functions/edge/views.tsx), so nothing runs here on the
 * usual path. Only when it could not (its API call failed) does the browser load React and draw them itself.
 */
const view = document.querySelector<HTMLElement>('[data-edge-view="featured"]');
if (view && !view.hasAttribute("data-edge-filled")) void import("./featured-mount").then(({ mountFeatured }) => mountFeatured(view));
