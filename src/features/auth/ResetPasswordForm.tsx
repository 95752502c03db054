/**
 * /reset-password#<token> (issue 27): the one-time link of a password reset (by email, or handed over by the office).
 * The token is in the fragment, so it never reaches a server log; it is read after mount. The page greets the account,
 * takes the new password twice, sets it (every session of the account ends, on every device) and signs in with it.
 * A used, expired or unknown link says so and offers to ask again. Same look as the sign-in and invitation forms.
 */
import { KeyRound } from "../../components/ui/icons";
import { useEffect, useState, type FormEvent } from "react";
import { Skeleton, formatDate } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import type { ResetInfo } from "../../contract/password-resets";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { errorBody, noticeFor } from "./errors";
import { FormNotice, PasswordField, SubmitButton } from "./fields";
import type { Notice } from "./form.store";
import { LinkProblem } from "./LinkProblem";

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
      <LinkProblem
        message={"key" in state.notice ? t(state.notice.key) : state.notice.text}
        href={`/${locale}/forgot-password/`}
        action={t("resetPage.askAgain")}
        testId="reset-invalid"
      />
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

/**
 * The page as the build draws it (issue 32): a placeholder until the island has read the link, and the "incomplete
 * link" card, hidden, which the page's script shows at once when the address has no token (reset.client.ts).
 */
export function ResetFormBuilt({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <>
      <div data-link-part="pending" aria-busy="true" data-testid="reset-loading">
        <Skeleton className="h-64" />
      </div>
      <div data-link-part="incomplete" hidden>
        <LinkProblem message={t("resetPage.missing")} href={`/${locale}/forgot-password/`} action={t("resetPage.askAgain")} testId="reset-invalid" />
      </div>
    </>
  );
}

export default withI18n(ResetPasswordForm);
