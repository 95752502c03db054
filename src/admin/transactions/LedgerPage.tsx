/**
 * /admin/transactions: the whole ledger (transactions/findAllByAdmin), newest first. Filters by type, direction,
 * dates and agency; search looks in notes, request references and agency names. There is no agencies list call
 * yet (agents/listAllAgents is not built), so the agency filter takes an agency id, and a click on an agency's name
 * fills it in; with one agency chosen, its balance is shown. Top-ups and withdrawals through the balance dialog.
 */
import { useStore } from "@nanostores/react";
import { ArrowLeftRight, Wallet } from "lucide-react";
import { Suspense, useMemo } from "react";
import { withI18n } from "../../components/with-i18n";
import { Button, IconButton, Money } from "../../components/ui";
import type { Transaction } from "../../contract/transactions";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast.store";
import { ExportButton } from "../kit/ExportButton";
import { exportParams } from "../kit/export";
import { DateRangeFilter } from "../kit/ListFilters";
import { agencyOptions } from "../agents/agency-options";
import type { Column } from "../kit/resource";
import { ResourceTable } from "../kit/ResourceTable";
import { useAddressFilters } from "../address-filters";
import { amountColumn, balanceAfterColumn, byColumn, dateColumn, noteColumn, requestColumn, typeColumn } from "../../features/wallet/columns";
import { DIRECTION_LABEL, DIRECTION_LIST, TRANSACTION_TYPE_LIST, TYPE_LABEL } from "../../features/wallet/ledger";
import { createStatementStore } from "../../features/wallet/statement.store";
import { createBalanceDialog } from "./balance-dialog.store";
import { balanceDialog } from "./balance-dialog-part";
import { useOpenedPart } from "../../lib/lazy-part";

const BalanceDialog = balanceDialog.Part;

const adminRequestPath = (locale: string, id: string) => `/${locale}/admin/requests/${encodeURIComponent(id)}/`;
const filters = [
  { name: "agentId", label: "transactions.columns.agency", options: agencyOptions },
  { name: "type", label: "transactions.columns.type", options: { fixed: TRANSACTION_TYPE_LIST.map((value) => ({ value, label: TYPE_LABEL[value] })) } },
  { name: "direction", label: "transactions.columns.direction", options: { fixed: DIRECTION_LIST.map((value) => ({ value, label: DIRECTION_LABEL[value] })) } },
];

function LedgerPage() {
  const t = useT();
  const store = useMemo(() => createStatementStore({ list: "transactions/findAllByAdmin" }), []);
  // The dashboard's revenue links here with ?from=…&to=…; an agency's page with ?agentId=….
  useAddressFilters(store, ["type", "direction", "from", "to", "agentId"]);
  const summary = useStore(store.$summary);
  const query = useStore(store.$query);
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

  const agencyColumn: Column<Transaction> = {
    key: "agency",
    label: "transactions.columns.agency",
    render: (row) => (
      <button
        type="button"
        className="text-start underline-offset-2 hover:underline"
        onClick={() => void store.setFilter("agentId", row.agency._id)}
        aria-label={t("ledger.filterByAgency", { name: row.agency.name })}
        title={t("ledger.filterByAgency", { name: row.agency.name })}
      >
        {row.agency.name}
      </button>
    ),
  };
  const columns = [dateColumn, agencyColumn, typeColumn, requestColumn(adminRequestPath), noteColumn, byColumn, amountColumn, balanceAfterColumn];
  const chosen = query.filters.agentId;
  const dialogOpen = useStore(dialog.$state).open;
  const dialogWanted = useOpenedPart(balanceDialog, dialogOpen);
  const list = useStore(store.$list);
  const chosenAgency = chosen ? (list.data.find((row) => row.agency._id === chosen)?.agency ?? null) : null;

  return (
    <div className="flex flex-col gap-4">
      {chosen && summary?.balance !== undefined && (
        <p className="card inline-flex w-fit items-center gap-2 px-4 py-3" data-testid="ledger-agency-balance">
          <Wallet size={20} aria-hidden="true" className="text-primary-600" />
          {t("ledger.agencyBalance")} <strong><Money minor={summary.balance} currency={currency} /></strong>
        </p>
      )}
      {summary?.totals && (
        // The sums of every row the filters select: orders less refunds is the dashboard's revenue for these dates.
        <dl className="card flex flex-wrap gap-x-6 gap-y-2 px-4 py-3 text-sm" data-testid="ledger-totals">
          <div className="flex gap-2">
            <dt className="font-semibold">{t("dashboard.revenueNet")}</dt>
            <dd className="font-semibold tabular-nums" data-testid="ledger-revenue"><Money minor={summary.totals.Order - summary.totals.Refund} currency={currency} /></dd>
          </div>
          {TRANSACTION_TYPE_LIST.map((type) => (
            <div key={type} className="flex gap-2">
              <dt className="muted">{t(TYPE_LABEL[type])}</dt>
              <dd className="tabular-nums"><Money minor={summary.totals![type]} currency={currency} /></dd>
            </div>
          ))}
        </dl>
      )}
      <ResourceTable
        store={store}
        columns={columns}
        caption={t("pages.admin-transactions.title")}
        searchLabel="ledger.search"
        emptyLabel="ledger.empty"
        filters={filters}
        moreFilters={
          <>
            <DateRangeFilter store={store} />
          </>
        }
        rowActions={(row) => (
          <IconButton size="sm" icon={ArrowLeftRight} label={t("ledger.adjust", { name: row.agency.name })} onClick={() => dialog.open(row.agency)} data-testid="row-adjust" />
        )}
        toolbar={
          <>
            <ExportButton endpoint={(format) => `transactions/exportAllByAdmin/${format}`} params={() => exportParams(store.$query.get())} fileName="ledger" />
            <Button variant="primary" icon={ArrowLeftRight} onClick={() => dialog.open(chosenAgency)} data-testid="balance-open">
              {t("ledger.topUpOrWithdraw")}
            </Button>
          </>
        }
        testId="ledger-table"
      />
      {dialogWanted && (
        <Suspense fallback={null}>
          <BalanceDialog dialog={dialog} currency={currency} />
        </Suspense>
      )}
    </div>
  );
}

export default withI18n(LedgerPage);
