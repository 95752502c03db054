/** Plain labels of translation orders, shared by the islands (ui.tsx) and the print view the edge draws. */
import type { LocalizedText } from "../../contract/common";
import type { OrderLanguage } from "../../contract/translation";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";

export const text = (value: LocalizedText, locale: Locale) => value[locale] || value.en;

/** "From Arabic to English" in the page's language. */
export function Languages({ from, to, locale }: { from: OrderLanguage; to: OrderLanguage; locale: Locale }) {
  const t = useT();
  return <span>{t("translation.fromTo", { from: text(from.name, locale), to: text(to.name, locale) })}</span>;
}
