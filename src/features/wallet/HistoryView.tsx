/**
 * /transactions-old as it looks (HistoryPage wires it to the statement store): the plain, dense history, every
 * movement with its direction, who made it, the request and the note, 50 rows a page. Props only, so the edge draws it
 * (issue 9); without handlers its controls wait for the island.
 */
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { DateRangeFields } from "../../admin/kit/DateRangeFields";
import { ExportButtons } from "../../admin/kit/ExportButtons";
import { ResourceTableView, type TableHandlers, type TableState } from "../../admin/kit/ResourceTableView";
import type { Column } from "../../admin/kit/table";
import type { Transaction } from "../../contract/transactions";
import type { CreditState } from "../../contract/credit";
import { Money } from "../../components/ui/Money";
import { CreditFigures } from "./CreditFigures";
import type { Locale } from "../../shared/locales";
import { amountColumn, balanceAfterColumn, byColumn, dateColumn, noteColumn, requestColumn, typeColumn } from "./columns";
import { DIRECTION_LABEL, DIRECTION_LIST, TRANSACTION_TYPE_LIST, TYPE_LABEL, ledgerPageHref } from "./ledger";
import { agentRequestPath } from "./StatementView";

/** Rows a page of the history. */
export const HISTORY_ROWS = 50;

const directionColumn: Column<Transaction> = {
  key: "direction",
  label: "transactions.columns.direction",
  render: (row, { t }) => t(DIRECTION_LABEL[row.direction]),
};
const columns = [dateColumn, typeColumn, directionColumn, requestColumn(agentRequestPath), noteColumn, byColumn, amountColumn, balanceAfterColumn];
const filters = [
  { name: "type", label: "transactions.columns.type", options: { fixed: TRANSACTION_TYPE_LIST.map((value) => ({ value, label: TYPE_LABEL[value] })) } },
  { name: "direction", label: "transactions.columns.direction", options: { fixed: DIRECTION_LIST.map((value) => ({ value, label: DIRECTION_LABEL[value] })) } },
];

export interface HistoryViewProps {
  locale: Locale;
  timeZone?: string;
  table: TableState<Transaction>;
  on?: TableHandlers;
  /** The date range and export as wired to the store; drawn from the table's query when not given. */
  dates?: ReactNode;
  exports?: ReactNode;
  awaitsFirst?: boolean;
  /** The balance the list answer carries, with the credit line (issue 30): shown above the table. */
  summary?: { balance?: number; currency: string; credit?: CreditState } | null;
}

export function HistoryView({ locale, timeZone, table, on, dates, exports, awaitsFirst, summary }: HistoryViewProps) {
  const t = useT();
  const { from, to } = table.query.filters;
  return (
    <div className="flex flex-col gap-4">
    {summary?.balance !== undefined && (
      <section className="card flex flex-wrap items-start justify-between gap-x-8 gap-y-2 p-4" aria-labelledby="history-balance-title" data-testid="history-balance">
        <p className="flex items-baseline gap-2">
          <span id="history-balance-title" className="muted text-sm">{t("wallet.balance")}</span>
          <span className="text-xl font-bold" data-testid="history-balance-amount" data-minor={summary.balance}><Money minor={summary.balance} currency={summary.currency} /></span>
        </p>
        {summary.credit && <CreditFigures credit={summary.credit} currency={summary.currency} />}
      </section>
    )}
    <ResourceTableView
      state={table}
      on={on}
      locale={locale}
      timeZone={timeZone}
      awaitsFirst={awaitsFirst}
      columns={columns}
      caption={t("pages.transactions-old.title")}
      searchLabel="wallet.search"
      emptyLabel="wallet.empty"
      filters={filters}
      moreFilters={dates ?? <DateRangeFields start={from ?? ""} end={to ?? ""} />}
      toolbar={exports ?? <ExportButtons />}
      testId="history-table"
      pageHref={ledgerPageHref(table.query, HISTORY_ROWS)}
    />
    </div>
  );
}
