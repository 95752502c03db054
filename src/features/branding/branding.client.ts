/**
 * /branding: the edge draws the saved logo, the footer per language, the net-price switch and the sample links
 * (functions/edge/views/wallet.tsx). The form's island comes when the owner reaches for it (what was typed or the logo
 * chosen meanwhile is carried over), or at once when the edge could not draw the page. Nothing on it changes live.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({ "branding-page": () => import("./BrandingPage") });
