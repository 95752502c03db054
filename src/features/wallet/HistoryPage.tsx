/**
 * /transactions-old: the plain, dense history (its look is HistoryView's, which the edge draws too): every movement
 * with its direction, who made it, the request and the note, 50 rows a page, search and filters, export. No chart, no
 * cards of summary: a table to read and export.
 */
import { useEffect, useMemo } from "react";
import { followRecords } from "../../lib/record-changes";
import { useStore } from "../../lib/use-store";
import { withI18n } from "../../components/with-i18n";
import { ExportButton } from "../../admin/kit/ExportButton";
import { exportParams } from "../../admin/kit/export";
import { usePageLocale } from "../../admin/kit/hooks";
import { DateRangeFilter } from "../../admin/kit/ListFilters";
import { tableHandlers, useTableState } from "../../admin/kit/ResourceTable";
import { HISTORY_ROWS, HistoryView } from "./HistoryView";
import { MoneyGate } from "./MoneyGate";
import { followAddress } from "../../admin/kit/list-address";
import { historyQueryFromSearch, ledgerQuery } from "./ledger";
import { createStatementStore } from "./statement.store";

function History() {
  // The address says which rows are shown (the edge drew the same); the store writes its changes back to it.
  const store = useMemo(() => createStatementStore({ query: historyQueryFromSearch(location.search, HISTORY_ROWS) }), []);
  useEffect(() => followAddress(store, ledgerQuery(HISTORY_ROWS)), [store]);
  // Money moved: the rows as they are now (issue 26).
  useEffect(() => followRecords(["balance"], () => store.load()), [store]);
  const table = useTableState(store);
  const summary = useStore(store.$summary);
  return (
    <HistoryView
      locale={usePageLocale()}
      summary={summary}
      table={table}
      on={tableHandlers(store)}
      dates={<DateRangeFilter store={store} />}
      exports={<ExportButton endpoint={(format) => `transactions/exportAllByAgent/${format}`} params={() => exportParams(store.$query.get())} fileName="transactions" />}
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
