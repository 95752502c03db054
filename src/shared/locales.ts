/** The three languages of the product (spec §9) and how each is written (DESIGN §10). */
export const LOCALES = ["en", "ar", "ku"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";
/** Spec §9: a key missing in the page's language is looked up in Arabic. */
export const FALLBACK_LOCALE: Locale = "ar";

interface LocaleInfo {
  /** BCP 47 tag for <html lang> and Intl: ku is Central Kurdish (Sorani, Arabic script), which is ckb. */
  htmlLang: string;
  dir: "ltr" | "rtl";
  /** The language's own name, shown in the language switcher. */
  nativeName: string;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { htmlLang: "en", dir: "ltr", nativeName: "English" },
  ar: { htmlLang: "ar", dir: "rtl", nativeName: "العربية" },
  ku: { htmlLang: "ckb", dir: "rtl", nativeName: "کوردی" },
};

/** Written right to left (ar, ku); false for anything that is not one of our languages. */
export function isRtl(locale: string): boolean {
  return isLocale(locale) && LOCALE_INFO[locale].dir === "rtl";
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Locale cookie of spec §9: 365 days, path /, SameSite=Lax. */
export const LOCALE_COOKIE = "i18n_locale";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Picks a locale from an Accept-Language header ("ckb" and "ku" both mean our ku). */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (primary === "ckb" || primary === "ku") return "ku";
    if (isLocale(primary)) return primary;
  }
  return null;
}
