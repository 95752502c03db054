/**
 * /invite#<token>: a staff user's one-time invitation (our auth/invitation, auth/accept-invitation). The token is in
 * the fragment, so it never reaches a server log; it is read after mount. The invitee sees who invites them, sets a
 * password, and is signed in with it (on failure, sent to the sign-in page). A used, expired or unknown link says
 * so and offers the sign-in page. Same look as the sign-in and registration forms.
 */
import { KeyRound, TriangleAlert } from "../../components/ui/icons";
import { useEffect, useState, type FormEvent } from "react";
import { buttonClass } from "../../components/ui/Button";
import { Skeleton } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import type { InvitationInfo } from "../../contract/invitations";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { errorBody, noticeFor } from "./errors";
import { FormNotice, PasswordField, SubmitButton } from "./fields";
import type { Notice } from "./form.store";

type State = { status: "loading" } | { status: "invalid"; notice: Notice } | { status: "ready"; token: string; info: InvitationInfo };

/** Field errors of a 400 ("password: …" entries) by field; the rest is the form's notice. */
function fieldErrors(error: unknown): Partial<Record<"password", string>> {
  const message = errorBody(error)?.message;
  const entries = Array.isArray(message) ? message : message ? [message] : [];
  const password = entries.find((m) => m.startsWith("password:"));
  return password ? { password: password.slice("password:".length).trim() } : {};
}

function InviteAccept({ locale }: { locale: Locale }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: "loading" });
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const token = location.hash.slice(1);
    if (!token) {
      setState({ status: "invalid", notice: { key: "invite.missing" } });
      return;
    }
    api.post<InvitationInfo>("auth/invitation", { token }, { notify: false }).then(
      (info) => setState({ status: "ready", token, info }),
      (error: unknown) => setState({ status: "invalid", notice: noticeFor(error) }),
    );
  }, []);

  if (state.status === "loading") return <Skeleton className="h-64" />;
  if (state.status === "invalid") {
    return (
      <section role="alert" className="card flex flex-col items-center gap-3 p-8 text-center" data-testid="invite-invalid">
        <TriangleAlert size={24} aria-hidden="true" className="text-warning-600" />
        <p>{"key" in state.notice ? t(state.notice.key) : state.notice.text}</p>
        <a className={buttonClass("outline", "md", "mt-2")} href={`/${locale}/login/`}>{t("invite.toLogin")}</a>
      </section>
    );
  }
  const { info, token } = state;
  const expires = new Intl.DateTimeFormat(locale === "ku" ? "ckb" : locale, { dateStyle: "long" }).format(new Date(info.expiresAt));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = { ...(!password && { password: "validation.required" }), ...(confirm !== password && { confirm: "auth.passwordsDiffer" }) };
    setErrors(problems);
    setNotice(null);
    if (Object.keys(problems).length) return;
    setPending(true);
    try {
      await api.post("auth/accept-invitation", { token, password }, { notify: false });
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.password) setErrors({ password: fields.password });
      else setNotice(noticeFor(error));
      setPending(false);
      return;
    }
    // The password is set: sign in with it, as on the sign-in page; if that fails, the sign-in page is next.
    try {
      const { signIn } = await import("../../lib/session.store");
      await signIn("agent", { email: info.email, password });
      location.assign(`/${locale}/`);
    } catch {
      location.assign(`/${locale}/login/`);
    }
  }

  return (
    <form className="card flex flex-col gap-4 p-6" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="invite-form" aria-busy={pending || undefined}>
      <p data-testid="invite-greeting">{t("invite.greeting", { name: info.name, agency: info.agency })}</p>
      <p className="muted text-sm">{t("invite.signInAs")} <bdi dir="ltr" className="font-semibold">{info.email}</bdi></p>
      <FormNotice notice={notice} />
      <PasswordField name="invite-password" label={t("auth.password")} hint={t("auth.passwordHint")} autoComplete="new-password" value={password} onValue={setPassword} error={errors.password} required />
      <PasswordField name="invite-confirm" label={t("auth.confirmPassword")} autoComplete="new-password" value={confirm} onValue={setConfirm} error={errors.confirm} required />
      <input type="email" name="username" autoComplete="username" value={info.email} readOnly hidden />
      <SubmitButton pending={pending} testId="invite-submit" icon={KeyRound}>{t("invite.submit")}</SubmitButton>
      <p className="muted text-center text-xs">{t("invite.expires", { date: expires })}</p>
    </form>
  );
}

export default withI18n(InviteAccept);
