// Issue 32: the Arabic-script text face, cut at build time to what our pages write. Writes, before `astro build`
// (gitignored; src/layouts/Base.astro reads them through src/lib/page-fonts.ts):
//   src/styles/vazirmatn-ui.generated.woff2  Vazirmatn (from @fontsource-variable/vazirmatn, the file shipped until
//                                            issue 32) with only the glyphs of SUBSET_CODEPOINTS, weights 400-700;
//   src/styles/fonts.generated.json          its unicode-range, that of a second face with the whole font for every
//                                            other Arabic-script character (downloaded only when a page shows one:
//                                            names and news written by people), and per locale the size-matched
//                                            local fallbacks' @font-face rules.
//
// The subsetter is subset-font (npm): a thin wrapper over HarfBuzz's own hb-subset compiled to wasm (harfbuzzjs, by
// the HarfBuzz project), so no native build and no Python. hb-subset keeps the GSUB/GPOS lookups of the glyphs it
// keeps and closes over the substitutions (initial, medial, final forms, the lam-alef ligatures), so Arabic and Sorani
// shape as with the whole font; it also limits the weight axis. Alternatives looked at: glyphhanger (needs Python's
// fontTools), fontkit's subsetter (TrueType outlines only, drops GSUB/GPOS: joined forms break).
//
//   node scripts/fonts.mjs      (run by scripts/build.mjs; prints the sizes)
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";

const root = new URL("../", import.meta.url);
const SOURCE = "node_modules/@fontsource-variable/vazirmatn/files/vazirmatn-arabic-wght-normal.woff2";
/** The weights our styles use (font-normal, -medium, -semibold, -bold and the default bold of headings). */
export const WEIGHTS = { min: 400, max: 700 };
/** The characters the source file covers (fontsource's unicode-range of its Arabic file): what both faces share. */
const SOURCE_RANGES = [
  [0x0600, 0x06ff], [0x0750, 0x077f], [0x0870, 0x088e], [0x0890, 0x0891], [0x0897, 0x08e1], [0x08e3, 0x08ff],
  [0x200c, 0x200e], [0x2010, 0x2011], [0x204f, 0x204f], [0x2e41, 0x2e41], [0xfb50, 0xfdff], [0xfe70, 0xfe74], [0xfe76, 0xfefc],
];
const inSource = (cp) => SOURCE_RANGES.some(([from, to]) => cp >= from && cp <= to);
const span = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/**
 * Beyond the characters of our texts, the whole Arabic and Sorani alphabets, their vowel marks and digits: a name typed
 * in either language then never mixes the two faces inside one word (a word shaped across two fonts loses its
 * joins), and the subset stays the same when a translation changes a word.
 */
const ALPHABETS = [
  ...span(0x0621, 0x063a), ...span(0x0640, 0x0652), // Arabic letters, tatweel, harakat
  ...span(0x0660, 0x066d), 0x0670, // Arabic-Indic digits, percent, decimal and thousands separators; superscript alef
  0x060c, 0x061b, 0x061c, 0x061f, // Arabic comma, semicolon, letter mark (Intl's bidi mark), question mark
  0x067e, 0x0686, 0x0695, 0x0698, 0x06a4, 0x06a9, 0x06af, 0x06b5, 0x06be, 0x06c5, 0x06c6, 0x06cc, 0x06ce, 0x06d5, // Sorani (and Persian) letters: پ چ ڕ ژ ڤ ک گ ڵ ھ ۅ ۆ ی ێ ە
  0x200c, 0x200d, 0x200e, 0x200f, // ZWNJ (Sorani writes it inside words), ZWJ, LRM, RLM
];

/** The Arabic-script languages of our pages, with the tag Intl writes their dates and numbers in. */
export const SCRIPT_LOCALES = { ar: "ar-IQ", ku: "ckb" };

/** Every character of one language's texts and what Intl writes in its pages (digits, months, days). */
export function localeText(locale) {
  const parts = Object.values(JSON.parse(readFileSync(new URL(`locales/${locale}.json`, root), "utf8")));
  const tag = SCRIPT_LOCALES[locale];
  // src/components/ui/format.ts: Arabic-Indic digits ("arab") in both Arabic-script locales; ckb's month names.
  if (tag) {
    const date = new Intl.DateTimeFormat(tag, { numberingSystem: "arab", dateStyle: "full", timeStyle: "short" });
    for (let month = 0; month < 12; month++) parts.push(date.format(new Date(Date.UTC(2026, month, 10 + month, 9 + month))));
    parts.push(new Intl.NumberFormat(tag, { numberingSystem: "arab", style: "currency", currency: "USD" }).format(-1234567.89));
    parts.push(new Intl.NumberFormat(tag, { numberingSystem: "arab", style: "percent" }).format(0.5));
  }
  return parts.join("");
}

/** Every character of the Arabic and Kurdish texts and what Intl writes in those pages (digits, months, days). */
export function pageText() {
  return ["ar", "ku", "en"].map(localeText).join("");
}


/** The code points the subset keeps: those of our texts and ALPHABETS that the source file covers. */
export function subsetCodepoints(text = pageText()) {
  const kept = new Set(ALPHABETS);
  for (const ch of text) kept.add(ch.codePointAt(0));
  return [...kept].filter(inSource).sort((a, b) => a - b);
}

/** Sorted code points as a CSS unicode-range (runs joined). */
export function unicodeRange(codepoints) {
  const runs = [];
  for (const cp of codepoints) {
    const last = runs.at(-1);
    if (last && cp === last[1] + 1) last[1] = cp;
    else runs.push([cp, cp]);
  }
  const hex = (n) => n.toString(16).toUpperCase().padStart(4, "0");
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(",");
}

/** The source's characters minus the subset's: the range of the face with the whole font. */
function restCodepoints(kept) {
  const keep = new Set(kept);
  return SOURCE_RANGES.flatMap(([from, to]) => span(from, to)).filter((cp) => !keep.has(cp));
}

/**
 * The local faces shown until Vazirmatn arrives, made the same size: their advance per character over each language's
 * texts (HarfBuzz-shaped, in em; scripts/font-fallback-metrics.mjs), measured from Debian's fonts-noto-core 20201225
 * (the same Noto families Android and ChromeOS show Arabic script in). size-adjust makes the fallback's text as wide
 * as Vazirmatn's; the overrides give it Vazirmatn's ascent and descent, so lines keep their height and their breaks.
 * Measured per language (issue 32): over both languages at once Noto Sans came out 1.3 % wider than Vazirmatn on
 * Arabic text and 0.7 % narrower on Kurdish, and the Arabic home page's introduction, one line in Vazirmatn at 412 px,
 * took two in the fallback (0.4 px over) and moved the page at the swap. Each language's pages name their own faces
 * (global.css: :lang(ar) and :lang(ckb)).
 */
const FALLBACKS = [
  { family: "Vazirmatn Fallback", weight: "100 500", vazirmatnWeight: 400, perChar: { ar: 0.44625, ku: 0.42657 }, names: ["Noto Sans Arabic", "NotoSansArabic-Regular", "Noto Sans Arabic UI", "NotoSansArabicUI-Regular"] },
  { family: "Vazirmatn Fallback", weight: "600 900", vazirmatnWeight: 700, perChar: { ar: 0.49307, ku: 0.47831 }, names: ["Noto Sans Arabic Bold", "NotoSansArabic-Bold", "Noto Sans Arabic UI Bold", "NotoSansArabicUI-Bold"] },
  { family: "Vazirmatn Fallback Naskh", weight: "100 500", vazirmatnWeight: 400, perChar: { ar: 0.40297, ku: 0.40444 }, names: ["Noto Naskh Arabic", "NotoNaskhArabic-Regular", "Noto Naskh Arabic UI", "NotoNaskhArabicUI-Regular"] },
  { family: "Vazirmatn Fallback Naskh", weight: "600 900", vazirmatnWeight: 700, perChar: { ar: 0.42005, ku: 0.41894 }, names: ["Noto Naskh Arabic Bold", "NotoNaskhArabic-Bold", "Noto Naskh Arabic UI Bold", "NotoNaskhArabicUI-Bold"] },
];

/** The Arabic-script words of a text (spaces and Latin are set in the system face, the same before and after the swap). */
export const arabicWords = (text) => text.split(/[^\u0600-\u06FF\u200c]+/).filter(Boolean);

/** A font's advance per character over `words`, shaped by HarfBuzz (in em), and its line metrics (in em). */
export function fontMetrics(sfnt, words, weight) {
  const face = new hb.Face(new hb.Blob(sfnt));
  const font = new hb.Font(face);
  if (weight) font.setVariations([new hb.Variation("wght", weight)]);
  let advance = 0;
  let chars = 0;
  for (const word of words) {
    const buffer = new hb.Buffer();
    buffer.addText(word);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    for (const position of buffer.getGlyphPositions()) advance += position.xAdvance;
    chars += [...word].length;
  }
  const { ascender, descender, lineGap } = font.hExtents();
  return { perChar: advance / chars / face.upem, ascent: ascender / face.upem, descent: -descender / face.upem, lineGap: lineGap / face.upem };
}

const pct = (n) => `${(n * 100).toFixed(2)}%`;

export async function buildFonts() {
  const source = readFileSync(new URL(SOURCE, root));
  const text = pageText();
  const kept = subsetCodepoints(text);
  const chars = String.fromCodePoint(...kept);
  const options = { variationAxes: { wght: WEIGHTS } };
  const woff2 = await subsetFont(source, chars, { ...options, targetFormat: "woff2" });
  const sfnt = await subsetFont(source, chars, { ...options, targetFormat: "sfnt" });
  // Per locale, the local faces its pages paint in until Vazirmatn arrives (their @font-face rules): inline in the head
  // of that locale's pages (src/lib/page-fonts.ts), not in the shared stylesheet that every page waits for.
  const sourceRange = unicodeRange(SOURCE_RANGES.flatMap(([a, b]) => span(a, b)));
  const fallbackCss = Object.fromEntries(
    Object.keys(SCRIPT_LOCALES).map((locale) => {
      const words = arabicWords(localeText(locale));
      const rules = FALLBACKS.map((fallback) => {
        const v = fontMetrics(sfnt, words, fallback.vazirmatnWeight);
        const size = v.perChar / fallback.perChar[locale];
        const src = fallback.names.map((name) => `local('${name}')`).join(",");
        return `@font-face{font-family:'${fallback.family} ${locale}';font-weight:${fallback.weight};src:${src};size-adjust:${pct(size)};ascent-override:${pct(v.ascent / size)};descent-override:${pct(v.descent / size)};line-gap-override:${pct(v.lineGap / size)};unicode-range:${sourceRange}}`;
      });
      return [locale, rules.join("")];
    }),
  );
  const faces = {
    note: "Generated by scripts/fonts.mjs at build time (issue 32); do not edit.",
    codepoints: kept.length,
    weights: `${WEIGHTS.min} ${WEIGHTS.max}`,
    // Vazirmatn cut to the characters our pages write.
    cutRange: unicodeRange(kept),
    // Every other Arabic-script character: the whole file, fetched only by a page that shows one (a name, a news text).
    // Same weight range as the cut face: Chromium joins faces into one by their descriptors before it looks at
    // unicode-range, so a face with another weight range would never be asked for the characters the cut one lacks.
    restRange: unicodeRange(restCodepoints(kept)),
    fallbackCss,
  };
  writeFileSync(new URL("src/styles/vazirmatn-ui.generated.woff2", root), woff2);
  writeFileSync(new URL("src/styles/fonts.generated.json", root), JSON.stringify(faces, null, 2));
  return { codepoints: kept.length, bytes: woff2.length, sourceBytes: source.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { codepoints, bytes, sourceBytes } = await buildFonts();
  console.log(`fonts: Vazirmatn subset ${codepoints} code points, ${bytes} B woff2 (whole Arabic file ${sourceBytes} B)`);
}
