/**
 * The agency's staff users on /information (our agents/staff calls): add one with a password the agency sets, or
 * with a one-time invitation link (7 days) the staff user opens to set their own; disable or enable, set a new
 * password or send a new link. Agency accounts only: the API answers 403 to staff, and this island shows
 * nothing to them. Errors reach the user through the http client's toasts.
 */
import { useStore } from "../../lib/use-store";
import { useCallback, useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import { Button, TextField } from "../../components/ui";
import type { StaffListResponse } from "../../contract/agents";
import type { StaffInvitation } from "../../contract/invitations";
import type { UserRecord } from "../../contract/auth";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { $session } from "../../lib/session.store";
import { toast } from "../../lib/toast";

function StaffManager() {
  const t = useT();
  const session = useStore($session);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const isAgency = mounted && session.kind === "Agent";
  const [staff, setStaff] = useState<UserRecord[]>([]);
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const [busy, setBusy] = useState(false);
  const [resetFor, setResetFor] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState("");
  const [link, setLink] = useState<{ url: string; name: string; expiresAt: string } | null>(null);

  const load = useCallback(async () => {
    setStaff((await api.get<StaffListResponse>("agents/staff")).data);
  }, []);
  useEffect(() => {
    if (isAgency) void load().catch(() => undefined);
  }, [isAgency, load]);
  if (!isAgency) return null;

  async function act(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      toast.success(t(done));
      await load();
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** A new link (for a new staff user, or one of the list): shown once, to copy and send. */
  async function invite(work: () => Promise<StaffInvitation>) {
    let answer: StaffInvitation | null = null;
    const ok = await act(async () => (answer = await work()), "staff.inviteDone");
    if (ok && answer) {
      const { path, expiresAt, user } = answer as StaffInvitation;
      setLink({ url: `${location.origin}${path}`, name: user.name, expiresAt });
    }
    return ok;
  }
  const dateOf = (iso: string) => new Intl.DateTimeFormat(document.documentElement.lang || "en", { dateStyle: "long" }).format(new Date(iso));

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
              <Button size="sm" disabled={busy} onClick={() => void act(() => api.patch(`agents/staff/${encodeURIComponent(u._id)}`, { enabled: !u.enabled }), u.enabled ? "staff.disabledDone" : "staff.enabledDone")}>
                {t(u.enabled ? "staff.disable" : "staff.enable")}
              </Button>
              <Button size="sm" disabled={busy} onClick={() => { setResetFor(u._id); setNewPassword(""); }}>{t("staff.resetPassword")}</Button>
              <Button size="sm" disabled={busy} onClick={() => void invite(() => api.post<StaffInvitation>(`agents/staff/${encodeURIComponent(u._id)}/invite`))} data-testid="staff-new-link">{t("staff.newLink")}</Button>
              {resetFor === u._id && (
                <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); void act(() => api.patch(`agents/staff/${encodeURIComponent(u._id)}`, { password: newPassword }), "staff.passwordDone").then((ok) => ok && setResetFor(null)); }}>
                  <TextField label={t("staff.newPassword")} type="password" autoComplete="new-password" value={newPassword} onValue={setNewPassword} required />
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
          void act(() => api.post("agents/staff", form), "staff.addedDone").then((ok) => ok && setForm({ name: "", email: "", password: "" }));
        }}
      >
        <TextField label={t("staff.name")} value={form.name} onValue={(name) => setForm({ ...form, name })} required autoComplete="off" />
        <TextField label={t("staff.email")} type="email" dir="ltr" value={form.email} onValue={(email) => setForm({ ...form, email })} required autoComplete="off" />
        <TextField label={t("staff.password")} type="password" value={form.password} onValue={(password) => setForm({ ...form, password })} required autoComplete="new-password" />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-3">
          <Button type="submit" variant="primary" pending={busy}>{t("staff.add")}</Button>
          <Button
            type="button"
            disabled={busy}
            data-testid="staff-invite"
            onClick={() =>
              void invite(() => api.post<StaffInvitation>("agents/staff/invite", { name: form.name, email: form.email })).then((ok) => ok && setForm({ name: "", email: "", password: "" }))
            }
          >
            {t("staff.invite")}
          </Button>
          <p className="muted basis-full text-sm">{t("staff.inviteHint")}</p>
        </div>
      </form>
      {link && (
        <div className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-[var(--border)] p-3" role="status" data-testid="staff-link">
          <p className="text-sm">{t("staff.linkReady", { name: link.name, date: dateOf(link.expiresAt) })}</p>
          <div className="flex flex-wrap items-end gap-2">
            <TextField label={t("staff.linkLabel")} value={link.url} onValue={() => undefined} readOnly dir="ltr" className="min-w-0 flex-1" testId="staff-link-url" />
            <Button size="sm" onClick={() => void navigator.clipboard?.writeText(link.url).then(() => toast.success(t("staff.copied")), () => undefined)}>{t("staff.copy")}</Button>
          </div>
        </div>
      )}
    </section>
  );
}

export default withI18n(StaffManager);
