/**
 * /admin/transactions as it looks (LedgerPage wires it to the statement store and the balance dialog): the agency's
 * balance when one is chosen, the sums of what the filters select, the whole ledger's table. Props only, so the edge
 * draws it (issue 32: hydrated at load it blocked a phone's main thread for 184-309 ms); without handlers its
 * controls wait for the island, which a press brings (and makes again).
 */
import type { ReactNode } from "react";
import { ArrowLeftRight, Wallet } from "../../components/ui/icons";
import { Button, IconButton } from "../../components/ui/Button";
import { Money } from "../../components/ui/Money";
import type { Transaction, TransactionListResponse } from "../../contract/transactions";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { DateRangeFields } from "../kit/DateRangeFields";
import { ExportButtons } from "../kit/ExportButtons";
import type { Column, OptionsSource } from "../kit/resource";
import type { SelectOption } from "../../components/ui/Field";
import { ResourceTableView, type TableHandlers, type TableState } from "../kit/ResourceTableView";
import { agencyOptions } from "../agents/agency-options";
import { amountColumn, balanceAfterColumn, byColumn, dateColumn, noteColumn, requestColumn, typeColumn } from "../../features/wallet/columns";
import { DIRECTION_LABEL, DIRECTION_LIST, STATEMENT_ROWS, TRANSACTION_TYPE_LIST, TYPE_LABEL, ledgerPageHref } from "../../features/wallet/ledger";

export type LedgerSummary = { balance?: number; currency: string; totals?: TransactionListResponse["totals"] } | null;

const adminRequestPath = (locale: string, id: string) => `/${locale}/admin/requests/${encodeURIComponent(id)}/`;
const filtersWith = (agencies: OptionsSource) => [
  { name: "agentId", label: "transactions.columns.agency", options: agencies },
  { name: "type", label: "transactions.columns.type", options: { fixed: TRANSACTION_TYPE_LIST.map((value) => ({ value, label: TYPE_LABEL[value] })) } },
  { name: "direction", label: "transactions.columns.direction", options: { fixed: DIRECTION_LIST.map((value) => ({ value, label: DIRECTION_LABEL[value] })) } },
];

export interface LedgerViewProps {
  locale: Locale;
  timeZone?: string;
  table: TableState<Transaction>;
  summary: LedgerSummary;
  on?: TableHandlers;
  /** A click on a row's agency: its movements only. */
  onAgency?: (agencyId: string) => void;
  /** A row's adjust button, and the toolbar's top-up or withdrawal (for the chosen agency, if any). */
  onAdjust?: (agency: Transaction["agency"]) => void;
  onBalance?: () => void;
  /** The date range and export as wired to the store; drawn from the table's query when not given. */
  dates?: ReactNode;
  exports?: ReactNode;
  awaitsFirst?: boolean;
  /** The agency picker's choices as the edge read them; the island loads them (one call per page). */
  agencies?: readonly SelectOption[];
}

export function LedgerView({ locale, timeZone, table, summary, on, onAgency, onAdjust, onBalance, dates, exports, awaitsFirst, agencies }: LedgerViewProps) {
  const t = useT();
  const currency = summary?.currency ?? "USD";
  const { agentId: chosen, from, to } = table.query.filters;
  const agencyColumn: Column<Transaction> = {
    key: "agency",
    label: "transactions.columns.agency",
    render: (row) => (
      <button
        type="button"
        className="text-start underline-offset-2 hover:underline"
        onClick={() => onAgency?.(row.agency._id)}
        aria-label={t("ledger.filterByAgency", { name: row.agency.name })}
        title={t("ledger.filterByAgency", { name: row.agency.name })}
      >
        {row.agency.name}
      </button>
    ),
  };
  const columns = [dateColumn, agencyColumn, typeColumn, requestColumn(adminRequestPath), noteColumn, byColumn, amountColumn, balanceAfterColumn];

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
      <ResourceTableView
        state={table}
        on={on}
        locale={locale}
        timeZone={timeZone}
        awaitsFirst={awaitsFirst}
        columns={columns}
        caption={t("pages.admin-transactions.title")}
        searchLabel="ledger.search"
        emptyLabel="ledger.empty"
        filters={filtersWith(agencies ? { ready: agencies } : agencyOptions)}
        moreFilters={dates ?? <DateRangeFields start={from ?? ""} end={to ?? ""} />}
        rowActions={(row) => (
          <IconButton size="sm" icon={ArrowLeftRight} label={t("ledger.adjust", { name: row.agency.name })} onClick={() => onAdjust?.(row.agency)} data-testid="row-adjust" />
        )}
        toolbar={
          <>
            {exports ?? <ExportButtons />}
            <Button variant="primary" icon={ArrowLeftRight} onClick={() => onBalance?.()} data-testid="balance-open">
              {t("ledger.topUpOrWithdraw")}
            </Button>
          </>
        }
        testId="ledger-table"
        pageHref={ledgerPageHref(table.query, STATEMENT_ROWS)}
      />
    </div>
  );
}
