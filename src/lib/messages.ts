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

/** Every key prefix of the locale files ("requests" for "requests.*"): one message file each per language. */
export const messagePrefixes = (): string[] =>
  [...new Set(Object.values(ALL).flatMap((messages) => Object.keys(messages).map((key) => key.slice(0, key.indexOf(".")))))].sort();

/** A message file's body: the messages under `prefix` in `locale`, Arabic under any key the language lacks. */
export const messageFile = (locale: Locale, prefix: string): string => JSON.stringify(messagesFor(locale, [prefix]));

/** FNV-1a of the text, base 36: names a message file by what it holds. */
function contentHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * Where a browser reads the messages under `prefix` in `locale` (src/pages/messages/…): an island the edge drew takes
 * its strings from there when it takes over, so the page itself does not carry them (issue 9: about 5 kB gzip of
 * every agent page's HTML, read only if an island is needed). Named by content, as the build's scripts are: cached for
 * good, and a page left open across a deployment still finds the files whose strings did not change.
 */
export const messagesUrl = (locale: Locale, prefix: string): string => `/messages/${locale}/${prefix}.${contentHash(messageFile(locale, prefix))}.json`;

/** A translate function for .astro pages (all keys, Arabic fallback). */
export function tFor(locale: Locale): TFn {
  const messages = { ...ALL[FALLBACK_LOCALE], ...ALL[locale] };
  return (key, vars) => format(messages, locale, key, vars);
}
