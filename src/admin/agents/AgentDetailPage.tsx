/**
 * /admin/{id}/agent: one agency (agents/one/{id}). Enable or disable (disabling signs the agency and its staff out
 * at once, so the admin confirms), move to another group (agents/update-group: its prices change at once), top-up or
 * withdraw through the ledger's own balance dialog (Idempotency-Key), and links to its requests and transactions.
 * The edge draws the page (AgentDetailView, src/admin/edge-pages.ts; issue 32); this island takes it over when the
 * admin reaches for a control (agent.client.ts), or at once when the edge could not draw.
 */
import { useStore } from "@nanostores/react";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { Alert } from "../../components/ui/Feedback";
import type { SelectOption } from "../../components/ui/Field";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useRouteId } from "../../lib/route-id";
import { toast } from "../../lib/toast.store";
import type { Locale } from "../../shared/locales";
import { optionsOf, wholeList } from "../kit/options";
import { createBalanceDialog } from "../transactions/balance-dialog.store";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";
import { lazyPart, openWith, useOpenedPart } from "../../lib/lazy-part";
import { balanceDialog } from "../transactions/balance-dialog-part";
import { GROUPS_CALL, GROUPS_QUERY, agentOnePath } from "./agent-detail";
import { AgentAccess } from "./AgentAccess";
import { AgentDetailSkeleton, AgentDetailView, type AgentWithStaff } from "./AgentDetailView";
import { AgentHistory } from "./AgentHistory";

const BalanceDialog = balanceDialog.Part;
// The "disable this agency?" question (Headless UI's dialog) loads when asked.
const ConfirmDialog = confirmDialog.Part;
// The edit form (the kit's form dialog and the API's zod schema) loads when the admin asks for it.
const editDialog = lazyPart(() => import("./AgentEditDialog").then((m) => m.default));
const EditDialog = editDialog.Part;

function AgentDetailPage({ locale }: { locale: Locale }) {
  const t = useT();
  const id = useRouteId();
  const [agent, setAgent] = useState<AgentWithStaff | null>(null);
  const [failed, setFailed] = useState(false);
  // Null until read: the group section says it is loading (the drawn page stays until the island has them).
  const [groups, setGroups] = useState<SelectOption[] | null>(null);
  const [group, setGroup] = useState("");
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  /** Bumped after each change made here, so the history shows it. */
  const [version, setVersion] = useState(0);

  const load = useCallback(async () => {
    if (!id) return;
    try {
      const answer = await api.get<AgentWithStaff>(agentOnePath(encodeURIComponent(id)));
      setAgent(answer);
      setGroup(answer.group?._id ?? "");
      setVersion((v) => v + 1);
    } catch {
      setFailed(true);
    }
  }, [id]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    void wholeList<{ _id: string; name: string }>(GROUPS_CALL, GROUPS_QUERY).then((rows) => setGroups(optionsOf(rows, (g) => g.name, locale)), () => setGroups([]));
  }, [locale]);

  const dialog = useMemo(() => createBalanceDialog({ currency: () => agent?.currency ?? "USD", onDone: () => { toast.success(t("agents.balanceDone")); void load(); } }), [agent?.currency, load, t]);
  const dialogOpen = useStore(dialog.$state).open;
  const dialogWanted = useOpenedPart(balanceDialog, dialogOpen);

  if (failed) return <Alert tone="error">{t("agents.loadFailed")}</Alert>;
  if (!agent) return <AgentDetailSkeleton />;

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
  async function saveCredit(body: Record<string, unknown>) {
    await api.patch(`agents/${encodeURIComponent(agent!._id)}/credit`, body);
    toast.success(t("credit.saved"));
    void load();
  }

  return (
    <AgentDetailView
      agent={agent}
      groups={groups}
      locale={locale}
      access={<AgentAccess agency={agent} staff={agent.staff} locale={locale} onChanged={() => setVersion((v) => v + 1)} />}
      history={<AgentHistory agentId={agent._id} currency={agent.currency ?? "USD"} locale={locale} version={version} />}
      live={{
        group,
        setGroup,
        busy,
        edit: () => void openWith([editDialog], () => setEditing(true)),
        disable: () => void openWith([confirmDialog], () => setConfirm(true)),
        enable: () => void setEnabled(true),
        moveGroup: () => void moveGroup(),
        adjustBalance: () => dialog.open({ _id: agent._id, name: agent.name }),
        saveCredit,
        dialogs: (
          <>
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
          </>
        ),
      }}
    />
  );
}

export default withI18n(AgentDetailPage);
