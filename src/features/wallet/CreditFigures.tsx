/**
 * The credit line beside a balance (issue 30): what the agency can spend (balance + credit) and what it owes, and
 * whether the credit is frozen or the debt past its terms. Shown wherever the agency sees its balance; props only,
 * so the edge draws it with the statement.
 */
import type { CreditState } from "../../contract/credit";
import { Money } from "../../components/ui/Money";
import { useT } from "../../lib/i18n";

export function CreditFigures({ credit, currency }: { credit: CreditState; currency: string }) {
  const t = useT();
  if (credit.limit === 0 && credit.debt === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="credit-figures">
      <dt className="muted">{t("credit.available")}</dt>
      <dd className="text-end font-semibold" data-testid="credit-available" data-minor={credit.available}><Money minor={credit.available} currency={currency} /></dd>
      {credit.debt > 0 && (
        <>
          <dt className="muted">{t("credit.debt")}</dt>
          <dd className="text-end font-semibold text-error-600" data-testid="credit-debt" data-minor={credit.debt}><Money minor={credit.debt} currency={currency} /></dd>
        </>
      )}
      <dt className="muted">{t("credit.limit")}</dt>
      <dd className="text-end"><Money minor={credit.limit} currency={currency} /></dd>
      {credit.frozen && <dd className="col-span-2 font-medium text-warning-600" data-testid="credit-frozen">{t("credit.frozenNote")}</dd>}
      {credit.overdue && <dd className="col-span-2 font-medium text-error-600" data-testid="credit-overdue">{t("credit.overdueNote", { days: credit.termsDays ?? 0 })}</dd>}
    </dl>
  );
}
