/**
 * /reset-password#<token> (issue 27): the one-time link of a password reset (by email, or handed over by the office).
 * The token is in the fragment, so it never reaches a server log; it is read after mount. The page greets the account,
 * takes the new password twice, sets it (every session of the account ends, on every device) and signs in with it.
 * A used, expired or unknown link says so and offers to ask again. Same look as the sign-in and invitation forms.
 */
import { KeyRound, TriangleAlert } from "../../components/ui/icons";
import { useEffect, useState, type FormEvent } from "react";
import { buttonClass } from "../../components/ui/Button";
import { Skeleton, formatDate } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import type { ResetInfo } from "../../contract/password-resets";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { errorBody, noticeFor } from "./errors";
import { FormNotice, PasswordField, SubmitButton } from "./fields";
import type { Notice } from "./form.store";

type State = { status: "loading" } | { status: "invalid"; notice: Notice } | { status: "ready"; token: string; info: ResetInfo };

/** The API's word on the password field of a 400 ("password: …"), if it had one. */
function passwordError(error: unknown): string | undefined {
  const message = errorBody(error)?.message;
  const entries = Array.isArray(message) ? message : message ? [message] : [];
  return entries.find((m) => m.startsWith("password:"))?.slice("password:".length).trim();
}

function ResetPasswordForm({ locale }: { locale: Locale }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: "loading" });
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const token = location.hash.slice(1);
    if (!token) return setState({ status: "invalid", notice: { key: "resetPage.missing" } });
    api.post<ResetInfo>("auth/password-reset/check", { token }, { notify: false }).then(
      (info) => setState({ status: "ready", token, info }),
      (error: unknown) => setState({ status: "invalid", notice: noticeFor(error) }),
    );
  }, []);

  if (state.status === "loading") return <div aria-busy="true"><Skeleton className="h-64" /></div>;
  if (state.status === "invalid") {
    return (
      <section role="alert" className="card flex flex-col items-center gap-3 p-8 text-center" data-testid="reset-invalid">
        <TriangleAlert size={24} aria-hidden="true" className="text-warning-600" />
        <p>{"key" in state.notice ? t(state.notice.key) : state.notice.text}</p>
        <a className={buttonClass("outline", "md", "mt-2")} href={`/${locale}/forgot-password/`}>{t("resetPage.askAgain")}</a>
      </section>
    );
  }
  const { info, token } = state;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = { ...(!password && { password: "validation.required" }), ...(confirm !== password && { confirm: "auth.passwordsDiffer" }) };
    setErrors(problems);
    setNotice(null);
    if (Object.keys(problems).length) return;
    setPending(true);
    try {
      await api.post("auth/password-reset", { token, password }, { notify: false });
    } catch (error) {
      const field = passwordError(error);
      if (field) setErrors({ password: field });
      else setNotice(noticeFor(error));
      setPending(false);
      return;
    }
    // Set, and every old session ended: sign in with the new password; if that fails, the sign-in page is next.
    try {
      const { signIn } = await import("../../lib/session.store");
      await signIn("agent", { email: info.email, password });
      location.assign(`/${locale}/`);
    } catch {
      location.assign(`/${locale}/login/`);
    }
  }

  return (
    <form className="card flex flex-col gap-4 p-6" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="reset-form" aria-busy={pending || undefined}>
      <p data-testid="reset-greeting">{t("resetPage.greeting", { name: info.name })}</p>
      <p className="muted text-sm">
        {t("invite.signInAs")} <bdi dir="ltr" className="font-semibold">{info.email}</bdi>
      </p>
      <FormNotice notice={notice} />
      <PasswordField name="reset-password" label={t("account.newPassword")} hint={t("auth.passwordHint")} autoComplete="new-password" value={password} onValue={setPassword} error={errors.password} required />
      <PasswordField name="reset-confirm" label={t("auth.confirmPassword")} autoComplete="new-password" value={confirm} onValue={setConfirm} error={errors.confirm} required />
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={info.email} readOnly hidden />
      <SubmitButton pending={pending} testId="reset-submit" icon={KeyRound}>{t("resetPage.submit")}</SubmitButton>
      <p className="muted text-center text-xs">{t("resetPage.note", { date: formatDate(info.expiresAt, locale, { timeStyle: "short" }) })}</p>
    </form>
  );
}

export default withI18n(ResetPasswordForm);
