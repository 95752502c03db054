/**
 * Numbers, money and dates through Intl in the page's language (DESIGN §10). Our "ku" is Central Kurdish in Arabic
 * script, which Intl knows as "ckb" (its own digits and separators); "ar" and "en" are themselves.
 */
import { LOCALE_INFO, isLocale, isRtl } from "./locales";

/** The BCP 47 tag of one of our locales ("ku" → "ckb"); other tags pass through. */
export function intlLocale(locale: string): string {
  return isLocale(locale) ? LOCALE_INFO[locale].htmlLang : locale;
}

/**
 * The locales Intl should try, best first: where the runtime has no Central Kurdish data (Chromium ships without
 * "ckb"), Iraqi Arabic keeps Arabic-script digits and month names instead of falling back to English.
 */
export function intlLocales(locale: string): string[] {
  return locale === "ku" ? ["ckb", "ar-IQ"] : [intlLocale(locale)];
}

/**
 * THE RULE for digits and money (issue 11), one for every page (agent and admin, tables, inputs, charts):
 * - en: Latin digits, Intl's English pattern: "$2,500.00", "IQD 2,500".
 * - ar: Arabic-Indic digits in the pattern Iraqi readers know (Intl "ar-IQ", numbering "arab"): "‏٢٬٥٠٠٫٠٠ US$".
 * - ku: exactly what ar shows. Chromium ships no Central Kurdish ("ckb") number data and Node does, so asking for
 *   "ckb" would give two outputs for one amount; Sorani readers read the same Arabic-Indic digits as Iraqi Arabic.
 * Numbers never mix digit systems in one row because every number of a page goes through these functions. In
 * right-to-left pages the Latin letters of a currency ("US$") are isolated (FSI…PDI) so the bidi algorithm keeps
 * the "$" with its letters; the whole amount is then isolated by the caller (<bdi> or isolateAmount).
 */
function numberLocale(locale: string): { tags: string[]; numberingSystem?: string } {
  if (locale === "ar" || locale === "ku") return { tags: ["ar-IQ"], numberingSystem: "arab" };
  return { tags: [intlLocale(locale)] };
}

/** Formatters are made once per locale + options: building one costs far more than using it (pages of rows). */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    const { tags, numberingSystem } = numberLocale(locale);
    numberFormats.set(key, (format = new Intl.NumberFormat(tags, { ...(numberingSystem ? { numberingSystem } : {}), ...options })));
  }
  return format;
}


export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
}

/**
 * A number inside a sentence ({{count}}, {{max}}): the page's digits, grouped only from five digits so a year or a
 * code of four stays whole ("2026", not "2,026").
 */
export function formatCount(value: number, locale: string): string {
  return numberFormat(locale, { useGrouping: "min2" }).format(value);
}

/** A file size in the page's language and digits ("2 kB", "٢ كيلوبايت"): the agency's and the admin's pages alike. */
export function formatFileSize(bytes: number, locale: string): string {
  return bytes < 1024 * 1024
    ? formatNumber(Math.max(1, Math.round(bytes / 1024)), locale, { style: "unit", unit: "kilobyte" })
    : formatNumber(bytes / (1024 * 1024), locale, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 });
}

/** Money written inside a stored message as a marker, so each reader gets it in their language (formatMoneyMarkers). */
export const moneyMarker = (minor: number | string, currency: string) => `@@money:${minor}:${currency}@@`;

/** Replaces the money markers of a stored text with the amounts by THE RULE, isolated for a sentence. */
export function formatMoneyMarkers(text: string, locale: string): string {
  return text.replace(/@@money:(-?\d+):([A-Z]{3})@@/g, (_, minor: string, currency: string) => isolateAmount(formatMoney(Number(minor), currency, locale)));
}

const unitsPerMajor = new Map<string, number>();
/** How many minor units make one major unit of `currency` (USD 100, IQD 1 in Intl's data, JPY 1). */
export function minorUnitsPerMajor(currency: string): number {
  let units = unitsPerMajor.get(currency);
  if (units === undefined) {
    const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    unitsPerMajor.set(currency, (units = 10 ** digits));
  }
  return units;
}

/** An integer amount in minor units (DESIGN §5) as money by THE RULE above, e.g. 12500 USD → "$125.00". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const units = minorUnitsPerMajor(currency);
  const digits = Math.round(Math.log10(units));
  const text = numberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits }).format(minor / units);
  return isRtl(locale) ? text.replace(/[A-Za-z]+\$?|\$/g, "\u2068$&\u2069") : text;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function formatDate(value: string | number | Date, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  // Month names in the page's language where the runtime has them; digits by THE RULE (Arabic-Indic in ar and ku).
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(intlLocales(locale), { ...(isRtl(locale) ? { numberingSystem: "arab" } : {}), ...options })));
  return format.format(date);
}

/**
 * Isolates an amount (formatMoney's text) inside a sentence (FSI…PDI, the string form of <bdi>): its direction comes
 * from its own first strong character, so it looks the same in a sentence as in a table cell or a <bdi>.
 */
export function isolateAmount(text: string): string {
  return `\u2068${text}\u2069`;
}
