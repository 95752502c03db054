/**
 * Catalogue text through Intl with the page's locale (DESIGN §10; ku is Central Kurdish, Intl "ckb"). Money and
 * plain numbers come from the shared building blocks (src/components/ui/format.ts); this adds localized record
 * text and day counts with each language's plural rules.
 */
import type { TFunction } from "i18next";
import type { LocalizedText } from "../../contract/common";
import type { Locale } from "../../lib/locales";
import { formatMoney, formatNumber, intlLocale } from "../../components/ui/format";

export { formatNumber, intlLocale };

/** A price or balance: integer minor units of `currency` (DESIGN §5) as money in the page's language. */
export const formatPrice = (minor: number, currency: string, locale: Locale): string => formatMoney(minor, currency, locale);

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

const pluralRules = new Map<string, Intl.PluralRules>();
/** "5 days" with the page language's plural rules (Arabic has six forms) and its digits. */
export function formatDays(days: number, locale: Locale, t: TFunction): string {
  const tag = intlLocale(locale);
  let rules = pluralRules.get(tag);
  if (!rules) {
    rules = new Intl.PluralRules(tag);
    pluralRules.set(tag, rules);
  }
  // "n", not "count": i18next would otherwise look for its own plural suffixes first.
  return t(DAY_KEYS[rules.select(days)], { n: formatNumber(days, locale) });
}
