/** The home page's script: its work (home.run.ts) begins once the first view is painted (lib/after-paint.ts). */
import { afterFirstPaint } from "../../lib/after-paint";

void afterFirstPaint().then(() => import("./home.run"));
