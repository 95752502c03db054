/**
 * "Sign-in and password" on the agency's admin page as it looks (issue 27; drawn by the edge since issue 32): the
 * requests from the "forgot password" page waiting for the office, the link just made, and for the agency and each
 * staff user the buttons that make a one-time reset link or sign every session out. Props only: the edge draws it from
 * agents/password-resets/{id}, the island (AgentAccess) passes its state and actions in `live`.
 * Worker-safe imports only (the edge bundles this file).
 */
import type { ReactNode } from "react";
import { Button } from "../../components/ui/Button";
import { Alert } from "../../components/ui/Feedback";
import { TextField } from "../../components/ui/Field";
import { formatDate } from "../../components/ui/format";
import { KeyRound, LogOut } from "../../components/ui/icons";
import type { UserRecord } from "../../contract/auth";
import type { ResetAccount, ResetLink, WaitingReset } from "../../contract/password-resets";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";

/** What the island adds: the link made, which action is under way, the actions and the sign-out question. */
export interface AgentAccessLive {
  link: ResetLink | null;
  /** The link as the agency opens it (the page's origin and the link's path). */
  url: string;
  busy: string | null;
  makeLink: (account: ResetAccount) => void;
  copy: () => void;
  askSignOut: (account: ResetAccount) => void;
  dialogs?: ReactNode;
}

interface Props {
  agency: { _id: string; name: string; email: string };
  staff: readonly UserRecord[];
  /** Null while the island reads them. */
  waiting: readonly WaitingReset[] | null;
  locale: Locale;
  /** The reader's zone the edge drew the dates in (the browser's own when absent). */
  timeZone?: string;
  live?: AgentAccessLive;
}

/** The agency first, then its staff users: each can get a reset link or be signed out. */
export const accountsOf = (agency: Props["agency"], staff: readonly UserRecord[]): ResetAccount[] => [
  { kind: "Agent", _id: agency._id, email: agency.email, name: agency.name },
  ...staff.map((u) => ({ kind: "User" as const, _id: u._id, email: u.email, name: u.name })),
];

export function AgentAccessView({ agency, staff, waiting, locale, timeZone, live }: Props) {
  const t = useT();
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) });
  const busy = live?.busy ?? null;
  const link = live?.link ?? null;
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="agent-access-title" aria-busy={waiting === null || undefined} data-testid="agent-access">
      <h2 id="agent-access-title" className="font-semibold">{t("agents.access.title")}</h2>
      <p className="muted text-sm">{t("agents.access.hint")}</p>
      {(waiting ?? []).map((request) => (
        <Alert key={request._id} tone="warning" testId="reset-waiting"
          action={<Button size="sm" variant="primary" icon={KeyRound} pending={busy === `link:${request.account._id}`} onClick={live && (() => live.makeLink(request.account))} data-testid="reset-waiting-link">{t("agents.access.makeLink")}</Button>}>
          {t("agents.access.waiting", { name: request.account.name, date: when(request.requestedAt) })}
        </Alert>
      ))}
      {link && live && (
        <div className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-[var(--border)] p-3" role="status" data-testid="reset-link">
          <p className="text-sm">{t("agents.access.linkReady", { name: link.account.name, date: when(link.expiresAt) })}</p>
          <div className="flex flex-wrap items-end gap-2">
            <TextField label={t("agents.access.linkLabel", { name: link.account.name })} value={live.url} onValue={() => undefined} readOnly dir="ltr" className="min-w-0 flex-1" testId="reset-link-url" />
            <Button size="sm" onClick={live.copy} data-testid="reset-link-copy">{t("staff.copy")}</Button>
          </div>
        </div>
      )}
      <ul className="flex flex-col divide-y divide-[var(--border)]">
        {accountsOf(agency, staff).map((account) => (
          <li key={account._id} className="flex flex-wrap items-center gap-2 py-2" data-testid="access-account" data-id={account._id}>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{account.name} <span className="muted text-sm">· {t(account.kind === "Agent" ? "agents.access.agency" : "agents.access.staff")}</span></p>
              <p className="muted text-sm"><bdi dir="ltr">{account.email}</bdi></p>
            </div>
            <Button size="sm" icon={KeyRound} pending={busy === `link:${account._id}`} onClick={live && (() => live.makeLink(account))} aria-label={`${t("agents.access.makeLink")}: ${account.name}`} data-testid="access-make-link">
              {t("agents.access.makeLink")}
            </Button>
            <Button size="sm" variant="danger" icon={LogOut} onClick={live && (() => live.askSignOut(account))} aria-label={`${t("agents.access.signOut")}: ${account.name}`} data-testid="access-sign-out">
              {t("agents.access.signOut")}
            </Button>
          </li>
        ))}
      </ul>
      {live?.dialogs}
    </section>
  );
}
