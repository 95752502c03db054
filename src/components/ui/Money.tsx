/**
 * An amount of money in the page's language (formatMoney's one rule), isolated as a unit inside the text around it.
 * <bdi> without a fixed direction: the amount takes its own (right to left in ar/ku), so it reads exactly as the
 * agent pages' <bdi>{formatPrice(…)}</bdi> do.
 */
import { pageLocale } from "../../lib/i18n";
import { formatMoney } from "./format";

export function Money({ minor, currency, className }: { minor: number; currency: string; className?: string }) {
  return <bdi className={`tabular-nums ${className ?? ""}`}>{formatMoney(minor, currency, pageLocale())}</bdi>;
}
