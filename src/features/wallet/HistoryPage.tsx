/**
 * /transactions-old: the plain, dense history: every movement with its direction, who made it, the request and the
 * note, 50 rows a page, search and filters, export. No chart, no cards of summary: a table to read and export.
 */
import { useMemo } from "react";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { ExportButton } from "../../admin/kit/ExportButton";
import { exportParams } from "../../admin/kit/export";
import { DateRangeFilter } from "../../admin/kit/ListFilters";
import type { Column } from "../../admin/kit/resource";
import { ResourceTable } from "../../admin/kit/ResourceTable";
import type { Transaction } from "../../contract/transactions";
import { amountColumn, balanceAfterColumn, byColumn, dateColumn, noteColumn, requestColumn, typeColumn } from "./columns";
import { DIRECTION_LABEL, DIRECTION_LIST, TRANSACTION_TYPE_LIST, TYPE_LABEL } from "./ledger";
import { MoneyGate } from "./MoneyGate";
import { createStatementStore } from "./statement.store";

const agentRequestPath = (locale: string, id: string) => `/${locale}/requests/${encodeURIComponent(id)}/`;

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

function History() {
  const t = useT();
  const store = useMemo(() => createStatementStore({ limit: 50 }), []);
  return (
    <ResourceTable
      store={store}
      columns={columns}
      caption={t("pages.transactions-old.title")}
      searchLabel="wallet.search"
      emptyLabel="wallet.empty"
      filters={filters}
      moreFilters={<DateRangeFilter store={store} />}
      toolbar={<ExportButton endpoint={(format) => `transactions/exportAllByAgent/${format}`} params={() => exportParams(store.$query.get())} fileName="transactions" />}
      testId="history-table"
    />
  );
}

function HistoryPage() {
  return (
    <MoneyGate>
      <History />
    </MoneyGate>
  );
}

export default withI18n(HistoryPage);
