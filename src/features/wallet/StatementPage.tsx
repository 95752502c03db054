/**
 * /transactions: the agency's statement (its look is StatementView's, which the edge draws too). The balance now, a
 * chart of the balance over time (lazy: it is below the fold and only SVG), and the movements newest first with the
 * running balance after each (`balanceAfter`), filtered by type and dates, exported in csv/xlsx/pdf with the same
 * filters.
 */
import { useStore } from "../../lib/use-store";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { followRecords } from "../../lib/record-changes";
import { withI18n } from "../../components/with-i18n";
import { Skeleton } from "../../components/ui";
import { storeBalance } from "../../lib/session";
import { ExportButton } from "../../admin/kit/ExportButton";
import { exportParams } from "../../admin/kit/export";
import { usePageLocale } from "../../admin/kit/hooks";
import { DateRangeFilter } from "../../admin/kit/ListFilters";
import { tableHandlers, useTableState } from "../../admin/kit/ResourceTable";
import type { BalanceChartProps } from "./BalanceChart";
import { MoneyGate } from "./MoneyGate";
import { followAddress } from "../../admin/kit/list-address";
import { STATEMENT_ROWS, ledgerQuery, statementQueryFromSearch } from "./ledger";
import { createStatementStore, type StatementStore } from "./statement.store";
import { StatementView } from "./StatementView";

const BalanceChart = lazy(() => import("./BalanceChart"));

/** The chart once its code is there; busy until then, so a takeover keeps the chart the edge drew. */
const lazyChart = (props: BalanceChartProps) => (
  <Suspense fallback={<span aria-busy="true" className="block"><Skeleton className="h-48 w-full" /></span>}>
    <BalanceChart {...props} />
  </Suspense>
);

export function Statement({ store }: { store: StatementStore }) {
  const locale = usePageLocale();
  const summary = useStore(store.$summary);
  const series = useStore(store.$series);
  const table = useTableState(store);
  const { from, to } = table.query.filters;

  useEffect(() => {
    void store.loadSeries();
  }, [store, from, to]);
  // The header's balance follows what the statement just read.
  useEffect(() => {
    if (summary?.balance !== undefined) storeBalance({ balance: summary.balance, currency: summary.currency });
  }, [summary]);

  return (
    <StatementView
      locale={locale}
      summary={summary}
      series={series}
      table={table}
      on={{ ...tableHandlers(store), retrySeries: () => void store.loadSeries() }}
      chart={lazyChart}
      dates={<DateRangeFilter store={store} />}
      exports={<ExportButton endpoint={(format) => `transactions/exportAllByAgent/${format}`} params={() => exportParams(store.$query.get())} fileName="statement" />}
    />
  );
}

function StatementPage() {
  // The address says which rows are shown (the edge drew the same); the store writes its changes back to it.
  const store = useMemo(() => createStatementStore({ query: statementQueryFromSearch(location.search) }), []);
  useEffect(() => followAddress(store, ledgerQuery(STATEMENT_ROWS)), [store]);
  // Money moved (a top-up, a withdrawal, a refund): the balance, the rows and the chart as they are now (issue 26).
  useEffect(() => followRecords(["balance"], () => Promise.all([store.load(), store.loadSeries()])), [store]);
  return (
    <MoneyGate>
      <Statement store={store} />
    </MoneyGate>
  );
}

export default withI18n(StatementPage);
