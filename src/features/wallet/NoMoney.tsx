/** What a money page shows to whoever has no statement of their own (staff, an admin): MoneyGate's refusal. */
import { Lock } from "../../components/ui/icons";
import { EmptyState } from "../../components/ui/Feedback";
import { useT } from "../../lib/i18n";

export function NoMoney() {
  const t = useT();
  return <EmptyState icon={Lock} title={t("wallet.noMoney")} hint={t("wallet.noMoneyHint")} testId="no-money" />;
}
