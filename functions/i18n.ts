/** Server-side messages from the same locale files as the pages (DESIGN §10): error pages and API errors. */
import type { Locale } from "../src/shared/locales";
import { formatCount, formatMoneyMarkers } from "../src/shared/format";
import en from "../locales/en.json";
import ar from "../locales/ar.json";
import ku from "../locales/ku.json";

const MESSAGES: Record<Locale, Record<string, string>> = { en, ar, ku };

/** A key missing in the locale falls back to Arabic (spec §9); text that is not a key is returned as it is. */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const template = MESSAGES[locale][key] ?? MESSAGES.ar[key] ?? key;
  // Numbers in the reader's digits, as the pages write them (issue 26); money comes as markers (src/shared/format.ts).
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars[name];
    return typeof value === "number" ? formatCount(value, locale) : String(value ?? "");
  });
  return formatMoneyMarkers(text, locale);
}

export const localizedT = (locale: Locale) => (key: string, vars: Record<string, string | number> = {}) => translate(locale, key, vars);
