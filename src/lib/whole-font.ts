/**
 * Vazirmatn's second face (issue 32): the whole Arabic file, for every Arabic-script character outside the cut that
 * page-fonts.ts declares (a traveller's name, a news text written by someone). Declared by the layout's script after
 * the first paint, not in the page's head; only declared: the file is fetched when a page shows such a character. Same
 * family and weight range as the cut face: Chromium joins faces by their descriptors before it looks at unicode-range,
 * so a face with another weight range would never be asked for the characters the cut one lacks.
 */
import { restRange, weights } from "../styles/fonts.generated.json";
import wholeUrl from "@fontsource-variable/vazirmatn/files/vazirmatn-arabic-wght-normal.woff2?url";

export function addWholeFont(): void {
  if (typeof FontFace === "undefined") return;
  const face = new FontFace("Vazirmatn Variable", `url(${wholeUrl}) format("woff2-variations")`, {
    weight: weights,
    style: "normal",
    display: "swap",
    unicodeRange: restRange,
  });
  document.fonts.add(face);
}
