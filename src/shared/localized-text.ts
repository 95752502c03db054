import type { LocalizedText } from "../contract/common";
import type { Locale } from "./locales";

/** The text of a localized record field in the page's language, falling back to English, then to any language. */
export function localized(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return "";
  return text[locale] || text.en || text.ar || text.ku || "";
}
