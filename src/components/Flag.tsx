/**
 * A country's flag, the same on agent and admin pages. Flags are emoji (the API sends them), but many systems draw them as two letters or as empty
 * boxes (Windows, Linux without a colour emoji font). The first time a flag is shown we draw one on a canvas: if it
 * comes out in colour the emoji is used, otherwise the ISO code in a small badge, which reads well everywhere.
 */
import type { VisaSummary } from "../contract/catalogue";

let colourFlags: boolean | undefined;

/** Whether this browser draws flag emoji in colour (checked once; false where there is no canvas). */
export function emojiFlagsSupported(): boolean {
  if (colourFlags !== undefined) return colourFlags;
  colourFlags = false;
  try {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 20;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return colourFlags;
    context.font = "16px sans-serif";
    context.textBaseline = "top";
    context.fillStyle = "#000";
    context.fillText("\u{1F1FA}\u{1F1F3}", 0, 0);
    const pixels = context.getImageData(0, 0, 20, 20).data;
    for (let i = 0; i < pixels.length; i += 4) {
      // A drawn pixel that is not grey: a colour glyph. Letters or empty boxes come out in the black fill.
      if (pixels[i + 3]! > 0 && (pixels[i] !== pixels[i + 1] || pixels[i + 1] !== pixels[i + 2])) return (colourFlags = true);
    }
  } catch {
    // No canvas (tests, very old browsers): the code badge.
  }
  return colourFlags;
}

// Checked in a task of its own right after this module loads (the cards come later, with the API's answer), not in
// the middle of rendering a page of cards: drawing an emoji makes the browser search its fonts.
if (typeof document !== "undefined") setTimeout(() => emojiFlagsSupported(), 0);

type CountryRef = Pick<VisaSummary["country"], "code" | "flag">;

export function Flag({ country, size = "sm" }: { country: CountryRef; size?: "sm" | "lg" }) {
  if (emojiFlagsSupported()) {
    return (
      <span aria-hidden="true" className={size === "lg" ? "text-6xl leading-none" : "leading-none"}>
        {country.flag}
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={
        size === "lg"
          ? "grid size-20 place-items-center rounded-full border-2 border-primary-500 bg-[var(--surface)] text-2xl font-bold tracking-wider text-primary-700 dark:text-primary-300"
          : "inline-grid h-5 min-w-7 place-items-center rounded border border-[var(--border)] px-1 text-[0.625rem] font-bold leading-none tracking-wide"
      }
      data-testid="flag-code"
    >
      {country.code}
    </span>
  );
}
