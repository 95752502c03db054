/**
 * /admin/agents-list: every agency (agents/listAgents) with the kit's table. Filters: group, state (enabled,
 * disabled, awaiting approval), balance range, search. Self-registrations awaiting approval are counted above the
 * table and one click shows just them. Export through the shared export service (agents/export/{format}).
 */
import { useStore } from "@nanostores/react";
import { UserCheck } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { Button, Money } from "../../components/ui";
import type { AdminAgentRecord } from "../../contract/agents";
import type { ListResponse } from "../../contract/common";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { formatDate } from "../../shared/format";
import { ExportButton } from "../kit/ExportButton";
import { exportParams } from "../kit/export";
import { MoneyFilter } from "../kit/MoneyFilter";
import { optionsOf, wholeList } from "../kit/options";
import type { Column, FilterDef } from "../kit/resource";
import { createResourceStore } from "../kit/resource.store";
import { ResourceTable } from "../kit/ResourceTable";
import { useAddressFilters } from "../address-filters";

const none = () => "";
export const agentPath = (locale: string, id: string) => `/${locale}/admin/${encodeURIComponent(id)}/agent/`;

/** The state filter maps onto the API's enabled/pending flags. */
const STATE_FILTER = { name: "state", label: "agents.columns.status", options: { fixed: [
  { value: "enabled", label: "agents.enabled" }, { value: "disabled", label: "agents.disabled" }, { value: "pending", label: "agents.pending" },
] } } as const;

/** Enabled agencies under their group's low-balance threshold (the same rule as the dashboard's count). */
const LOW_BALANCE_FILTER = { name: "lowBalance", label: "agents.lowBalanceFilter", options: { fixed: [
  { value: "true", label: "agents.lowBalanceOnly" }, { value: "false", label: "agents.lowBalanceNot" },
] } } as const;

const STATE_PARAMS: Record<string, Record<string, string>> = {
  enabled: { enabled: "true" }, disabled: { enabled: "false", pending: "false" }, pending: { pending: "true" },
};

/** Keeps the table's one "state" select and sends what listAgents understands. */
function withState(params: Record<string, string | number>) {
  const { state, ...rest } = params;
  return { ...rest, ...(typeof state === "string" ? STATE_PARAMS[state] : {}) };
}

export function StateChip({ agent }: { agent: Pick<AdminAgentRecord, "enabled" | "pending"> }) {
  const t = useT();
  const [key, tone] = agent.pending ? ["agents.pending", "bg-amber-100 text-amber-900"] : agent.enabled ? ["agents.enabled", "bg-emerald-100 text-emerald-900"] : ["agents.disabled", "bg-slate-200 text-slate-800"];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-sm ${tone}`} data-testid="agent-state">{t(key)}</span>;
}

function AgentsListPage({ locale }: { locale: Locale }) {
  const t = useT();
  const store = useMemo(
    () =>
      createResourceStore<AdminAgentRecord>({
        endpoints: { list: "agents/listAgents", one: (id) => `agents/one/${encodeURIComponent(id)}`, create: "agents/create", update: none, remove: none },
        http: { ...api, get: <T,>(path: string, options?: { query?: Record<string, string | number> }) => api.get<T>(path, { ...options, query: withState(options?.query ?? {}) }) } as typeof api,
        query: { sort: "createdAt", order: "desc" },
      }),
    [],
  );
  const [pending, setPending] = useState<number | null>(null);
  // The platform's one currency, as the rows say it (DESIGN §5).
  const currency = useStore(store.$list).data.find((a) => a.currency)?.currency ?? "USD";
  // The dashboard links here with ?pending=1 and ?lowBalance=1 (?state=… and ?groupId=… work too).
  useAddressFilters(store, ["groupId", "balanceMin", "balanceMax", "inDebt", "pastTerms"], (params) => {
    const state = params.get("pending") === "1" || params.get("pending") === "true" ? "pending" : params.get("state");
    const low = params.get("lowBalance");
    return {
      ...(state && state in STATE_PARAMS ? { state } : {}),
      ...(low === "1" || low === "true" ? { lowBalance: "true" } : low === "0" || low === "false" ? { lowBalance: "false" } : {}),
    };
  });
  useEffect(() => {
    void api.get<ListResponse<AdminAgentRecord>>("agents/listAgents", { query: { pending: "true", limit: 1 } }).then((r) => setPending(r.total), () => setPending(null));
  }, []);
  const groups: FilterDef = {
    name: "groupId", label: "agents.columns.group",
    options: { load: async (l) => optionsOf(await wholeList<{ _id: string; name: string }>("groups", { limit: 100 }), (g) => g.name, l) },
  };
  const columns: Column<AdminAgentRecord>[] = [
    { key: "name", label: "agents.columns.name", sortable: true, primary: true, render: (a) => <a className="font-medium underline-offset-2 hover:underline" href={agentPath(locale, a._id)}>{a.name}</a> },
    { key: "email", label: "agents.columns.email", sortable: true, render: (a) => <span dir="ltr">{a.email}</span> },
    { key: "phone", label: "agents.columns.phone", render: (a) => <span dir="ltr" data-latin>{a.phone}</span> },
    { key: "group", label: "agents.columns.group", render: (a) => a.group?.name ?? "—" },
    { key: "state", label: "agents.columns.status", render: (a) => <StateChip agent={a} /> },
    { key: "balance", label: "agents.columns.balance", sortable: true, align: "end", render: (a) => <Money minor={a.balance ?? 0} currency={a.currency ?? "USD"} /> },
    { key: "createdAt", label: "agents.columns.createdAt", sortable: true, render: (a) => formatDate(a.createdAt, locale) },
  ];
  return (
    <div className="flex flex-col gap-4">
      {pending !== null && pending > 0 && (
        <p className="card flex flex-wrap items-center gap-3 px-4 py-3" data-testid="pending-banner">
          <UserCheck size={20} aria-hidden="true" className="text-primary-600" />
          {t("agents.pendingCount", { count: pending })}
          <Button size="sm" onClick={() => void store.setFilter("state", "pending")}>{t("agents.showPending")}</Button>
        </p>
      )}
      <ResourceTable
        store={store}
        columns={columns}
        caption={t("pages.admin-agents-list.title")}
        searchLabel="agents.search"
        emptyLabel="agents.empty"
        filters={[groups, STATE_FILTER, LOW_BALANCE_FILTER]}
        moreFilters={
          <>
            <MoneyFilter store={store} name="balanceMin" label={t("agents.balanceMin")} currency={currency} />
            <MoneyFilter store={store} name="balanceMax" label={t("agents.balanceMax")} currency={currency} />
          </>
        }
        toolbar={<ExportButton endpoint={(format) => `agents/export/${format}`} params={() => withState(exportParams(store.$query.get()))} fileName="agencies" />}
        testId="agents-table"
      />
    </div>
  );
}

export default withI18n(AgentsListPage);
