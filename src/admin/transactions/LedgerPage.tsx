/**
 * /admin/transactions: the whole ledger (transactions/findAllByAdmin), newest first. Filters by type, direction,
 * dates and agency; search looks in notes, request references and agency names. There is no agencies list call
 * yet (agents/listAllAgents is not built), so the agency filter takes an agency id, and a click on an agency's name
 * fills it in; with one agency chosen, its balance is shown. Top-ups and withdrawals through the balance dialog.
 * The edge draws the page (LedgerView, functions/edge/views/wallet.tsx); this island takes it over when the admin
 * reaches for a control.
 */
import { useStore } from "@nanostores/react";
import { Suspense, useEffect, useMemo } from "react";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast.store";
import { ExportButton } from "../kit/ExportButton";
import { exportParams } from "../kit/export";
import { usePageLocale } from "../kit/hooks";
import { DateRangeFilter } from "../kit/ListFilters";
import { followAddress } from "../kit/list-address";
import { tableHandlers, useTableState } from "../kit/ResourceTable";
import { ADMIN_LEDGER, adminLedgerQueryFromSearch, ledgerQuery } from "../../features/wallet/ledger";
import { createStatementStore } from "../../features/wallet/statement.store";
import { createBalanceDialog } from "./balance-dialog.store";
import { balanceDialog } from "./balance-dialog-part";
import { useOpenedPart } from "../../lib/lazy-part";
import { LedgerView } from "./LedgerView";

const BalanceDialog = balanceDialog.Part;

function LedgerPage() {
  const t = useT();
  // The address says which rows are shown (the edge drew the same: the dashboard's revenue links here with
  // ?from=…&to=…, an agency's page with ?agentId=…); the store writes its changes back to it.
  const store = useMemo(() => createStatementStore({ list: ADMIN_LEDGER, query: adminLedgerQueryFromSearch(location.search) }), []);
  useEffect(() => followAddress(store, ledgerQuery()), [store]);
  const summary = useStore(store.$summary);
  const table = useTableState(store);
  const currency = summary?.currency ?? "USD";
  const dialog = useMemo(
    () =>
      createBalanceDialog({
        currency: () => store.$summary.get()?.currency ?? "USD",
        onDone: (answer, input) => {
          toast.success(t(input.operation === "ADD" ? "ledger.dialog.doneAdd" : "ledger.dialog.doneSubtract"));
          void store.load();
          void answer;
        },
      }),
    [store, t],
  );
  const chosen = table.query.filters.agentId;
  const dialogOpen = useStore(dialog.$state).open;
  const dialogWanted = useOpenedPart(balanceDialog, dialogOpen);
  const chosenAgency = chosen ? (table.list.data.find((row) => row.agency._id === chosen)?.agency ?? null) : null;

  return (
    <>
      <LedgerView
        locale={usePageLocale()}
        table={table}
        summary={summary}
        on={tableHandlers(store)}
        onAgency={(id) => void store.setFilter("agentId", id)}
        onAdjust={(agency) => dialog.open(agency)}
        onBalance={() => dialog.open(chosenAgency)}
        dates={<DateRangeFilter store={store} />}
        exports={<ExportButton endpoint={(format) => `transactions/exportAllByAdmin/${format}`} params={() => exportParams(store.$query.get())} fileName="ledger" />}
      />
      {dialogWanted && (
        <Suspense fallback={null}>
          <BalanceDialog dialog={dialog} currency={currency} />
        </Suspense>
      )}
    </>
  );
}

export default withI18n(LedgerPage);
