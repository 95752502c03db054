/**
 * A charge that takes the balance below zero, within the credit line (issue 30): said in words, with what will be owed
 * afterwards, on the visa filing, group filing and translation order forms alike. Nothing when the balance stays at or
 * above zero or the charge would be refused (the form says what is short instead).
 */
import { Alert } from "../../components/ui/Feedback";
import { formatMoney, isolateAmount } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";

export function OnCreditNote({ owedAfter, short, currency, locale }: { owedAfter: number; short: number; currency: string; locale: Locale }) {
  const t = useT();
  if (owedAfter <= 0 || short > 0) return null;
  return <Alert tone="info" testId="on-credit">{t("credit.owedAfter", { debt: isolateAmount(formatMoney(owedAfter, currency, locale)) })}</Alert>;
}
