/**
 * "Sign-in and password" on the agency's admin page (issue 27): requests from the "forgot password" page waiting for
 * the office (when the site sends no email), and for the agency and each staff user a one-time reset link to hand
 * over (agents/password-reset) and a forced sign-out of every session (agents/sign-out). Both are kept in the
 * agency's history; `onChanged` lets the page show it.
 */
import { KeyRound, LogOut } from "lucide-react";
import { Suspense, useCallback, useEffect, useState } from "react";
import { Alert, Button, TextField, formatDate } from "../../components/ui";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";
import type { UserRecord } from "../../contract/auth";
import type { ResetAccount, ResetLink, WaitingReset } from "../../contract/password-resets";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { openWith } from "../../lib/lazy-part";
import { toast } from "../../lib/toast.store";
import type { Locale } from "../../shared/locales";

const ConfirmDialog = confirmDialog.Part;

interface Props {
  agency: { _id: string; name: string; email: string };
  staff: UserRecord[];
  locale: Locale;
  onChanged: () => void;
}

export function AgentAccess({ agency, staff, locale, onChanged }: Props) {
  const t = useT();
  const [waiting, setWaiting] = useState<WaitingReset[]>([]);
  const [link, setLink] = useState<ResetLink | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState<ResetAccount | null>(null);
  const accounts: ResetAccount[] = [
    { kind: "Agent", _id: agency._id, email: agency.email, name: agency.name },
    ...staff.map((u) => ({ kind: "User" as const, _id: u._id, email: u.email, name: u.name })),
  ];
  const path = `/${encodeURIComponent(agency._id)}`;
  const body = (account: ResetAccount) => (account.kind === "User" ? { userId: account._id } : {});
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short" });

  const loadWaiting = useCallback(async () => {
    try {
      setWaiting((await api.get<{ data: WaitingReset[] }>(`agents/password-resets${path}`)).data);
    } catch {
      setWaiting([]);
    }
  }, [path]);
  useEffect(() => void loadWaiting(), [loadWaiting]);

  async function makeLink(account: ResetAccount) {
    setBusy(`link:${account._id}`);
    try {
      setLink(await api.post<ResetLink>(`agents/password-reset${path}`, body(account)));
      await loadWaiting();
      onChanged();
    } catch {
      // The client has shown the API's message.
    } finally {
      setBusy(null);
    }
  }

  async function signOut(account: ResetAccount) {
    setBusy(`out:${account._id}`);
    try {
      await api.post(`agents/sign-out${path}`, body(account));
      toast.success(t("agents.access.signedOut", { name: account.name }));
      onChanged();
    } catch {
      // The client has shown the API's message.
    } finally {
      setBusy(null);
      setSigningOut(null);
    }
  }

  const url = link ? `${location.origin}${link.path}` : "";
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="agent-access-title" data-testid="agent-access">
      <h2 id="agent-access-title" className="font-semibold">{t("agents.access.title")}</h2>
      <p className="muted text-sm">{t("agents.access.hint")}</p>
      {waiting.map((request) => (
        <Alert key={request._id} tone="warning" testId="reset-waiting"
          action={<Button size="sm" variant="primary" icon={KeyRound} pending={busy === `link:${request.account._id}`} onClick={() => void makeLink(request.account)} data-testid="reset-waiting-link">{t("agents.access.makeLink")}</Button>}>
          {t("agents.access.waiting", { name: request.account.name, date: when(request.requestedAt) })}
        </Alert>
      ))}
      {link && (
        <div className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-[var(--border)] p-3" role="status" data-testid="reset-link">
          <p className="text-sm">{t("agents.access.linkReady", { name: link.account.name, date: when(link.expiresAt) })}</p>
          <div className="flex flex-wrap items-end gap-2">
            <TextField label={t("agents.access.linkLabel", { name: link.account.name })} value={url} onValue={() => undefined} readOnly dir="ltr" className="min-w-0 flex-1" testId="reset-link-url" />
            <Button size="sm" onClick={() => void navigator.clipboard?.writeText(url).then(() => toast.success(t("staff.copied")), () => undefined)} data-testid="reset-link-copy">{t("staff.copy")}</Button>
          </div>
        </div>
      )}
      <ul className="flex flex-col divide-y divide-[var(--border)]">
        {accounts.map((account) => (
          <li key={account._id} className="flex flex-wrap items-center gap-2 py-2" data-testid="access-account">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{account.name} <span className="muted text-sm">· {t(account.kind === "Agent" ? "agents.access.agency" : "agents.access.staff")}</span></p>
              <p className="muted text-sm"><bdi dir="ltr">{account.email}</bdi></p>
            </div>
            <Button size="sm" icon={KeyRound} pending={busy === `link:${account._id}`} onClick={() => void makeLink(account)} aria-label={`${t("agents.access.makeLink")}: ${account.name}`} data-testid="access-make-link">
              {t("agents.access.makeLink")}
            </Button>
            <Button size="sm" variant="danger" icon={LogOut} onClick={() => void openWith([confirmDialog], () => setSigningOut(account))} aria-label={`${t("agents.access.signOut")}: ${account.name}`} data-testid="access-sign-out">
              {t("agents.access.signOut")}
            </Button>
          </li>
        ))}
      </ul>
      {signingOut && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={Boolean(signingOut)}
            tone="danger"
            title={t("agents.access.signOutTitle", { name: signingOut.name })}
            message={t("agents.access.signOutWarning")}
            confirmLabel={t("agents.access.signOut")}
            pending={busy === `out:${signingOut._id}`}
            onCancel={() => setSigningOut(null)}
            onConfirm={() => void signOut(signingOut)}
          />
        </Suspense>
      )}
    </section>
  );
}
