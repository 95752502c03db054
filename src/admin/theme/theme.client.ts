/**
 * /admin/theme: the edge draws the themes with the active one open (src/admin/edge-pages.ts; issue 32). Its island comes
 * when the admin reaches for a theme, a colour, an image or a button (a press made before it is there is made again on
 * it; what was typed, and a file chosen, are carried over), or at once when the edge could not draw it. Themes follow no
 * live topic: another admin's change shows on the next load, as before.
 */
import { registerViews } from "../../lib/edge-views";

registerViews({ "admin-theme": () => import("./ThemePage") });
