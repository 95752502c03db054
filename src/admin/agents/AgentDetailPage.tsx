/**
 * /admin/{id}/agent: one agency (agents/one/{id}). Enable or disable (disabling signs the agency and its staff out
 * at once, so the admin confirms), move to another group (agents/update-group: its prices change at once), top-up or
 * withdraw through the ledger's own balance dialog (Idempotency-Key), and links to its requests and transactions.
 */
import { useStore } from "@nanostores/react";
import { ArrowLeftRight, Pencil, Power } from "lucide-react";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { Alert, Button, Money, Select, Skeleton, type SelectOption } from "../../components/ui";
import type { AdminAgentRecord } from "../../contract/agents";
import type { UserRecord } from "../../contract/auth";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useRouteId } from "../../lib/route-id";
import { toast } from "../../lib/toast.store";
import { LOCALE_INFO, isLocale, type Locale } from "../../shared/locales";
import { optionsOf, wholeList } from "../kit/options";
import { createBalanceDialog } from "../transactions/balance-dialog.store";
import { AgentCredit } from "./AgentCredit";
import { StateChip } from "./AgentsListView";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";
import { lazyPart, openWith, useOpenedPart } from "../../lib/lazy-part";
import { balanceDialog } from "../transactions/balance-dialog-part";
import { AgentAccess } from "./AgentAccess";
import { AgentHistory } from "./AgentHistory";

const BalanceDialog = balanceDialog.Part;
// The "disable this agency?" question (Headless UI's dialog) loads when asked.
const ConfirmDialog = confirmDialog.Part;
// The edit form (the kit's form dialog and the API's zod schema) loads when the admin asks for it.
const editDialog = lazyPart(() => import("./AgentEditDialog").then((m) => m.default));
const EditDialog = editDialog.Part;

type Agent = AdminAgentRecord & { staff: UserRecord[] };

function AgentDetailPage({ locale }: { locale: Locale }) {
  const t = useT();
  const id = useRouteId();
  const [agent, setAgent] = useState<Agent | null>(null);
  const [failed, setFailed] = useState(false);
  const [groups, setGroups] = useState<SelectOption[]>([]);
  const [group, setGroup] = useState("");
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  /** Bumped after each change made here, so the history shows it. */
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    if (!id) return;
    try {
      const answer = await api.get<Agent>(`agents/one/${encodeURIComponent(id)}`);
      setAgent(answer);
      setGroup(answer.group?._id ?? "");
      setVersion((v) => v + 1);
    } catch {
      setFailed(true);
    }
  }, [id]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    void wholeList<{ _id: string; name: string }>("groups", { limit: 100 }).then((rows) => setGroups(optionsOf(rows, (g) => g.name, locale)), () => setGroups([]));
  }, [locale]);

  const dialog = useMemo(() => createBalanceDialog({ currency: () => agent?.currency ?? "USD", onDone: () => { toast.success(t("agents.balanceDone")); void load(); } }), [agent?.currency, load, t]);
  const dialogOpen = useStore(dialog.$state).open;
  const dialogWanted = useOpenedPart(balanceDialog, dialogOpen);

  if (failed) return <Alert tone="error">{t("agents.loadFailed")}</Alert>;
  if (!agent) return <Skeleton className="h-48" />;

  async function setEnabled(enabled: boolean) {
    setBusy(true);
    try {
      await api.patch(`agents/editByAdmin/${encodeURIComponent(agent!._id)}`, { enabled });
      toast.success(t(enabled ? "agents.enabledDone" : "agents.disabledDone"));
      await load();
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  }
  async function moveGroup() {
    if (!group) return;
    setBusy(true);
    try {
      await api.post(`agents/update-group/${encodeURIComponent(agent!._id)}/${encodeURIComponent(group)}`);
      toast.success(t("agents.groupDone"));
      await load();
    } finally {
      setBusy(false);
    }
  }

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
          <Button icon={Pencil} onClick={() => void openWith([editDialog], () => setEditing(true))} data-testid="agent-edit">{t("agents.edit")}</Button>
          {agent.enabled ? (
            <Button variant="danger" icon={Power} onClick={() => void openWith([confirmDialog], () => setConfirm(true))} disabled={busy} data-testid="agent-disable">{t("agents.disable")}</Button>
          ) : (
            <Button variant="primary" icon={Power} onClick={() => void setEnabled(true)} pending={busy} data-testid="agent-enable">{agent.pending ? t("agents.approve") : t("agents.enable")}</Button>
          )}
        </div>
      </section>
      <section className="card flex flex-wrap items-end gap-3 p-4">
        <Select label={t("agents.columns.group")} value={group} onValue={setGroup} options={groups} testId="agent-group" />
        <Button onClick={() => void moveGroup()} disabled={busy || !group || group === agent.group?._id} data-testid="agent-group-save">{t("agents.moveGroup")}</Button>
      </section>
      <section className="card flex flex-wrap items-center gap-3 p-4">
        <span>{t("agents.columns.balance")}: <strong data-testid="agent-balance"><Money minor={agent.balance ?? 0} currency={agent.currency ?? "USD"} /></strong></span>
        <Button variant="primary" icon={ArrowLeftRight} onClick={() => dialog.open({ _id: agent._id, name: agent.name })} data-testid="balance-open">{t("agents.adjustBalance")}</Button>
        <a className="underline" href={`/${locale}/admin/requests-list/${q}`}>{t("agents.itsRequests")}</a>
        <a className="underline" href={`/${locale}/admin/transactions/${q}`}>{t("agents.itsTransactions")}</a>
      </section>
      {agent.credit && <AgentCredit agentId={agent._id} credit={agent.credit} currency={agent.currency ?? "USD"} onChanged={() => void load()} />}
      <section className="card p-4">
        <h2 className="mb-2 font-semibold">{t("staff.title")}</h2>
        {agent.staff.length === 0 ? <p>{t("staff.empty")}</p> : (
          <ul>{agent.staff.map((u) => <li key={u._id}>{u.name} · <span dir="ltr">{u.email}</span> · {t(u.enabled ? "agents.enabled" : "agents.disabled")}</li>)}</ul>
        )}
      </section>
      <AgentAccess agency={agent} staff={agent.staff} locale={locale} onChanged={() => setVersion((v) => v + 1)} />
      <AgentHistory agentId={agent._id} locale={locale} version={version} />
      {editing && (
        <Suspense fallback={null}>
          <EditDialog
            agent={agent}
            open={editing}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              toast.success(t("agents.savedDone"));
              void load();
            }}
          />
        </Suspense>
      )}
      {confirm && (
        <Suspense fallback={null}>
          <ConfirmDialog open={confirm} onCancel={() => setConfirm(false)} onConfirm={() => void setEnabled(false)} title={t("agents.disableTitle")} message={t("agents.disableWarning")} confirmLabel={t("agents.disable")} pending={busy} />
        </Suspense>
      )}
      {dialogWanted && (
        <Suspense fallback={null}>
          <BalanceDialog dialog={dialog} currency={agent.currency ?? "USD"} />
        </Suspense>
      )}
    </div>
  );
}

export default withI18n(AgentDetailPage);
