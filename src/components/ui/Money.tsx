/** An amount of money in the page's language, kept left to right as a unit inside right-to-left text. */
import { pageLocale } from "../../lib/i18n";
import { formatMoney } from "./format";

export function Money({ minor, currency, className }: { minor: number; currency: string; className?: string }) {
  return (
    <bdi dir="ltr" className={`tabular-nums ${className ?? ""}`}>
      {formatMoney(minor, currency, pageLocale())}
    </bdi>
  );
}
