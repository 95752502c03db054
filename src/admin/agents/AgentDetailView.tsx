/**
 * /admin/{id}/agent as it looks (issue 32: hydrated at load, its 107 kB island blocked a phone's main thread): the
 * agency's details, its group, balance and credit line, its staff, "sign-in and password" and its history, from props
 * only. The edge draws it from the admin's own answers (agent-detail.ts; src/admin/edge-pages.ts) with no handlers:
 * its buttons are plain buttons until the island (AgentDetailPage) takes the view over, which makes a press made
 * meanwhile again on its own button (src/lib/edge-view-press.ts). The island passes `live`: its state and actions.
 *
 * Worker-safe imports only (the edge bundles this file): single ui components and generated icons, never the ui
 * barrel (it brings Headless UI's dialogs) nor the HTTP client.
 */
import type { ReactNode } from "react";
import { Button } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui/Feedback";
import { Select, type SelectOption } from "../../components/ui/Field";
import { Money } from "../../components/ui/Money";
import { ArrowLeftRight, Pencil, Power } from "../../components/ui/icons";
import type { AdminAgentRecord } from "../../contract/agents";
import type { UserRecord } from "../../contract/auth";
import { useT } from "../../lib/i18n";
import { LOCALE_INFO, isLocale, type Locale } from "../../shared/locales";
import { AgentCredit } from "./AgentCredit";
import { StateChip } from "./AgentsListView";

/** agents/one/{id}'s answer: the agency with its staff users. */
export type AgentWithStaff = AdminAgentRecord & { staff: UserRecord[] };

/** What the island adds to the drawn view: the group chosen, whether a change is under way, the actions, the dialogs. */
export interface AgentDetailLive {
  group: string;
  setGroup: (group: string) => void;
  busy: boolean;
  edit: () => void;
  disable: () => void;
  enable: () => void;
  moveGroup: () => void;
  adjustBalance: () => void;
  saveCredit: (body: Record<string, unknown>) => Promise<unknown>;
  dialogs?: ReactNode;
}

interface Props {
  agent: AgentWithStaff;
  /** The groups it can move to (null while the island reads them). */
  groups: readonly SelectOption[] | null;
  locale: Locale;
  /** "Sign-in and password" and the history: drawn views at the edge, their islands in the browser. */
  access: ReactNode;
  history: ReactNode;
  live?: AgentDetailLive;
}

export function AgentDetailSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" data-testid="agent-skeleton">
      <Skeleton className="h-48" />
      <Skeleton className="h-20" />
    </div>
  );
}

export function AgentDetailView({ agent, groups, locale, access, history, live }: Props) {
  const t = useT();
  const currency = agent.currency ?? "USD";
  const group = live?.group ?? agent.group?._id ?? "";
  const busy = live?.busy ?? false;
  const q = `?agentId=${encodeURIComponent(agent._id)}`;
  return (
    <div className="flex flex-col gap-4" data-testid="agent-detail">
      <section className="card flex flex-col gap-2 p-4">
        <h2 className="text-xl font-semibold">{agent.name} <StateChip agent={agent} /></h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
          <div><dt className="text-sm text-slate-600">{t("agents.columns.contactName")}</dt><dd>{agent.contactName}</dd></div>
          <div><dt className="text-sm text-slate-600">{t("agents.columns.email")}</dt><dd dir="ltr" className="text-start">{agent.email}</dd></div>
          <div><dt className="text-sm text-slate-600">{t("agents.columns.phone")}</dt><dd dir="ltr" className="text-start" data-latin>{agent.phone}</dd></div>
          <div><dt className="text-sm text-slate-600">{t("agents.columns.city")}</dt><dd>{agent.city ?? "—"}</dd></div>
          <div><dt className="text-sm text-slate-600">{t("auth.address")}</dt><dd data-latin>{agent.address || "—"}</dd></div>
          <div><dt className="text-sm text-slate-600">{t("account.language")}</dt><dd>{LOCALE_INFO[isLocale(agent.locale) ? agent.locale : "en"].nativeName}</dd></div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button icon={Pencil} onClick={live?.edit} data-testid="agent-edit">{t("agents.edit")}</Button>
          {agent.enabled ? (
            <Button variant="danger" icon={Power} onClick={live?.disable} disabled={busy} data-testid="agent-disable">{t("agents.disable")}</Button>
          ) : (
            <Button variant="primary" icon={Power} onClick={live?.enable} pending={busy} data-testid="agent-enable">{agent.pending ? t("agents.approve") : t("agents.enable")}</Button>
          )}
        </div>
      </section>
      <section className="card flex flex-wrap items-end gap-3 p-4" aria-busy={groups === null || undefined}>
        <Select label={t("agents.columns.group")} value={group} onValue={live?.setGroup ?? (() => undefined)} options={groups ?? []} testId="agent-group" />
        <Button onClick={live?.moveGroup} disabled={busy || !group || group === agent.group?._id} data-testid="agent-group-save">{t("agents.moveGroup")}</Button>
      </section>
      <section className="card flex flex-wrap items-center gap-3 p-4">
        <span>{t("agents.columns.balance")}: <strong data-testid="agent-balance"><Money minor={agent.balance ?? 0} currency={currency} /></strong></span>
        <Button variant="primary" icon={ArrowLeftRight} onClick={live?.adjustBalance} data-testid="balance-open">{t("agents.adjustBalance")}</Button>
        <a className="underline" href={`/${locale}/admin/requests-list/${q}`}>{t("agents.itsRequests")}</a>
        <a className="underline" href={`/${locale}/admin/transactions/${q}`}>{t("agents.itsTransactions")}</a>
      </section>
      {agent.credit && <AgentCredit credit={agent.credit} currency={currency} save={live?.saveCredit} />}
      <section className="card p-4">
        <h2 className="mb-2 font-semibold">{t("staff.title")}</h2>
        {agent.staff.length === 0 ? <p>{t("staff.empty")}</p> : (
          <ul>{agent.staff.map((u) => <li key={u._id}>{u.name} · <span dir="ltr">{u.email}</span> · {t(u.enabled ? "agents.enabled" : "agents.disabled")}</li>)}</ul>
        )}
      </section>
      {access}
      {history}
      {live?.dialogs}
    </div>
  );
}
