/**
 * Build time only (page frontmatter, never shipped to the browser): the messages a page's islands need, resolved
 * from locales/*.json. Keys are chosen by their first segment ("requests" picks "requests.*"); Arabic sits underneath
 * every language, so a key missing in the page's language falls back to Arabic (spec §9).
 */
import en from "../../locales/en.json";
import ar from "../../locales/ar.json";
import ku from "../../locales/ku.json";
import { FALLBACK_LOCALE, type Locale } from "../shared/locales";
import { format, type Messages, type TFn } from "./i18n";

const ALL: Record<Locale, Messages> = { en, ar, ku };

const pick = (messages: Messages, prefixes: readonly string[]) =>
  Object.fromEntries(Object.entries(messages).filter(([key]) => prefixes.includes(key.slice(0, key.indexOf(".")))));

/** The messages under `prefixes` in `locale`, with Arabic for any key the locale lacks. */
export function messagesFor(locale: Locale, prefixes: readonly string[]): Messages {
  return { ...pick(ALL[FALLBACK_LOCALE], prefixes), ...pick(ALL[locale], prefixes) };
}

/** A translate function for .astro pages (all keys, Arabic fallback). */
export function tFor(locale: Locale): TFn {
  const messages = { ...ALL[FALLBACK_LOCALE], ...ALL[locale] };
  return (key, vars) => format(messages, locale, key, vars);
}
