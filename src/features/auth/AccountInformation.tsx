import { useStore } from "../../lib/use-store";
import { useEffect, useState, type FormEvent } from "react";
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { toast } from "../../lib/toast";
import { $account, loadAccount, saveAccount } from "./account.store";
import type { OwnAccount } from "./account-state";
import { AccountInformationBody, PASSWORD_FIELDS, PasswordFormView, ProfileFormView, profileValues } from "./AccountInformationView";
import { errorCode, noticeFor } from "./errors";
import { focusFirstInvalid } from "./fields";
import { createForm, type FieldErrors } from "./form.store";

/**
 * /{lang}/information: the signed-in agency's (or staff member's) own account, its profile and its password. The
 * edge draws the page (AccountInformationView.tsx); this island takes it over when the reader reaches for a form.
 */
function AccountInformationView({ locale }: { locale: Locale }) {
  const account = useStore($account);
  useEffect(() => {
    void loadAccount();
  }, []);
  return (
    <AccountInformationBody
      state={account}
      locale={locale}
      onRetry={() => void loadAccount()}
      forms={(ready) => (
        <>
          <ProfileForm account={ready} />
          <PasswordForm kind={ready.kind} />
        </>
      )}
    />
  );
}

function createProfileForm(account: OwnAccount) {
  const agent = account.kind === "Agent";
  return createForm({
    schema: () => import("../../contract/auth").then((m) => (agent ? m.updateAgentInput : m.updateUserInput)),
    initial: profileValues(account),
    input: ({ name, contactName, phone, address, city, locale }) =>
      agent ? { name, contactName, phone, address, city, locale } : { name, phone: phone.trim() || undefined, locale },
  });
}

function ProfileForm({ account }: { account: OwnAccount }) {
  const t = useT();
  const [form] = useState(() => createProfileForm(account));
  useEffect(() => void form.preload().catch(() => undefined), [form]);
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const pending = useStore(form.$pending);
  const formError = useStore(form.$formError);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const done = await form.submit(
      async (input) => {
        await saveAccount(input);
        toast.success(t("account.saved"));
      },
      (error) => form.$formError.set(noticeFor(error)),
    );
    if (!done) focusFirstInvalid(element);
  }

  return (
    <ProfileFormView
      agent={account.kind === "Agent"}
      values={values}
      errors={errors}
      pending={pending}
      formError={formError}
      onField={(name, value) => form.setField(name, value)}
      onSubmit={(event) => void onSubmit(event)}
      live
    />
  );
}

type PasswordField = keyof typeof PASSWORD_FIELDS;

/** The password change: the API's rules (strength, the current password) plus the confirmation. */
export function createPasswordForm(kind: "Agent" | "User") {
  return createForm({
    schema: () => import("../../contract/auth").then((m) => (kind === "Agent" ? m.updateAgentInput : m.updateUserInput)),
    initial: PASSWORD_FIELDS,
    input: ({ currentPassword, newPassword }) => ({ currentPassword: currentPassword || undefined, newPassword: newPassword || undefined }),
    extra: ({ newPassword, confirmPassword }): FieldErrors<PasswordField> => ({
      newPassword: newPassword ? undefined : "validation.required",
      confirmPassword: !confirmPassword ? "validation.required" : confirmPassword !== newPassword ? "auth.passwordsDiffer" : undefined,
    }),
  });
}

function PasswordForm({ kind }: { kind: "Agent" | "User" }) {
  const t = useT();
  const [form] = useState(() => createPasswordForm(kind));
  useEffect(() => void form.preload().catch(() => undefined), [form]);
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const pending = useStore(form.$pending);
  const formError = useStore(form.$formError);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const done = await form.submit(
      async (input) => {
        await saveAccount({ currentPassword: input.currentPassword, newPassword: input.newPassword });
        form.reset();
        toast.success(t("account.passwordChanged"));
      },
      (error) => {
        if (errorCode(error) === "WRONG_PASSWORD") form.setFieldError("currentPassword", "validation.currentPasswordWrong");
        else form.$formError.set(noticeFor(error));
      },
    );
    if (!done) focusFirstInvalid(element);
  }

  return (
    <PasswordFormView
      values={values}
      errors={errors}
      pending={pending}
      formError={formError}
      onField={(name, value) => form.setField(name, value)}
      onSubmit={(event) => void onSubmit(event)}
      live
    />
  );
}

export default withI18n(AccountInformationView);
