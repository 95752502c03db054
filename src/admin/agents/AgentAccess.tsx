/**
 * "Sign-in and password" on the agency's admin page (issue 27): requests from the "forgot password" page waiting for
 * the office (when the site sends no email), and for the agency and each staff user a one-time reset link to hand
 * over (agents/password-reset) and a forced sign-out of every session (agents/sign-out). Both are kept in the
 * agency's history; `onChanged` lets the page show it. What it looks like is AgentAccessView (drawn by the edge too).
 */
import { Suspense, useCallback, useEffect, useState } from "react";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";
import type { UserRecord } from "../../contract/auth";
import type { ResetAccount, ResetLink, WaitingReset } from "../../contract/password-resets";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { openWith } from "../../lib/lazy-part";
import { toast } from "../../lib/toast.store";
import type { Locale } from "../../shared/locales";
import { waitingResetsPath } from "./agent-detail";
import { AgentAccessView } from "./AgentAccessView";

const ConfirmDialog = confirmDialog.Part;

interface Props {
  agency: { _id: string; name: string; email: string };
  staff: UserRecord[];
  locale: Locale;
  onChanged: () => void;
}

export function AgentAccess({ agency, staff, locale, onChanged }: Props) {
  const t = useT();
  // Null until read: the view says it is loading (an island taking over the drawn page waits for it).
  const [waiting, setWaiting] = useState<WaitingReset[] | null>(null);
  const [link, setLink] = useState<ResetLink | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState<ResetAccount | null>(null);
  const path = `/${encodeURIComponent(agency._id)}`;
  const body = (account: ResetAccount) => (account.kind === "User" ? { userId: account._id } : {});

  const loadWaiting = useCallback(async () => {
    try {
      setWaiting((await api.get<{ data: WaitingReset[] }>(waitingResetsPath(encodeURIComponent(agency._id)))).data);
    } catch {
      setWaiting([]);
    }
  }, [agency._id]);
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
    <AgentAccessView
      agency={agency}
      staff={staff}
      waiting={waiting}
      locale={locale}
      live={{
        link,
        url,
        busy,
        makeLink: (account) => void makeLink(account),
        copy: () => void navigator.clipboard?.writeText(url).then(() => toast.success(t("staff.copied")), () => undefined),
        askSignOut: (account) => void openWith([confirmDialog], () => setSigningOut(account)),
        dialogs: signingOut && (
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
        ),
      }}
    />
  );
}
