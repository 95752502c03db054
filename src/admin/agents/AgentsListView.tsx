/**
 * /admin/agents-list as it looks (AgentsListPage wires it to its store): the count of self-registrations awaiting
 * approval, then every agency in the kit's table. Props only, so the edge draws it (issue 32: hydrated at load, the
 * page's 96 kB island blocked a phone's main thread); without handlers its controls wait for the island, which a
 * press brings (and makes again).
 */
import type { ReactNode } from "react";
import { UserCheck } from "../../components/ui/icons";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/Field";
import { Money } from "../../components/ui/Money";
import type { AdminAgentRecord } from "../../contract/agents";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { ExportButtons } from "../kit/ExportButtons";
import type { Column, OptionsSource } from "../kit/resource";
import { ResourceTableView, type TableHandlers, type TableState } from "../kit/ResourceTableView";
import { DateCell } from "../shared";
import { listSearchOf } from "../kit/list-query";
import { AGENTS_BASE_QUERY, CREDIT_FILTER, LOW_BALANCE_FILTER, STATE_FILTER, agentPath } from "./agents-list";

export function StateChip({ agent }: { agent: Pick<AdminAgentRecord, "enabled" | "pending"> }) {
  const t = useT();
  const [key, tone] = agent.pending ? ["agents.pending", "bg-amber-100 text-amber-900"] : agent.enabled ? ["agents.enabled", "bg-emerald-100 text-emerald-900"] : ["agents.disabled", "bg-slate-200 text-slate-800"];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-sm ${tone}`} data-testid="agent-state">{t(key)}</span>;
}

const columns: Column<AdminAgentRecord>[] = [
  { key: "name", label: "agents.columns.name", sortable: true, primary: true, render: (a, { locale }) => <a className="font-medium underline-offset-2 hover:underline" href={agentPath(locale, a._id)}>{a.name}</a> },
  { key: "email", label: "agents.columns.email", sortable: true, render: (a) => <span dir="ltr">{a.email}</span> },
  { key: "phone", label: "agents.columns.phone", render: (a) => <span dir="ltr" data-latin>{a.phone}</span> },
  { key: "group", label: "agents.columns.group", render: (a) => a.group?.name ?? "—" },
  { key: "state", label: "agents.columns.status", render: (a) => <StateChip agent={a} /> },
  { key: "balance", label: "agents.columns.balance", sortable: true, align: "end", render: (a) => <Money minor={a.balance ?? 0} currency={a.currency ?? "USD"} /> },
  {
    // Issue 30: what the agency owes (its credit in use), and whether the debt is past its terms or the credit frozen.
    key: "creditInUse", label: "credit.inUse", align: "end",
    render: (a, { t }) => (
      <span className="inline-flex flex-wrap items-center justify-end gap-1.5" data-testid="agent-credit-in-use" data-minor={a.credit?.debt ?? 0}>
        {a.credit?.debt ? <Money minor={a.credit.debt} currency={a.currency ?? "USD"} /> : "—"}
        {a.credit?.overdue && <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900" data-testid="agent-past-terms">{t("credit.pastTerms")}</span>}
        {a.credit?.frozen && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{t("credit.frozen")}</span>}
      </span>
    ),
  },
  { key: "createdAt", label: "agents.columns.createdAt", sortable: true, render: (a, { locale, timeZone }) => <DateCell value={a.createdAt} locale={locale} timeZone={timeZone} /> },
];

export interface AgentsListViewProps {
  locale: Locale;
  timeZone?: string;
  table: TableState<AdminAgentRecord>;
  /** Self-registrations awaiting approval (null: not known yet). */
  pending: number | null;
  /** The group filter's choices: drawn by the edge from its own call, loaded by the island. */
  groups: OptionsSource;
  on?: TableHandlers;
  onShowPending?: () => void;
  /** The balance range as wired to the store; drawn from the table's query when not given. */
  balanceFilters?: ReactNode;
  exports?: ReactNode;
  awaitsFirst?: boolean;
}

/** The balance range as the address set it (the island's TextFilters take its place). */
function DrawnBalanceFilters({ min, max }: { min: string; max: string }) {
  const t = useT();
  const noop = () => {};
  return (
    <>
      <TextField label={t("agents.balanceMin")} value={min} onValue={noop} dir="ltr" fieldClassName="w-56" testId="filter-balanceMin" />
      <TextField label={t("agents.balanceMax")} value={max} onValue={noop} dir="ltr" fieldClassName="w-56" testId="filter-balanceMax" />
    </>
  );
}

export function AgentsListView({ locale, timeZone, table, pending, groups, on, onShowPending, balanceFilters, exports, awaitsFirst }: AgentsListViewProps) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      {pending !== null && pending > 0 && (
        <p className="card flex flex-wrap items-center gap-3 px-4 py-3" data-testid="pending-banner">
          <UserCheck size={20} aria-hidden="true" className="text-primary-600" />
          {t("agents.pendingCount", { count: pending })}
          <Button size="sm" onClick={() => onShowPending?.()}>{t("agents.showPending")}</Button>
        </p>
      )}
      <ResourceTableView
        state={table}
        on={on}
        locale={locale}
        timeZone={timeZone}
        awaitsFirst={awaitsFirst}
        columns={columns}
        caption={t("pages.admin-agents-list.title")}
        searchLabel="agents.search"
        emptyLabel="agents.empty"
        filters={[{ name: "groupId", label: "agents.columns.group", options: groups }, STATE_FILTER, LOW_BALANCE_FILTER, CREDIT_FILTER]}
        moreFilters={balanceFilters ?? <DrawnBalanceFilters min={table.query.filters.balanceMin ?? ""} max={table.query.filters.balanceMax ?? ""} />}
        toolbar={exports ?? <ExportButtons />}
        testId="agents-table"
        pageHref={(page) => listSearchOf({ ...table.query, page }, AGENTS_BASE_QUERY)}
      />
    </div>
  );
}
