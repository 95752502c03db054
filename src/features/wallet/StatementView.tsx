/**
 * /transactions as it looks (StatementPage wires it to the statement store): the balance now, the chart of the
 * balance over time, the movements newest first with the running balance after each. Props only, so the edge draws
 * it from the agent's own answers (issue 9); without handlers its controls wait for the island, which comes as soon
 * as the reader reaches for them.
 */
import { Wallet } from "../../components/ui/icons";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/Button";
import { Alert, Skeleton } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { useT } from "../../lib/i18n";
import { DateRangeFields } from "../../admin/kit/DateRangeFields";
import { ExportButtons } from "../../admin/kit/ExportButtons";
import { ResourceTableView, type TableHandlers, type TableState } from "../../admin/kit/ResourceTableView";
import type { Transaction } from "../../contract/transactions";
import type { CreditState } from "../../contract/credit";
import { CreditFigures } from "./CreditFigures";
import { isRtl, type Locale } from "../../shared/locales";
import type { BalanceChartProps } from "./BalanceChart";
import { amountColumn, balanceAfterColumn, dateColumn, noteColumn, requestColumn, typeColumn } from "./columns";
import { STATEMENT_ROWS, TRANSACTION_TYPE_LIST, TYPE_LABEL, ledgerPageHref, type SeriesState } from "./ledger";

export const agentRequestPath = (locale: string, id: string) => `/${locale}/requests/${encodeURIComponent(id)}/`;
export const typeFilter = { name: "type", label: "transactions.columns.type", options: { fixed: TRANSACTION_TYPE_LIST.map((value) => ({ value, label: TYPE_LABEL[value] })) } };
const columns = [dateColumn, typeColumn, requestColumn(agentRequestPath), noteColumn, amountColumn, balanceAfterColumn];

export interface StatementViewProps {
  locale: Locale;
  /** Dates in this zone (the edge draws in the reader's); the browser's when unset. */
  timeZone?: string;
  /** The balance and currency of the last answer. */
  summary: { balance?: number; currency: string; credit?: CreditState } | null;
  series: SeriesState;
  table: TableState<Transaction>;
  on?: TableHandlers & { retrySeries?: () => void };
  /** The chart (the island loads it lazily; the edge draws it at once). */
  chart: (props: BalanceChartProps) => ReactNode;
  /** The date range and export as wired to the store; drawn from the table's query when not given. */
  dates?: ReactNode;
  exports?: ReactNode;
}

export function StatementView({ locale, timeZone, summary, series, table, on, chart, dates, exports }: StatementViewProps) {
  const t = useT();
  const { from, to } = table.query.filters;
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
          {summary?.credit && <CreditFigures credit={summary.credit} currency={summary.currency} />}
          <p className="muted text-sm">{t("wallet.balanceHint")}</p>
        </section>
        {/* Busy while the chart loads: a view taken over by its island keeps the drawn chart until the island's. */}
        <section className="card p-5 flex flex-col gap-2" aria-labelledby="chart-title" aria-busy={series.status === "loading" || undefined}>
          <h2 id="chart-title" className="text-sm font-semibold">{t("wallet.chart.title")}</h2>
          {series.status === "error" ? (
            <Alert action={<Button size="sm" onClick={() => on?.retrySeries?.()}>{t("kit.retry")}</Button>}>{t("wallet.chart.failed")}</Alert>
          ) : series.status === "loading" ? (
            <Skeleton className="h-48 w-full" />
          ) : (
            chart({ points: series.points, currency: summary?.currency ?? "USD", locale, rtl: isRtl(locale), ...(timeZone ? { timeZone } : {}) })
          )}
        </section>
      </div>
      <ResourceTableView
        state={table}
        on={on}
        locale={locale}
        timeZone={timeZone}
        columns={columns}
        caption={t("wallet.movements")}
        emptyLabel="wallet.empty"
        emptyHint="wallet.emptyHint"
        filters={[typeFilter]}
        moreFilters={dates ?? <DateRangeFields start={from ?? ""} end={to ?? ""} />}
        toolbar={exports ?? <ExportButtons />}
        testId="statement-table"
        pageHref={ledgerPageHref(table.query, STATEMENT_ROWS)}
      />
    </div>
  );
}
