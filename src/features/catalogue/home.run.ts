/**
 * The home page's work (home.client.ts starts it once the first banner is shown): the edge draws the banners, the balance, the visa rows, the news and the recent events
 * into the page (functions/edge/banners.ts, views.tsx), so little runs here on the usual path: the carousel's
 * controls are wired. A part the edge could not draw (or drew in another time zone) gets its island now; the live
 * client puts the islands in place when something changes. One script, not one per part: on a phone's first load
 * each script file is one more request beside the page's largest picture.
 */
import { registerViews } from "../../lib/edge-views";
import { mountBanners } from "./banners.client";
import { HOME_ISLANDS } from "./home-islands";

for (const root of document.querySelectorAll<HTMLElement>("[data-home-banners]")) void mountBanners(root);
registerViews(HOME_ISLANDS);
