// Measures the local fallback faces of scripts/fonts.mjs (FALLBACKS.perChar): each one's advance per character over
// our Arabic and Kurdish texts, shaped the same way as Vazirmatn's at build time. Run where the fonts are installed
// (Debian: fonts-noto-core) after the texts or the fallbacks change much, and copy the figures into FALLBACKS.
//
//   npx node scripts/font-fallback-metrics.mjs
import { readFileSync } from "node:fs";
import { arabicWords, fontMetrics, pageText } from "./fonts.mjs";

const words = arabicWords(pageText());
for (const name of ["NotoSansArabic-Regular", "NotoSansArabic-Bold", "NotoNaskhArabic-Regular", "NotoNaskhArabic-Bold"]) {
  const { perChar, ascent, descent } = fontMetrics(readFileSync(`/usr/share/fonts/truetype/noto/${name}.ttf`), words);
  console.log(`${name}: perChar ${perChar.toFixed(5)} (ascent ${ascent.toFixed(3)} em, descent ${descent.toFixed(3)} em)`);
}
