/** An amount of money in the page's language, kept left to right as a unit inside right-to-left text. */
import { useTranslation } from "react-i18next";
import { formatMoney } from "./format";

export function Money({ minor, currency, className }: { minor: number; currency: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <bdi dir="ltr" className={`tabular-nums ${className ?? ""}`}>
      {formatMoney(minor, currency, i18n.language)}
    </bdi>
  );
}
