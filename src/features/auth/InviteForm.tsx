/**
 * The invitation form as the invitee sees it (issue 9): who invites them, the account they will sign in as, the new
 * password twice, when the link runs out. Drawn by InviteAccept (the island), and at build time with empty slots
 * (`info` null) that the page's small script fills from the invitation (invite.client.ts), so the form is there and
 * takes typing before React is.
 */
import { KeyRound } from "../../components/ui/icons";
import type { FormEvent, ReactNode } from "react";
import type { InvitationInfo } from "../../contract/invitations";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { FormNotice, PasswordField, SubmitButton } from "./fields";
import type { Notice } from "./form.store";
import { Skeleton } from "../../components/ui";
import { inviteExpiry, type InviteSlot } from "./invite-slots";
import { LinkProblem } from "./LinkProblem";

export interface InviteFormProps {
  locale: Locale;
  /** The invitation; null at build time: its texts are left as slots the page's script fills. */
  info: InvitationInfo | null;
  password: string;
  confirm: string;
  errors: { password?: string; confirm?: string };
  notice: Notice | null;
  pending: boolean;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

const slot = (name: InviteSlot) => <span data-invite-slot={name} />;
/** A message whose placeholders are slots: the text is split where the marked values stand. */
function withSlots(text: string): ReactNode[] {
  return text.split(/\u0000(\w+)\u0000/).map((part, i) => (i % 2 === 1 ? <span key={i} data-invite-slot={part} /> : part));
}
const marker = (name: InviteSlot) => `\u0000${name}\u0000`;

export function InviteForm({ locale, info, password, confirm, errors, notice, pending, onPassword, onConfirm, onSubmit }: InviteFormProps) {
  const t = useT();
  return (
    <form className="card flex flex-col gap-4 p-6" noValidate onSubmit={onSubmit} data-testid="invite-form" aria-busy={pending || undefined}>
      <p data-testid="invite-greeting">
        {info ? t("invite.greeting", { name: info.name, agency: info.agency }) : withSlots(t("invite.greeting", { name: marker("name"), agency: marker("agency") }))}
      </p>
      <p className="muted text-sm">
        {t("invite.signInAs")}{" "}
        <bdi dir="ltr" className="font-semibold">
          {info ? info.email : slot("email")}
        </bdi>
      </p>
      <FormNotice notice={notice} />
      <PasswordField name="invite-password" label={t("auth.password")} hint={t("auth.passwordHint")} autoComplete="new-password" value={password} onValue={onPassword} error={errors.password} required />
      <PasswordField name="invite-confirm" label={t("auth.confirmPassword")} autoComplete="new-password" value={confirm} onValue={onConfirm} error={errors.confirm} required />
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={info?.email ?? ""} data-invite-slot={info ? undefined : "username"} readOnly hidden />
      <SubmitButton pending={pending} testId="invite-submit" icon={KeyRound}>{t("invite.submit")}</SubmitButton>
      <p className="muted text-center text-xs">
        {info ? t("invite.expires", { date: inviteExpiry(locale, info.expiresAt) }) : withSlots(t("invite.expires", { date: marker("date") }))}
      </p>
    </form>
  );
}

const nothing = () => {};

/**
 * The page's first view, from the build: a placeholder while the page's script asks for the invitation, and the form
 * with its slots, shown once they are filled. The submit button stays disabled until the island is there.
 */
export function InviteFormBuilt({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <>
      <div data-invite-part="loading" data-link-part="pending" aria-busy="true" data-testid="invite-loading">
        <Skeleton className="h-64" />
      </div>
      <div data-invite-part="form" hidden>
        <InviteForm locale={locale} info={null} password="" confirm="" errors={{}} notice={null} pending={false} onPassword={nothing} onConfirm={nothing} onSubmit={nothing} />
      </div>
      <div data-link-part="incomplete" hidden>
        <LinkProblem message={t("invite.missing")} href={`/${locale}/login/`} action={t("invite.toLogin")} testId="invite-invalid" />
      </div>
    </>
  );
}
