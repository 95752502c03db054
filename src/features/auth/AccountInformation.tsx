import { useStore } from "../../lib/use-store";
import { KeyRound, RotateCw, Save } from "../../components/ui/icons";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { Button } from "../../components/ui/Button";
import { Select } from "../../components/ui/Field";
import { withI18n } from "../../components/with-i18n";
import { LOCALES, LOCALE_INFO, type Locale } from "../../shared/locales";
import { formatBalance } from "../../lib/session";
import { toast } from "../../lib/toast";
import { $account, loadAccount, saveAccount, type ReadyAccount } from "./account.store";
import { errorCode, noticeFor } from "./errors";
import { FormNotice, PasswordField, SubmitButton, TextField, focusFirstInvalid } from "./fields";
import { createForm, type FieldErrors } from "./form.store";

/** /{lang}/information: the signed-in agency's (or staff member's) own account, its profile and its password. */
function AccountInformationView({ locale }: { locale: Locale }) {
  const t = useT();
  const account = useStore($account);
  useEffect(() => {
    void loadAccount();
  }, []);

  if (account.status === "loading") {
    return (
      <div className="grid gap-6" aria-busy="true" data-testid="account-loading">
        <div className="card p-6 h-40 skeleton" />
        <div className="card p-6 h-72 skeleton" />
      </div>
    );
  }
  if (account.status === "error") {
    return (
      <div className="card p-8 flex flex-col items-center gap-3 text-center" role="alert">
        <p>{t("account.loadFailed")}</p>
        <Button icon={RotateCw} onClick={() => void loadAccount()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-6" data-testid="account-information">
      <Summary account={account} locale={locale} />
      {account.kind !== "Admin" && (
        <div className="grid gap-6 lg:grid-cols-2 items-start">
          <ProfileForm account={account} />
          <PasswordForm kind={account.kind} />
        </div>
      )}
    </div>
  );
}

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="muted text-sm">{label}</dt>
      <dd className="font-semibold mt-0.5 break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function Summary({ account, locale }: { account: ReadyAccount; locale: Locale }) {
  const t = useT();
  const record = account.kind === "Agent" ? account.agent : account.kind === "User" ? account.user : account.admin;
  return (
    <section className="card p-6" aria-labelledby="account-summary-title">
      <h2 id="account-summary-title" className="text-lg font-bold mb-4">
        {record.name}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Item label={t("auth.email")}>
          <bdi>{record.email}</bdi>
        </Item>
        {account.kind === "Agent" && (
          <>
            <Item label={t("account.group")} testId="account-group">
              {account.agent.group?.name ?? t("account.noGroup")}
            </Item>
            <Item label={t("account.balance")} testId="account-balance-value">
              {typeof account.agent.balance === "number" && account.agent.currency
                ? formatBalance(account.agent.balance, account.agent.currency, locale)
                : "—"}
            </Item>
          </>
        )}
        {account.kind === "User" && (
          <Item label={t("account.agency")} testId="account-agency">
            {account.agency.name}
          </Item>
        )}
        {account.kind !== "Admin" && <Item label={t("account.language")}>{LOCALE_INFO[localeOf(record.locale)].nativeName}</Item>}
      </dl>
    </section>
  );
}

const localeOf = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : "en");

function profileValues(account: Exclude<ReadyAccount, { kind: "Admin" }>) {
  if (account.kind === "Agent") {
    const { name, contactName, phone, address, city, locale } = account.agent;
    return { name, contactName, phone, address: address ?? "", city: city ?? "", locale: localeOf(locale) };
  }
  const { name, phone, locale } = account.user;
  return { name, contactName: "", phone: phone ?? "", address: "", city: "", locale: localeOf(locale) };
}

function createProfileForm(account: Exclude<ReadyAccount, { kind: "Admin" }>) {
  const agent = account.kind === "Agent";
  return createForm({
    schema: () => import("../../contract/auth").then((m) => (agent ? m.updateAgentInput : m.updateUserInput)),
    initial: profileValues(account),
    input: ({ name, contactName, phone, address, city, locale }) =>
      agent ? { name, contactName, phone, address, city, locale } : { name, phone: phone.trim() || undefined, locale },
  });
}

function ProfileForm({ account }: { account: Exclude<ReadyAccount, { kind: "Admin" }> }) {
  const t = useT();
  const [form] = useState(() => createProfileForm(account));
  useEffect(() => void form.preload().catch(() => undefined), [form]);
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const pending = useStore(form.$pending);
  const formError = useStore(form.$formError);
  const agent = account.kind === "Agent";

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

  type Field = keyof typeof values;
  const field = (name: Field) => ({
    name: `profile-${name}`,
    value: values[name],
    onValue: (value: string) => form.setField(name, value),
    error: errors[name],
  });

  return (
    <form method="post" className="card p-6 grid gap-4" noValidate onSubmit={onSubmit} aria-labelledby="profile-title" data-testid="profile-form">
      <h2 id="profile-title" className="text-lg font-bold">
        {t(agent ? "account.profile" : "account.staffProfile")}
      </h2>
      <FormNotice notice={formError} />
      <TextField {...field("name")} label={t(agent ? "auth.agencyName" : "auth.fullName")} autoComplete={agent ? "organization" : "name"} required />
      {agent && <TextField {...field("contactName")} label={t("auth.contactName")} autoComplete="name" required />}
      <TextField {...field("phone")} label={t("auth.phone")} type="tel" autoComplete="tel" inputMode="tel" required={agent} ltr />
      {agent && <TextField {...field("address")} label={t("auth.address")} autoComplete="street-address" />}
      {agent && <TextField {...field("city")} label={t("auth.city")} autoComplete="address-level2" />}
      <Select
        label={t("account.language")}
        name="profile-locale"
        testId="profile-locale"
        value={values.locale}
        onValue={(value) => form.setField("locale", value)}
        options={LOCALES.map((code) => ({ value: code, label: LOCALE_INFO[code].nativeName }))}
        hint={t("account.languageHint")}
      />
      <SubmitButton pending={pending} testId="profile-submit" icon={Save}>
        {t("common.save")}
      </SubmitButton>
    </form>
  );
}

const PASSWORD_FIELDS = { currentPassword: "", newPassword: "", confirmPassword: "" };
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

  const field = (name: PasswordField) => ({
    name: `password-${name}`,
    value: values[name],
    onValue: (value: string) => form.setField(name, value),
    error: errors[name],
    required: true,
  });

  return (
    <form method="post" className="card p-6 grid gap-4" noValidate onSubmit={onSubmit} aria-labelledby="password-title" data-testid="password-form">
      <h2 id="password-title" className="text-lg font-bold">
        {t("account.changePassword")}
      </h2>
      <FormNotice notice={formError} />
      <PasswordField {...field("currentPassword")} label={t("account.currentPassword")} autoComplete="current-password" />
      <PasswordField {...field("newPassword")} label={t("account.newPassword")} autoComplete="new-password" hint={t("auth.passwordHint")} />
      <PasswordField {...field("confirmPassword")} label={t("auth.confirmPassword")} autoComplete="new-password" />
      <SubmitButton pending={pending} testId="password-submit" icon={KeyRound}>
        {t("account.changePassword")}
      </SubmitButton>
    </form>
  );
}

export default withI18n(AccountInformationView);
