/** Server-side messages from the same locale files as the pages (DESIGN §10): error pages and API errors. */
import type { Locale } from "../src/shared/locales";
import en from "../locales/en.json";
import ar from "../locales/ar.json";
import ku from "../locales/ku.json";

const MESSAGES: Record<Locale, Record<string, string>> = { en, ar, ku };

/** A key missing in the locale falls back to Arabic (spec §9); text that is not a key is returned as it is. */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const template = MESSAGES[locale][key] ?? MESSAGES.ar[key] ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}

export const localizedT = (locale: Locale) => (key: string, vars: Record<string, string | number> = {}) => translate(locale, key, vars);
