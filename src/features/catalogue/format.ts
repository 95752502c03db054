/**
 * Catalogue numbers, money and text through Intl with the page's locale (DESIGN §10): the shared formatting of
 * src/components/ui/format.ts (ku is "ckb", with Iraqi Arabic as the fallback where Chromium lacks "ckb" data),
 * plus localized record text and day counts with each language's plural rules.
 */
import type { TFn } from "../../lib/i18n";
import type { LocalizedText } from "../../contract/common";
import type { Locale } from "../../shared/locales";
import { formatMoney, formatNumber as sharedFormatNumber, intlLocales } from "../../components/ui/format";

export { intlLocales };

/** A count in the page's digits (the shared rule of components/ui/format.ts, cached there). */
export const formatNumber = (value: number, locale: Locale): string => sharedFormatNumber(value, locale);

/** A price or balance: the shared formatMoney, so agent and admin pages show one amount the same way. */
export const formatPrice = (minor: number, currency: string, locale: Locale): string => formatMoney(minor, currency, locale);

/** Names sorted as the page's language sorts them. */
export const collator = (locale: Locale) => new Intl.Collator(locale === "ku" ? ["ckb", "ar"] : intlLocales(locale));

/** The text of a localized field in the page's language (one rule for the pages and the edge). */
export { localized } from "../../shared/localized-text";

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
