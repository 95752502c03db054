/**
 * Catalogue numbers, money and text through Intl with the page's locale (DESIGN §10): the shared formatting of
 * src/components/ui/format.ts (ku is "ckb", with Iraqi Arabic as the fallback where Chromium lacks "ckb" data),
 * plus localized record text and day counts with each language's plural rules.
 */
import type { TFn } from "../../lib/i18n";
import type { LocalizedText } from "../../contract/common";
import { LOCALE_INFO, type Locale } from "../../shared/locales";
import { intlLocales, minorUnitsPerMajor } from "../../components/ui/format";

export { intlLocales };

/**
 * Formatters are made once per locale and options: building an Intl.NumberFormat costs far more than using one, and
 * a page of cards formats dozens of prices and day counts (it showed in the phone profile of /en/).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocales(locale), options)));
  return format;
}
const unitsPerMajor = new Map<string, number>();

/** A count in the page's digits (the shared formatNumber, cached). */
export const formatNumber = (value: number, locale: Locale): string => numberFormat(locale).format(value);

/**
 * A price or balance (integer minor units of `currency`, DESIGN §5) as money in the page's language: the shared
 * formatMoney (components/ui/format.ts), cached. In right-to-left pages a Latin currency sign is isolated (FSI…PDI):
 * otherwise the bidi algorithm moves the "$" of "US$" away from its letters and the price reads "$US 85.00".
 */
export function formatPrice(minor: number, currency: string, locale: Locale): string {
  let units = unitsPerMajor.get(currency);
  if (units === undefined) unitsPerMajor.set(currency, (units = minorUnitsPerMajor(currency)));
  const digits = Math.round(Math.log10(units));
  const text = numberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits }).format(minor / units);
  return LOCALE_INFO[locale].dir === "rtl" ? text.replace(/[A-Za-z]+\$?|\$/g, "\u2068$&\u2069") : text;
}

/** Names sorted as the page's language sorts them. */
export const collator = (locale: Locale) => new Intl.Collator(locale === "ku" ? ["ckb", "ar"] : intlLocales(locale));

/** The text of a localized field in the page's language, falling back to English, then to any language. */
export function localized(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return "";
  return text[locale] || text.en || text.ar || text.ku || "";
}

/** Message keys per plural category: listed literally so the locale tests see every one of them in use. */
const DAY_KEYS: Record<Intl.LDMLPluralRule, string> = {
  zero: "catalogue.days.zero",
  one: "catalogue.days.one",
  two: "catalogue.days.two",
  few: "catalogue.days.few",
  many: "catalogue.days.many",
  other: "catalogue.days.other",
};

const pluralRules = new Map<Locale, Intl.PluralRules>();
/** "5 days" with the page language's plural rules (Arabic has six forms) and its digits. */
export function formatDays(days: number, locale: Locale, t: TFn): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(intlLocales(locale))));
  // "n", not "count": the plural form is chosen here (DAY_KEYS), not by translate's `_one`/`_other` suffixes.
  return t(DAY_KEYS[rules.select(days)], { n: formatNumber(days, locale) });
}
