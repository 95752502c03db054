/**
 * The agency's staff users on /information (our agents/staff calls): add one with a password the agency sets, or
 * with a one-time invitation link (7 days) the staff user opens to set their own; disable or enable, set a new
 * password or send a new link. Agency accounts only: the API answers 403 to staff, and this island shows
 * nothing to them. Errors reach the user through the http client's toasts. The edge draws the list
 * (StaffManagerView.tsx); this island takes it over when the agency reaches for it, and shows nothing until its
 * list is in (the drawn one stays meanwhile).
 */
import { useStore } from "../../lib/use-store";
import { useCallback, useEffect, useState } from "react";
import { withI18n } from "../../components/with-i18n";
import type { StaffListResponse } from "../../contract/agents";
import type { StaffInvitation } from "../../contract/invitations";
import type { UserRecord } from "../../contract/auth";
import { api } from "../../lib/api";
import { pageLocale, useT } from "../../lib/i18n";
import { formatDate } from "../../shared/format";
import { $session } from "../../lib/session.store";
import { toast } from "../../lib/toast";
import { EMPTY_STAFF_FORM, StaffManagerView, type StaffLink } from "./StaffManagerView";

function StaffManager() {
  const t = useT();
  const session = useStore($session);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const isAgency = mounted && session.kind === "Agent";
  const [staff, setStaff] = useState<UserRecord[] | null>(null);
  const [form, setForm] = useState(EMPTY_STAFF_FORM);
  const [busy, setBusy] = useState(false);
  const [resetFor, setResetFor] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState("");
  const [link, setLink] = useState<StaffLink | null>(null);

  const load = useCallback(async () => {
    setStaff((await api.get<StaffListResponse>("agents/staff")).data);
  }, []);
  useEffect(() => {
    // A failed first load shows the (empty) list with its forms, as before: the error came as a toast.
    if (isAgency) void load().catch(() => setStaff((known) => known ?? []));
  }, [isAgency, load]);
  if (!isAgency || staff === null) return null;

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
      setLink({ url: `${location.origin}${path}`, name: user.name, date: dateOf(expiresAt) });
    }
    return ok;
  }
  const dateOf = (iso: string) => formatDate(iso, pageLocale(), { dateStyle: "long" });
  const staffPath = (u: UserRecord) => `agents/staff/${encodeURIComponent(u._id)}`;

  return (
    <StaffManagerView
      live
      staff={staff}
      form={form}
      busy={busy}
      resetFor={resetFor}
      newPassword={newPassword}
      link={link}
      onForm={setForm}
      onToggle={(u) => void act(() => api.patch(staffPath(u), { enabled: !u.enabled }), u.enabled ? "staff.disabledDone" : "staff.enabledDone")}
      onReset={(u) => {
        setResetFor(u._id);
        setNewPassword("");
      }}
      onNewLink={(u) => void invite(() => api.post<StaffInvitation>(`${staffPath(u)}/invite`))}
      onNewPassword={setNewPassword}
      onSavePassword={(u) => void act(() => api.patch(staffPath(u), { password: newPassword }), "staff.passwordDone").then((ok) => ok && setResetFor(null))}
      onAdd={() => void act(() => api.post("agents/staff", form), "staff.addedDone").then((ok) => ok && setForm(EMPTY_STAFF_FORM))}
      onInvite={() =>
        void invite(() => api.post<StaffInvitation>("agents/staff/invite", { name: form.name, email: form.email })).then((ok) => ok && setForm(EMPTY_STAFF_FORM))
      }
      onCopy={() => void navigator.clipboard?.writeText(link?.url ?? "").then(() => toast.success(t("staff.copied")), () => undefined)}
    />
  );
}

export default withI18n(StaffManager);
