// Measures the local fallback faces of scripts/fonts.mjs (FALLBACKS.perChar): each one's advance per character over
// each language's texts (Arabic, Kurdish), shaped the same way as Vazirmatn's at build time. Run where the fonts are installed
// (Debian: fonts-noto-core) after the texts or the fallbacks change much, and copy the figures into FALLBACKS.
//
//   npx node scripts/font-fallback-metrics.mjs
import { readFileSync } from "node:fs";
import { SCRIPT_LOCALES, arabicWords, fontMetrics, localeText } from "./fonts.mjs";

// Per language (issue 32): each language's pages get faces sized over their own texts.
for (const locale of Object.keys(SCRIPT_LOCALES)) {
  const words = arabicWords(localeText(locale));
  for (const name of ["NotoSansArabic-Regular", "NotoSansArabic-Bold", "NotoNaskhArabic-Regular", "NotoNaskhArabic-Bold"]) {
    const { perChar, ascent, descent } = fontMetrics(readFileSync(`/usr/share/fonts/truetype/noto/${name}.ttf`), words);
    console.log(`${locale} ${name}: perChar ${perChar.toFixed(5)} (ascent ${ascent.toFixed(3)} em, descent ${descent.toFixed(3)} em)`);
  }
}
