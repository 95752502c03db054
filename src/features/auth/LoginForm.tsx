import { useStore } from "../../lib/use-store";
import { LogIn } from "../../components/ui/icons";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { signIn } from "../../lib/session.store";
import { noticeFor } from "./errors";
import { FormNotice, PasswordField, SubmitButton, TextField, focusFirstInvalid, readTypedForm, useTypedBeforeHydration } from "./fields";
import { createForm } from "./form.store";
import { safeNextTarget, type LoginArea } from "./next-target";

const FIELDS = { email: "", password: "" };

/** The sign-in form as stores, checked with the API's own schema; `initial`: what the page's fields hold already. */
export function createLoginForm(initial: typeof FIELDS = FIELDS) {
  return createForm({ schema: () => import("../../contract/auth").then((m) => m.loginInput), initial });
}

export interface LoginFormProps {
  locale: Locale;
  /** "agent": agencies and their staff (/login); "admin": administrators (/admin/login). */
  area: LoginArea;
  /** Opens the page after sign-in; a full load, so the edge guard sees the new cookies. Tests replace it. */
  navigate?: (path: string) => void;
}

/** Sign-in for agents and staff (/{lang}/login) or admins (/{lang}/admin/login). */
function LoginFormView({ locale, area, navigate = (path) => location.replace(path) }: LoginFormProps) {
  const t = useT();
  const prefix = area === "admin" ? "admin-login" : "login";
  // Typed before (or while) the island loaded: the form starts from it (issue 9).
  const [{ form, typed }] = useState(() => {
    const typed = readTypedForm(prefix, FIELDS);
    return { form: createLoginForm(typed.values), typed };
  });
  useEffect(() => void form.preload().catch(() => undefined), [form]);
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const pending = useStore(form.$pending);
  const formError = useStore(form.$formError);
  const ref = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(ref, prefix, form, typed.focus);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const done = await form.submit(
      async (input) => {
        await signIn(area, input);
      },
      (error) => form.$formError.set(noticeFor(error)),
    );
    if (done) navigate(safeNextTarget(new URLSearchParams(location.search).get("next"), area, locale, location.origin));
    else focusFirstInvalid(element);
  }

  return (
    <form ref={ref} method="post" className="card p-6 flex flex-col gap-4" noValidate onSubmit={onSubmit} data-testid="login-form" aria-busy={pending || undefined}>
      <FormNotice notice={formError} />
      <TextField
        name={`${prefix}-email`}
        label={t("auth.email")}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        ltr
        value={values.email}
        onValue={(value) => form.setField("email", value)}
        error={errors.email}
      />
      <PasswordField
        name={`${prefix}-password`}
        label={t("auth.password")}
        autoComplete="current-password"
        required
        value={values.password}
        onValue={(value) => form.setField("password", value)}
        error={errors.password}
      />
      <p className="-mt-2 text-end text-sm">
        <a className="text-accent-600 underline-offset-4 hover:underline" href={`/${locale}/forgot-password/${area === "admin" ? "?area=admin" : ""}`} data-testid="forgot-link">
          {t("auth.forgotLink")}
        </a>
      </p>
      <SubmitButton pending={pending} testId="login-submit" icon={LogIn} flipIcon>
        {t("auth.signIn")}
      </SubmitButton>
      {area === "agent" && (
        <p className="text-sm text-center muted">
          {t("auth.noAccount")}{" "}
          <a className="font-semibold text-accent-600 underline-offset-4 hover:underline" href={`/${locale}/register/`}>
            {t("auth.registerLink")}
          </a>
        </p>
      )}
    </form>
  );
}

export default withI18n(LoginFormView);
