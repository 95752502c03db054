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
}

export function HistoryView({ locale, timeZone, table, on, dates, exports, awaitsFirst }: HistoryViewProps) {
  const t = useT();
  const { from, to } = table.query.filters;
  return (
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
  );
}
