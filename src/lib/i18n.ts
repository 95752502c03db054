/**
 * i18next, one instance per locale, shared by .astro pages (at build time) and React islands (in the browser).
 * Messages are loaded on demand: each locale file is its own chunk, and a page only ever loads its own.
 * Call `await loadI18n(locale)` once (pages: in their frontmatter; islands: src/lib/i18n-client.ts does it
 * before hydration), then `i18nFor(locale)` is synchronous everywhere.
 */
import { createInstance, type i18n, type TFunction } from "i18next";
import { FALLBACK_LOCALE, type Locale } from "../shared/locales";

export type Messages = Record<string, string>;

const loaders = import.meta.glob<Messages>("../../locales/*.json", { import: "default" });
const instances = new Map<Locale, i18n>();

async function loadMessages(locale: Locale): Promise<Messages> {
  const load = loaders[`../../locales/${locale}.json`];
  if (!load) throw new Error(`No messages for locale "${locale}"`);
  return load();
}

export async function loadI18n(locale: Locale): Promise<i18n> {
  const ready = instances.get(locale);
  if (ready) return ready;
  const instance = createInstance();
  instance.init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    resources: { [locale]: { translation: await loadMessages(locale) } },
    initAsync: false,
    // Flat dotted keys (DESIGN §10): "pages.visa.title" is one key, not a path.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instances.set(locale, instance);
  return instance;
}

export function i18nFor(locale: Locale): i18n {
  const instance = instances.get(locale);
  if (!instance) throw new Error(`Messages for "${locale}" are not loaded yet: await loadI18n("${locale}") first`);
  return instance;
}

export async function getT(locale: Locale): Promise<TFunction> {
  return (await loadI18n(locale)).t;
}
