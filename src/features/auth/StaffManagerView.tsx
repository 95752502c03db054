/**
 * The agency's staff users on /information, drawn from their state (issue 9): the edge draws it from the agency's
 * own agents/staff answer (functions/edge/views/account.tsx), the island (StaffManager.tsx) wires the calls to it.
 * Drawn without the island (`live` false) nothing can be sent: the add button is a plain button; a press on any
 * button brings the island and is made again on the island's (src/lib/edge-view-press.ts); what is typed is carried
 * over by the fields' test ids.
 */
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/Field";
import type { UserRecord } from "../../contract/auth";
import { useT } from "../../lib/i18n";

export interface StaffForm {
  name: string;
  email: string;
  password: string;
}

export const EMPTY_STAFF_FORM: StaffForm = { name: "", email: "", password: "" };

/** A one-time link just made: shown once, to copy and send (`date`: its expiry, in the page's language). */
export interface StaffLink {
  url: string;
  name: string;
  date: string;
}

export interface StaffManagerViewProps {
  staff: readonly UserRecord[];
  form?: StaffForm;
  busy?: boolean;
  resetFor?: string | null;
  newPassword?: string;
  link?: StaffLink | null;
  /** The island runs the view (else its add button is held: drawn by the edge). */
  live?: boolean;
  onForm?: (form: StaffForm) => void;
  onToggle?: (user: UserRecord) => void;
  onReset?: (user: UserRecord) => void;
  onNewLink?: (user: UserRecord) => void;
  onNewPassword?: (value: string) => void;
  onSavePassword?: (user: UserRecord) => void;
  onAdd?: () => void;
  onInvite?: () => void;
  onCopy?: () => void;
}

const noop = () => {};

export function StaffManagerView({
  staff, form = EMPTY_STAFF_FORM, busy = false, resetFor = null, newPassword = "", link = null, live = false,
  onForm = noop, onToggle = noop, onReset = noop, onNewLink = noop, onNewPassword = noop, onSavePassword = noop, onAdd = noop, onInvite = noop, onCopy = noop,
}: StaffManagerViewProps) {
  const t = useT();
  return (
    <section className="card mt-6 flex flex-col gap-4 p-4" aria-labelledby="staff-title" data-testid="staff-manager">
      <h2 id="staff-title" className="text-lg font-semibold">{t("staff.title")}</h2>
      <p className="text-sm text-slate-600">{t("staff.hint")}</p>
      {staff.length === 0 ? <p>{t("staff.empty")}</p> : (
        <ul className="flex flex-col gap-2">
          {staff.map((u) => (
            <li key={u._id} className="flex flex-wrap items-center gap-2" data-testid="staff-row">
              <span className="font-medium">{u.name}</span>
              <bdi dir="ltr">{u.email}</bdi>
              <span className="text-sm">{t(u.enabled ? "staff.active" : "staff.inactive")}</span>
              <Button size="sm" disabled={busy} onClick={() => onToggle(u)} data-testid="staff-toggle">
                {t(u.enabled ? "staff.disable" : "staff.enable")}
              </Button>
              <Button size="sm" disabled={busy} onClick={() => onReset(u)} data-testid="staff-reset">{t("staff.resetPassword")}</Button>
              <Button size="sm" disabled={busy} onClick={() => onNewLink(u)} data-testid="staff-new-link">{t("staff.newLink")}</Button>
              {resetFor === u._id && (
                <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); onSavePassword(u); }}>
                  <TextField label={t("staff.newPassword")} type="password" autoComplete="new-password" value={newPassword} onValue={onNewPassword} required />
                  <Button type="submit" size="sm" variant="primary" pending={busy}>{t("staff.save")}</Button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="grid gap-3 sm:grid-cols-3"
        data-testid="staff-add"
        onSubmit={(e) => {
          e.preventDefault();
          if (live) onAdd();
        }}
      >
        <TextField label={t("staff.name")} value={form.name} onValue={(name) => onForm({ ...form, name })} required autoComplete="off" testId="staff-name" />
        <TextField label={t("staff.email")} type="email" dir="ltr" value={form.email} onValue={(email) => onForm({ ...form, email })} required autoComplete="off" testId="staff-email" />
        <TextField label={t("staff.password")} type="password" value={form.password} onValue={(password) => onForm({ ...form, password })} required autoComplete="new-password" testId="staff-password" />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
          <Button type={live ? "submit" : "button"} variant="primary" pending={busy} data-testid="staff-add-submit">{t("staff.add")}</Button>
          <Button type="button" disabled={busy} data-testid="staff-invite" onClick={onInvite}>
            {t("staff.invite")}
          </Button>
          <p className="muted basis-full text-sm">{t("staff.inviteHint")}</p>
        </div>
      </form>
      {link && (
        <div className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-[var(--border)] p-3" role="status" data-testid="staff-link">
          <p className="text-sm">{t("staff.linkReady", { name: link.name, date: link.date })}</p>
          <div className="flex flex-wrap items-end gap-2">
            <TextField label={t("staff.linkLabel")} value={link.url} onValue={() => undefined} readOnly dir="ltr" className="min-w-0 flex-1" testId="staff-link-url" />
            <Button size="sm" onClick={onCopy}>{t("staff.copy")}</Button>
          </div>
        </div>
      )}
    </section>
  );
}
