/**
 * The agency's balance on the home page (agents/balance). Staff members never see money (DESIGN §3) and admins have
 * none: for them the same place offers the visa search. The card keeps one height in every state.
 */
import { ArrowRight, Globe, TriangleAlert, Wallet } from "../../components/ui/icons";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { BALANCE_EVENT, storedBalance } from "../../lib/session";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { formatPrice } from "./format";
import { $balance } from "./home.store";
import { BONE, ErrorPanel, PULSE } from "./ui";
import { useHydratedStore } from "./use-store";

function BalanceCard({ locale }: { locale: Locale }) {
  const t = useT();
  const state = useHydratedStore($balance);
  // Money moved while the page is open (a live balance message, a filing): the header and this card follow it.
  const [live, setLive] = useState<number | null>(null);
  useEffect(() => {
    const onBalance = () => setLive(storedBalance()?.balance ?? null);
    window.addEventListener(BALANCE_EVENT, onBalance);
    return () => window.removeEventListener(BALANCE_EVENT, onBalance);
  }, []);
  const box = "card flex h-40 flex-col justify-between p-5";
  if (state.status === "loading") {
    return (
      <div className={`${box} ${PULSE}`} aria-busy="true" data-testid="balance-skeleton">
        <div className={`${BONE} h-4 w-24`} />
        <div className={`${BONE} h-9 w-40`} />
        <div className={`${BONE} h-4 w-32`} />
      </div>
    );
  }
  if (state.status !== "ready") return <ErrorPanel className="h-40" onRetry={() => void $balance.reload()} />;
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
  const balance = live ?? state.data.balance;
  return (
    <section className={box} aria-labelledby="balance-title" data-testid="balance-card">
      <h2 id="balance-title" className="muted flex items-center gap-2 text-sm font-medium">
        <Wallet size={24} aria-hidden="true" className="text-primary-600" />
        {t("catalogue.balance.title")}
      </h2>
      <p className="text-3xl font-bold tabular-nums">
        <bdi data-testid="balance-amount">{formatPrice(balance, state.data.currency, locale)}</bdi>
      </p>
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

export default withI18n(BalanceCard);
