/**
 * Issue 32: what the build cuts Vazirmatn to (scripts/fonts.mjs). Every Arabic-script character our Arabic and Kurdish
 * texts write is in the cut (else it would come from the second, lazily fetched face: a 46 kB download and a word
 * shaped across two fonts), so are the Sorani letters and Arabic-Indic digits; the CSS range says exactly that.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { subsetCodepoints, unicodeRange } from "../../scripts/fonts.mjs";

const ARABIC_SCRIPT = /[\u0600-\u06FF]/u;
const textOf = (locale: string) => Object.values(JSON.parse(readFileSync(`locales/${locale}.json`, "utf8")) as Record<string, string>).join("");

describe("the Vazirmatn cut", () => {
  const kept = new Set<number>(subsetCodepoints());

  it("holds every Arabic-script character of the Arabic and Kurdish texts", () => {
    for (const locale of ["ar", "ku"]) {
      const missing = [...new Set([...textOf(locale)].filter((ch) => ARABIC_SCRIPT.test(ch) && !kept.has(ch.codePointAt(0)!)))];
      expect(missing, locale).toEqual([]);
    }
  });

  it("holds the Sorani letters, Arabic-Indic digits and their separators, and ZWNJ", () => {
    for (const ch of "ڕڵۆێەڤپچژگکیھ٠١٢٣٤٥٦٧٨٩٫٬\u200c") expect(kept.has(ch.codePointAt(0)!), ch).toBe(true);
  });

  it("leaves out what our texts never write (fetched from the second face when someone types it)", () => {
    for (const ch of "ۋڭٹ") expect(kept.has(ch.codePointAt(0)!), ch).toBe(false);
  });

  it("writes its code points as a CSS unicode-range, runs joined", () => {
    expect(unicodeRange([0x60c, 0x621, 0x622, 0x623, 0x6d5])).toBe("U+060C,U+0621-0623,U+06D5");
  });
});
