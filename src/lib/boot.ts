/** Every layout's script: its work (boot-start.ts) begins once the first view is painted (after-paint.ts). */
import { afterFirstPaint } from "./after-paint";

void afterFirstPaint().then(() => import("./boot-start"));
