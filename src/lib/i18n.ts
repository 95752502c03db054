/**
 * Strings for islands without an i18n engine in the browser (issue 9). The page resolves at build time the messages
 * its islands need (src/lib/messages.ts `messagesFor(locale, prefixes)`, Arabic underneath as the fallback of spec §9)
 * and passes them as the island's `messages` prop; withI18n registers them here, and components read them with
 * `useT()`. Non-React code calls `translate()`. Placeholders are {{name}}; plurals are `key_one`, `key_few`, … chosen
 * by Intl.PluralRules with the `count` variable (Arabic has six forms).
 */
import { DEFAULT_LOCALE, LOCALE_INFO, isLocale, type Locale } from "../shared/locales";
import { formatCount } from "../shared/format";

export type Messages = Record<string, string>;
export type Vars = Record<string, string | number | undefined>;
export type TFn = (key: string, vars?: Vars) => string;

const registry: Partial<Record<Locale, Messages>> = {};
const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralOf(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(LOCALE_INFO[locale].htmlLang === "ckb" ? "ckb" : LOCALE_INFO[locale].htmlLang);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** One message of a dictionary: plural form by `count`, then {{placeholders}}; an unknown key is returned as it is. */
export function format(messages: Messages, locale: Locale, key: string, vars: Vars = {}): string {
  let template: string | undefined;
  if (typeof vars.count === "number") template = messages[`${key}_${pluralOf(locale, vars.count)}`] ?? messages[`${key}_other`];
  template ??= messages[key] ?? key;
  // A placeholder without a value stays as it is: .astro pages hand such templates on to small scripts that fill
  // them later (e.g. the banner carousel's "Show slide {{n}}").
  // Numbers in the page's digits (issue 26: "7 rows shown" in a Kurdish sentence).
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    const value = vars[name];
    return value === undefined ? match : typeof value === "number" ? formatCount(value, locale) : value;
  });
}

/** The page's language (<html data-locale>), else the last registered one (component tests), else English. */
export function pageLocale(): Locale {
  const lang = typeof document === "undefined" ? undefined : document.documentElement.dataset.locale;
  if (isLocale(lang)) return lang;
  return lastLocale;
}
let lastLocale: Locale = DEFAULT_LOCALE;

/** Adds an island's messages to the page's dictionary (withI18n calls it before the island renders). */
export function addMessages(locale: Locale, messages: Messages | undefined): void {
  if (!messages) return;
  registry[locale] = Object.assign(registry[locale] ?? {}, messages);
  lastLocale = locale;
}

/** A message of the page's language from what the page's islands registered. */
export const translate: TFn = (key, vars) => {
  const locale = pageLocale();
  return format(registry[locale] ?? {}, locale, key, vars);
};

/** For components: the translate function (the page's language never changes while it is open). */
export const useT = (): TFn => translate;
