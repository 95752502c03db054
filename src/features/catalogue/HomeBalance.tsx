/**
 * The agency's balance on the home page (agents/balance). Staff members never see money (DESIGN §3) and admins have
 * none: for them the same place offers the visa search. The card keeps one height in every state.
 */
import { useEffect, useState } from "react";
import { BALANCE_EVENT, storedBalance } from "../../lib/session";
import { withI18n } from "../../components/with-i18n";
import type { BalanceResponse } from "../../contract/auth";
import type { Locale } from "../../shared/locales";
import { $balance } from "./home.store";
import { BalanceView } from "./BalanceView";
import { useHydratedStore } from "./use-store";

function BalanceCard({ locale }: { locale: Locale }) {
  const state = useHydratedStore($balance);
  // Money moved while the page is open (a live balance message, a filing): the header and this card follow it.
  const [live, setLive] = useState<Pick<BalanceResponse, "balance" | "credit"> | null>(null);
  useEffect(() => {
    // The stored balance carries its credit state, moved with it (session.ts storeBalance).
    const onBalance = () => setLive(storedBalance() ?? null);
    window.addEventListener(BALANCE_EVENT, onBalance);
    return () => window.removeEventListener(BALANCE_EVENT, onBalance);
  }, []);
  return <BalanceView state={state} locale={locale} live={live} onRetry={() => void $balance.reload()} />;
}

export default withI18n(BalanceCard);
