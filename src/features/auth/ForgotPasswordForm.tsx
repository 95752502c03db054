/**
 * /forgot-password (issue 27): a locked-out agency or staff user asks for a reset link. The answer is the same for
 * every address (it never says whether an account exists): "check your email" when the site sends email, else "the
 * office will give you a link". `?area=admin` came from the admin sign-in: the way back leads there.
 */
import { ArrowLeft, Send } from "../../components/ui/icons";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { buttonClass } from "../../components/ui/Button";
import { withI18n } from "../../components/with-i18n";
import type { ForgotPasswordAnswer } from "../../contract/password-resets";
import { api } from "../../lib/api";
import { useStore } from "../../lib/use-store";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { noticeFor } from "./errors";
import { FormNotice, SubmitButton, TextField, focusFirstInvalid, readTypedForm, useTypedBeforeHydration } from "./fields";
import { createForm } from "./form.store";

function ForgotPasswordForm({ locale }: { locale: Locale }) {
  const t = useT();
  // Typed before the island loaded (the page is drawn at build time): the form starts from it, as the sign-in form does.
  const [{ form, typed }] = useState(() => {
    const typed = readTypedForm("forgot", { email: "" });
    return { form: createForm({ schema: () => import("../../contract/password-resets").then((m) => m.forgotPasswordInput), initial: typed.values }), typed };
  });
  useEffect(() => void form.preload().catch(() => undefined), [form]);
  const ref = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(ref, "forgot", form, typed.focus);
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const pending = useStore(form.$pending);
  const formError = useStore(form.$formError);
  const [done, setDone] = useState<{ email: string; delivery: ForgotPasswordAnswer["delivery"] } | null>(null);
  const admin = typeof location !== "undefined" && new URLSearchParams(location.search).get("area") === "admin";
  const back = `/${locale}/${admin ? "admin/login/" : "login/"}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const sent = await form.submit(
      async (input) => {
        const answer = await api.post<ForgotPasswordAnswer>("auth/forgot-password", input, { notify: false });
        setDone({ email: input.email, delivery: answer.delivery });
      },
      (error) => form.$formError.set(noticeFor(error)),
    );
    if (!sent) focusFirstInvalid(element);
  }

  if (done) {
    return (
      <section className="card flex flex-col gap-4 p-6" role="status" data-testid="forgot-done">
        <p>{t(done.delivery === "email" ? "forgot.sentEmail" : "forgot.sentOffice", { email: done.email })}</p>
        <p className="muted text-sm">{t("forgot.validFor")}</p>
        <a className={buttonClass("outline", "md")} href={back}>
          <ArrowLeft size={18} aria-hidden="true" className="rtl:rotate-180" />
          {t("forgot.back")}
        </a>
      </section>
    );
  }

  return (
    <form ref={ref} className="card flex flex-col gap-4 p-6" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="forgot-form" aria-busy={pending || undefined}>
      <p>{t("forgot.intro")}</p>
      <FormNotice notice={formError} />
      <TextField
        name="forgot-email"
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
      <SubmitButton pending={pending} testId="forgot-submit" icon={Send} flipIcon>{t("forgot.submit")}</SubmitButton>
      <p className="text-center text-sm">
        <a className="font-semibold text-accent-600 underline-offset-4 hover:underline" href={back}>{t("forgot.back")}</a>
      </p>
    </form>
  );
}

export default withI18n(ForgotPasswordForm);
