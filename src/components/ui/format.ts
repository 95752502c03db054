/**
 * Numbers, money and dates through Intl in the page's language (DESIGN §10). Our "ku" is Central Kurdish in Arabic
 * script, which Intl knows as "ckb" (its own digits and separators); "ar" and "en" are themselves.
 */
import { LOCALE_INFO, isLocale } from "../../shared/locales";

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

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocales(locale), options).format(value);
}

/** How many minor units make one major unit of `currency` (USD 100, IQD 1 in Intl's data, JPY 1). */
export function minorUnitsPerMajor(currency: string): number {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return 10 ** digits;
}

/** An integer amount in minor units (DESIGN §5) as money in the page's language, e.g. 12500 USD → "$125.00". */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = Math.log10(minorUnitsPerMajor(currency));
  return new Intl.NumberFormat(intlLocales(locale), { style: "currency", currency, minimumFractionDigits: digits }).format(minor / 10 ** digits);
}

export function formatDate(value: string | number | Date, locale: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : new Intl.DateTimeFormat(intlLocales(locale), options).format(date);
}

/**
 * Wraps text that must read left to right (an amount with its currency) in a left-to-right isolate, for use inside
 * a sentence: in a right-to-left line "125.50 US$" would otherwise come out as "$US 125.50".
 */
export function ltrIsolate(text: string): string {
  return `\u2066${text}\u2069`;
}
