/**
 * /{lang}/information drawn from the account's state (issue 9): the summary, the profile form and the password form.
 * Presentational: the edge draws it from the viewer's own account answer (functions/edge/views/account.tsx), the
 * island (AccountInformation.tsx) wires the stores to the same components. The forms drawn without the island keep
 * their submit buttons held (plain buttons: SubmitButton) so nothing is sent natively; what is typed is carried over to the
 * island by the controls' test ids, and a press on a button is made again on the island's (src/lib/edge-view-press.ts).
 */
import { KeyRound, RotateCw, Save } from "../../components/ui/icons";
import type { FormEvent, ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { Button } from "../../components/ui/Button";
import { Select } from "../../components/ui/Field";
import { formatMoney } from "../../components/ui/format";
import { LOCALES, LOCALE_INFO, type Locale } from "../../shared/locales";
import type { AccountState, OwnAccount, ReadyAccount } from "./account-state";
import { FormNotice, PasswordField, SubmitButton, TextField } from "./field-controls";
import type { FieldErrors, Notice } from "./form-types";

export const localeOf = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : "en");

/** The profile form's fields as the account holds them (a staff member has no contact name, address or city). */
export function profileValues(account: OwnAccount) {
  if (account.kind === "Agent") {
    const { name, contactName, phone, address, city, locale } = account.agent;
    return { name, contactName, phone, address: address ?? "", city: city ?? "", locale: localeOf(locale) };
  }
  const { name, phone, locale } = account.user;
  return { name, contactName: "", phone: phone ?? "", address: "", city: "", locale: localeOf(locale) };
}
/** As the form holds them (the language as typed: a string). */
export type ProfileValues = Record<keyof ReturnType<typeof profileValues>, string>;

export const PASSWORD_FIELDS = { currentPassword: "", newPassword: "", confirmPassword: "" };
export type PasswordValues = typeof PASSWORD_FIELDS;

/** What a form shows: its values, its problems, whether its call runs; and what it does (nothing when drawn). */
interface FormViewProps<V extends Record<string, string>> {
  values: V;
  errors?: FieldErrors<Extract<keyof V, string>>;
  pending?: boolean;
  formError?: Notice | null;
  onField?: (name: keyof V, value: string) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** The island runs the form; drawn without it, the submit button is held (SubmitButton). */
  live?: boolean;
}

const noop = () => {};
/** Drawn without the island: a native submit must never send the form (its button is disabled too). */
const held = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

/**
 * The page from the account's state. `forms` draws the two forms of a ready account (the island's live forms);
 * without it they are drawn from the account's values, as the island first shows them.
 */
export function AccountInformationBody({
  state, locale, onRetry = noop, forms,
}: { state: AccountState; locale: Locale; onRetry?: () => void; forms?: (account: OwnAccount) => ReactNode }) {
  const t = useT();
  if (state.status === "loading") {
    return (
      <div className="grid gap-6" aria-busy="true" data-testid="account-loading">
        <div className="card p-6 h-40 skeleton" />
        <div className="card p-6 h-72 skeleton" />
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div className="card p-8 flex flex-col items-center gap-3 text-center" role="alert">
        <p>{t("account.loadFailed")}</p>
        <Button icon={RotateCw} onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-6" data-testid="account-information">
      <Summary account={state} locale={locale} />
      {state.kind !== "Admin" && (
        <div className="grid gap-6 lg:grid-cols-2 items-start">
          {forms ? (
            forms(state)
          ) : (
            <>
              <ProfileFormView agent={state.kind === "Agent"} values={profileValues(state)} />
              <PasswordFormView values={PASSWORD_FIELDS} />
            </>
          )}
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
                ? formatMoney(account.agent.balance, account.agent.currency, locale)
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

/** The agency's (or staff member's) profile. */
export function ProfileFormView({ agent, values, errors = {}, pending = false, formError = null, onField = noop, onSubmit = held, live = false }: FormViewProps<ProfileValues> & { agent: boolean }) {
  const t = useT();
  const field = (name: keyof ProfileValues) => ({
    name: `profile-${name}`,
    value: values[name],
    onValue: (value: string) => onField(name, value),
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
        onValue={(value) => onField("locale", value)}
        options={LOCALES.map((code) => ({ value: code, label: LOCALE_INFO[code].nativeName }))}
        hint={t("account.languageHint")}
      />
      <SubmitButton pending={pending} testId="profile-submit" icon={Save} held={!live}>
        {t("common.save")}
      </SubmitButton>
    </form>
  );
}

/** The password change. */
export function PasswordFormView({ values, errors = {}, pending = false, formError = null, onField = noop, onSubmit = held, live = false }: FormViewProps<PasswordValues>) {
  const t = useT();
  const field = (name: keyof PasswordValues) => ({
    name: `password-${name}`,
    value: values[name],
    onValue: (value: string) => onField(name, value),
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
      <SubmitButton pending={pending} testId="password-submit" icon={KeyRound} held={!live}>
        {t("account.changePassword")}
      </SubmitButton>
    </form>
  );
}
