/**
 * /featured: the edge draws the featured visas into the page (functions/edge/views.tsx), so nothing runs here on the
 * usual path. Only when it could not does the browser load React and draw them itself.
 */
import { registerViewsAfterPaint } from "../../lib/views-after-paint";

void registerViewsAfterPaint({ featured: () => import("./FeaturedVisas") });
