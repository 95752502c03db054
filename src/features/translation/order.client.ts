/**
 * /translation: the edge draws the services, languages and the order form for the address's service
 * (functions/edge/views/translation.tsx). The form's island comes when the agency reaches for it (what was typed,
 * chosen or picked meanwhile is carried over, and a click on "Choose" is made again on it), or at once when the
 * edge could not draw the page.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({ "translation-order": () => import("./TranslationOrder") });
