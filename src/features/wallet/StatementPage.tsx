/**
 * /transactions: the agency's statement. The balance now, a chart of the balance over time (lazy: it is below the
 * fold and only SVG), and the movements newest first with the running balance after each (`balanceAfter`),
 * filtered by type and dates, exported in csv/xlsx/pdf with the same filters.
 */
import { useStore } from "../../lib/use-store";
import { Wallet } from "../../components/ui/icons";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { withI18n } from "../../components/with-i18n";
import { Alert, Button, Money, Skeleton } from "../../components/ui";
import { useT } from "../../lib/i18n";
import { storeBalance } from "../../lib/session";
import { ExportButton } from "../../admin/kit/ExportButton";
import { exportParams } from "../../admin/kit/export";
import { usePageLocale } from "../../admin/kit/hooks";
import { DateRangeFilter } from "../../admin/kit/ListFilters";
import { ResourceTable } from "../../admin/kit/ResourceTable";
import { LOCALE_INFO } from "../../shared/locales";
import { amountColumn, balanceAfterColumn, dateColumn, noteColumn, requestColumn, typeColumn } from "./columns";
import { MoneyGate } from "./MoneyGate";
import { TRANSACTION_TYPE_LIST, TYPE_LABEL } from "./ledger";
import { createStatementStore, type StatementStore } from "./statement.store";

const BalanceChart = lazy(() => import("./BalanceChart"));

export const agentRequestPath = (locale: string, id: string) => `/${locale}/requests/${encodeURIComponent(id)}/`;
export const typeFilter = { name: "type", label: "transactions.columns.type", options: { fixed: TRANSACTION_TYPE_LIST.map((value) => ({ value, label: TYPE_LABEL[value] })) } };
const columns = [dateColumn, typeColumn, requestColumn(agentRequestPath), noteColumn, amountColumn, balanceAfterColumn];

export function Statement({ store }: { store: StatementStore }) {
  const t = useT();
  const locale = usePageLocale();
  const summary = useStore(store.$summary);
  const series = useStore(store.$series);
  const query = useStore(store.$query);
  const { from, to } = query.filters;

  useEffect(() => {
    void store.loadSeries();
  }, [store, from, to]);
  // The header's balance follows what the statement just read.
  useEffect(() => {
    if (summary?.balance !== undefined) storeBalance({ balance: summary.balance, currency: summary.currency });
  }, [summary]);

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-5 lg:grid-cols-[minmax(16rem,1fr)_2fr]">
        <section className="card flex flex-col justify-between gap-3 p-5" aria-labelledby="balance-title" data-testid="statement-balance">
          <h2 id="balance-title" className="muted flex items-center gap-2 text-sm font-medium">
            <Wallet size={24} aria-hidden="true" className="text-primary-600" />
            {t("wallet.balance")}
          </h2>
          <p className="text-3xl font-bold" data-testid="statement-balance-amount" data-minor={summary?.balance ?? ""}>
            {summary?.balance === undefined ? <Skeleton className="h-9 w-40" /> : <Money minor={summary.balance} currency={summary.currency} />}
          </p>
          <p className="muted text-sm">{t("wallet.balanceHint")}</p>
        </section>
        <section className="card p-5 flex flex-col gap-2" aria-labelledby="chart-title">
          <h2 id="chart-title" className="text-sm font-semibold">{t("wallet.chart.title")}</h2>
          {series.status === "error" ? (
            <Alert action={<Button size="sm" onClick={() => void store.loadSeries()}>{t("kit.retry")}</Button>}>{t("wallet.chart.failed")}</Alert>
          ) : series.status === "loading" ? (
            <Skeleton className="h-48 w-full" />
          ) : (
            <Suspense fallback={<Skeleton className="h-48 w-full" />}>
              <BalanceChart points={series.points} currency={summary?.currency ?? "USD"} locale={locale} rtl={LOCALE_INFO[locale].dir === "rtl"} />
            </Suspense>
          )}
        </section>
      </div>
      <ResourceTable
        store={store}
        columns={columns}
        caption={t("wallet.movements")}
        emptyLabel="wallet.empty"
        emptyHint="wallet.emptyHint"
        filters={[typeFilter]}
        moreFilters={<DateRangeFilter store={store} />}
        toolbar={<ExportButton endpoint={(format) => `transactions/exportAllByAgent/${format}`} params={() => exportParams(store.$query.get())} fileName="statement" />}
        testId="statement-table"
      />
    </div>
  );
}

function StatementPage() {
  const store = useMemo(() => createStatementStore(), []);
  return (
    <MoneyGate>
      <Statement store={store} />
    </MoneyGate>
  );
}

export default withI18n(StatementPage);
