import { useStore } from "../../lib/use-store";
import { MailCheck, UserPlus } from "../../components/ui/icons";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useT } from "../../lib/i18n";
import { buttonClass } from "../../components/ui/Button";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { registerAgency } from "./api";
import { errorCode, noticeFor } from "./errors";
import { FormNotice, PasswordField, SubmitButton, TextField, focusFirstInvalid, readTypedForm, useTypedBeforeHydration } from "./fields";
import { createForm, type FieldErrors } from "./form.store";

const FIELDS = { name: "", contactName: "", email: "", phone: "", password: "", confirmPassword: "", address: "", city: "" };
export type RegisterField = keyof typeof FIELDS;

/** The registration form as stores: the API's schema, plus the confirmation it cannot see. */
export function createRegisterForm(locale: Locale, initial: typeof FIELDS = FIELDS) {
  return createForm({
    schema: () => import("../../contract/auth").then((m) => m.registerAgentInput),
    initial,
    // An empty password is "required", not "too short".
    input: ({ confirmPassword: _confirm, password, ...values }) => ({ ...values, password: password || undefined, locale }),
    extra: (values): FieldErrors<RegisterField> =>
      !values.confirmPassword
        ? { confirmPassword: "validation.required" }
        : values.confirmPassword !== values.password
          ? { confirmPassword: "auth.passwordsDiffer" }
          : {},
  });
}

/** Agency self-registration (DESIGN §2): after it is sent, says clearly that an administrator must enable the account. */
function RegisterFormView({ locale }: { locale: Locale }) {
  const t = useT();
  // Typed before (or while) the island loaded: the form starts from it (issue 9).
  const [{ form, typed }] = useState(() => {
    const typed = readTypedForm("register", FIELDS);
    return { form: createRegisterForm(locale, typed.values), typed };
  });
  useEffect(() => void form.preload().catch(() => undefined), [form]);
  const ref = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(ref, "register", form, typed.focus);
  const [registered, setRegistered] = useState<{ name: string; email: string } | null>(null);
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const pending = useStore(form.$pending);
  const formError = useStore(form.$formError);

  if (registered) {
    return (
      <section role="status" className="card p-8 flex flex-col items-center text-center gap-3" data-testid="register-pending">
        <MailCheck size={24} aria-hidden="true" className="text-primary-600" />
        <h2 className="text-xl font-bold">{t("auth.registered.title")}</h2>
        <p>{t("auth.registered.body", { name: registered.name })}</p>
        <p className="muted text-sm">{t("auth.registered.next", { email: registered.email })}</p>
        <a className={buttonClass("outline", "md", "mt-2")} href={`/${locale}/login/`}>
          {t("auth.backToSignIn")}
        </a>
      </section>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const done = await form.submit(
      async (input) => {
        const agency = await registerAgency(input);
        setRegistered({ name: agency.name ?? input.name, email: agency.email ?? input.email });
      },
      (error) => {
        if (errorCode(error) === "EMAIL_TAKEN") form.setFieldError("email", "auth.emailTaken");
        else form.$formError.set(noticeFor(error));
      },
    );
    if (!done) focusFirstInvalid(element);
  }

  const field = (name: RegisterField) => ({
    name: `register-${name}`,
    value: values[name],
    onValue: (value: string) => form.setField(name, value),
    error: errors[name],
  });

  return (
    <form ref={ref} method="post" className="card p-6 grid gap-4 sm:grid-cols-2" noValidate onSubmit={onSubmit} data-testid="register-form" aria-busy={pending || undefined}>
      <div className="sm:col-span-2 empty:hidden">
        <FormNotice notice={formError} />
      </div>
      <TextField {...field("name")} label={t("auth.agencyName")} autoComplete="organization" required />
      <TextField {...field("contactName")} label={t("auth.contactName")} autoComplete="name" required />
      <TextField {...field("email")} label={t("auth.email")} type="email" autoComplete="email" inputMode="email" required ltr />
      <TextField {...field("phone")} label={t("auth.phone")} type="tel" autoComplete="tel" inputMode="tel" required ltr />
      <PasswordField {...field("password")} label={t("auth.password")} autoComplete="new-password" hint={t("auth.passwordHint")} required />
      <PasswordField {...field("confirmPassword")} label={t("auth.confirmPassword")} autoComplete="new-password" required />
      <TextField {...field("address")} label={t("auth.address")} autoComplete="street-address" className="sm:col-span-2" />
      <TextField {...field("city")} label={t("auth.city")} autoComplete="address-level2" />
      <div className="sm:col-span-2 flex flex-col gap-3">
        <SubmitButton pending={pending} testId="register-submit" icon={UserPlus}>
          {t("auth.register")}
        </SubmitButton>
        <p className="text-sm text-center muted">
          {t("auth.haveAccount")}{" "}
          <a className="font-semibold text-accent-600 underline-offset-4 hover:underline" href={`/${locale}/login/`}>
            {t("auth.signIn")}
          </a>
        </p>
      </div>
    </form>
  );
}

export default withI18n(RegisterFormView);
