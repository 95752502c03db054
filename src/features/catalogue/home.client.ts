/**
 * The home page: the edge draws the balance, the visa rows, the news and the recent events into the page
 * (functions/edge/views.tsx), so nothing runs here on the usual path. A part the edge could not draw (or drew in
 * another time zone) gets its island now; the live client puts the islands in place when something changes.
 */
import { registerViews } from "../../lib/edge-views";
import { HOME_ISLANDS } from "./home-islands";

registerViews(HOME_ISLANDS);
