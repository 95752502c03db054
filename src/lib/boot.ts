/**
 * Every layout's script: its work (boot-run.ts) begins once the first view is painted (after-paint.ts). The header's
 * buttons that work wires (theme, sign-out) do nothing before that: the last one pressed meanwhile is pressed again
 * once they work, so the reader's first tap is not lost to the wait.
 */
import { afterFirstPaint } from "./after-paint";
import { takeEarlyPress } from "./early-press";

const WIRED_BY_BOOT = "[data-theme-toggle], [data-sign-out]";
// Pressed before this script ran (it is requested after the first paint: scripts/build.mjs).
let pressed = takeEarlyPress((element) => element.closest(WIRED_BY_BOOT) !== null)?.closest<HTMLElement>(WIRED_BY_BOOT) ?? null;
const remember = (event: Event) => {
  pressed = event.target instanceof Element ? event.target.closest<HTMLElement>(WIRED_BY_BOOT) : pressed;
};
document.addEventListener("click", remember, true);

void afterFirstPaint()
  .then(() => import("./boot-run"))
  .then(() => {
    document.removeEventListener("click", remember, true);
    if (pressed?.isConnected) pressed.click();
  });
