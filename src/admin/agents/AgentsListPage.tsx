/**
 * /admin/agents-list: every agency (agents/listAgents) with the kit's table. Filters: group, state (enabled,
 * disabled, awaiting approval), balance range, search. Self-registrations awaiting approval are counted above the
 * table and one click shows just them. Export through the shared export service (agents/export/{format}).
 * The edge draws the page (AgentsListView, src/admin/edge-pages.ts; issue 32); this island takes it over when the
 * admin reaches for a control.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useMemo, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import type { AdminAgentRecord } from "../../contract/agents";
import type { ListResponse } from "../../contract/common";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { ExportButton } from "../kit/ExportButton";
import { exportParams } from "../kit/export";
import { MoneyFilter } from "../kit/MoneyFilter";
import { optionsOf, wholeList } from "../kit/options";
import type { OptionsSource } from "../kit/resource";
import { createResourceStore } from "../kit/resource.store";
import { tableHandlers, useTableState } from "../kit/ResourceTable";
import { useAddressFilters } from "../address-filters";
import { AGENTS_BASE_QUERY, AGENTS_LIST, AGENT_ADDRESS_FILTERS, GROUPS_CALL, GROUPS_QUERY, PENDING_COUNT_QUERY, agentAddressAliases, withState } from "./agents-list";
import { AgentsListView } from "./AgentsListView";

const none = () => "";

const groups: OptionsSource = {
  load: async (l) => optionsOf(await wholeList<{ _id: string; name: string }>(GROUPS_CALL, GROUPS_QUERY), (g) => g.name, l),
};

function AgentsListPage({ locale }: { locale: Locale }) {
  const t = useT();
  const store = useMemo(
    () =>
      createResourceStore<AdminAgentRecord>({
        endpoints: { list: AGENTS_LIST, one: (id) => `agents/one/${encodeURIComponent(id)}`, create: "agents/create", update: none, remove: none },
        http: { ...api, get: <T,>(path: string, options?: { query?: Record<string, string | number> }) => api.get<T>(path, { ...options, query: withState(options?.query ?? {}) }) } as typeof api,
        query: AGENTS_BASE_QUERY,
      }),
    [],
  );
  const [pending, setPending] = useState<number | null>(null);
  // The platform's one currency, as the rows say it (DESIGN §5).
  const currency = useStore(store.$list).data.find((a) => a.currency)?.currency ?? "USD";
  // The dashboard links here with ?pending=1 and ?lowBalance=1 (?state=… and ?groupId=… work too).
  useAddressFilters(store, AGENT_ADDRESS_FILTERS, agentAddressAliases);
  useEffect(() => {
    void api.get<ListResponse<AdminAgentRecord>>(AGENTS_LIST, { query: PENDING_COUNT_QUERY }).then((r) => setPending(r.total), () => setPending(null));
  }, []);
  return (
    <AgentsListView
      locale={locale}
      table={useTableState(store)}
      pending={pending}
      groups={groups}
      on={tableHandlers(store)}
      onShowPending={() => void store.setFilter("state", "pending")}
      balanceFilters={
        <>
          <MoneyFilter store={store} name="balanceMin" label={t("agents.balanceMin")} currency={currency} />
          <MoneyFilter store={store} name="balanceMax" label={t("agents.balanceMax")} currency={currency} />
        </>
      }
      exports={<ExportButton endpoint={(format) => `agents/export/${format}`} params={() => withState(exportParams(store.$query.get()))} fileName="agencies" />}
    />
  );
}

export default withI18n(AgentsListPage);
