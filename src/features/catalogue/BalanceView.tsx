/**
 * The agency's balance card on the home page from its state (data null: staff or admin, who get the visa search).
 * The card keeps one height in every state. Drawn by the edge (functions/edge/views.tsx) and by HomeBalance.tsx.
 */
import { ArrowRight, Globe, TriangleAlert, Wallet } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import type { BalanceResponse } from "../../contract/auth";
import type { Locale } from "../../shared/locales";
import { creditShown } from "../../shared/credit";
import { formatPrice } from "./format";
import type { Loadable } from "./loadable";
import { BONE, ErrorPanel, PULSE } from "./ui";

/** The card from the balance's state (data null: staff or admin, who get the visa search); the edge draws it too. */
export function BalanceView(
  { state, locale, live = null, onRetry = () => {} }: { state: Loadable<BalanceResponse | null>; locale: Locale; live?: Pick<BalanceResponse, "balance" | "credit"> | null; onRetry?: () => void },
) {
  const t = useT();
  const box = "card flex min-h-40 flex-col justify-between gap-1 p-5";
  if (state.status === "loading") {
    return (
      <div className={`${box} ${PULSE}`} aria-busy="true" data-testid="balance-skeleton">
        <div className={`${BONE} h-4 w-24`} />
        <div className={`${BONE} h-9 w-40`} />
        <div className={`${BONE} h-4 w-32`} />
      </div>
    );
  }
  if (state.status !== "ready") return <ErrorPanel className="h-40" onRetry={onRetry} />;
  if (!state.data) {
    return (
      <section className={box} data-testid="find-visa-card">
        <p className="muted flex items-center gap-2 text-sm font-medium">
          <Globe size={24} aria-hidden="true" className="text-primary-600" />
          {t("pages.available-visa.title")}
        </p>
        <p className="text-sm">{t("pages.available-visa.subtitle")}</p>
        <a className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300" href={`/${locale}/visa/available-visa/`}>
          {t("catalogue.findVisa")}
          <ArrowRight size={18} aria-hidden="true" className="flip-rtl" />
        </a>
      </section>
    );
  }
  const balance = live?.balance ?? state.data.balance;
  const credit = live ? live.credit : state.data.credit;
  return (
    <section className={box} aria-labelledby="balance-title" data-testid="balance-card">
      <h2 id="balance-title" className="muted flex items-center gap-2 text-sm font-medium">
        <Wallet size={24} aria-hidden="true" className="text-primary-600" />
        {t("catalogue.balance.title")}
      </h2>
      <p className="text-3xl font-bold tabular-nums">
        <bdi data-testid="balance-amount">{formatPrice(balance, state.data.currency, locale)}</bdi>
      </p>
      {creditShown(credit) && (
        // The credit line (issue 30): what can be spent and what is owed, in words, beside the balance.
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="balance-credit">
          <span><span className="muted">{t("credit.available")}: </span><bdi className="font-semibold" data-testid="balance-available">{formatPrice(credit.available, state.data.currency, locale)}</bdi></span>
          {credit.debt > 0 && (
            <span className="text-error-600"><span>{t("credit.debt")}: </span><bdi className="font-semibold" data-testid="balance-debt">{formatPrice(credit.debt, state.data.currency, locale)}</bdi></span>
          )}
        </p>
      )}
      {state.data.lowBalanceThreshold != null && balance < state.data.lowBalanceThreshold && (
        <p role="status" className="flex items-center gap-1.5 text-sm font-semibold" data-testid="low-balance-warning">
          <TriangleAlert size={18} aria-hidden="true" className="shrink-0 text-warning-600" />
          {t("agents.lowBalanceWarning")}
        </p>
      )}
      <a className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300" href={`/${locale}/transactions/`}>
        {t("catalogue.balance.statement")}
        <ArrowRight size={18} aria-hidden="true" className="flip-rtl" />
      </a>
    </section>
  );
}
