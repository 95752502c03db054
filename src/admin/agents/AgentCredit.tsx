/**
 * The agency's credit line on its admin page (issue 30, PATCH agents/{id}/credit): the limit (empty: its group's
 * default), the terms in days (empty: the group's), a freeze that takes effect on the next charge, and what the
 * agency can spend and owes now. Each change lands in the agency's history.
 * The edge draws it too (issue 32; worker-safe imports only): there it has no `save`, and a press on its buttons is
 * made again on the island's; what was typed into its fields is carried over.
 */
import { useState } from "react";
import type { CreditState } from "../../contract/credit";
import { Button } from "../../components/ui/Button";
import { Money } from "../../components/ui/Money";
import { NumberField, parseNumberInput } from "../../components/ui/NumberInput";
import { minorToText } from "../../components/ui/numbers";
import { useT } from "../../lib/i18n";

/** `save` sends a change of the credit line (PATCH agents/{id}/credit, the island's) and settles when it is done. */
export function AgentCredit({ credit, currency, save: send }: { credit: CreditState; currency: string; save?: (body: Record<string, unknown>) => Promise<unknown> }) {
  const t = useT();
  const [limit, setLimit] = useState(credit.ownLimit ? minorToText(credit.limit, currency) : "");
  const [terms, setTerms] = useState(credit.termsDays === null ? "" : String(credit.termsDays));
  const [busy, setBusy] = useState(false);
  const save = async (body: Record<string, unknown>) => {
    if (!send) return;
    setBusy(true);
    try {
      await send(body);
    } finally {
      setBusy(false);
    }
  };
  const saveLine = () => {
    const parsedLimit = limit.trim() ? parseNumberInput(limit, "money", currency).value : null;
    const parsedTerms = terms.trim() ? parseNumberInput(terms, "whole").value : null;
    void save({ limit: parsedLimit ?? null, termsDays: parsedTerms ?? null });
  };
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="agent-credit-title" data-testid="agent-credit">
      <h2 id="agent-credit-title" className="font-semibold">{t("credit.limit")}</h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
        <div><dt className="text-sm text-slate-600">{t("credit.inForce")}</dt><dd><Money minor={credit.limit} currency={currency} />{credit.ownLimit ? "" : ` · ${t("credit.groupDefault")}`}</dd></div>
        <div><dt className="text-sm text-slate-600">{t("credit.available")}</dt><dd data-testid="agent-credit-available"><Money minor={credit.available} currency={currency} /></dd></div>
        <div><dt className="text-sm text-slate-600">{t("credit.debtOf")}</dt><dd className={credit.debt ? "text-error-600 font-semibold" : ""}><Money minor={credit.debt} currency={currency} /></dd></div>
        <div><dt className="text-sm text-slate-600">{t("credit.state")}</dt><dd>{credit.frozen ? t("credit.frozen") : credit.overdue ? t("credit.pastTerms") : t("credit.open")}</dd></div>
      </dl>
      <div className="flex flex-wrap items-end gap-3">
        <NumberField label={t("credit.ownLimit")} hint={t("credit.ownLimitHint")} value={limit} onValue={(v) => setLimit(v)} currency={currency} testId="agent-credit-limit" />
        <NumberField label={t("credit.terms")} hint={t("credit.termsHint")} kind="whole" value={terms} onValue={(v) => setTerms(v)} testId="agent-credit-terms" />
        <Button variant="primary" onClick={saveLine} disabled={busy} data-testid="agent-credit-save">{t("credit.save")}</Button>
        <Button variant={credit.frozen ? "outline" : "danger"} onClick={() => void save({ frozen: !credit.frozen })} disabled={busy} data-testid="agent-credit-freeze">
          {credit.frozen ? t("credit.unfreeze") : t("credit.freeze")}
        </Button>
      </div>
    </section>
  );
}
