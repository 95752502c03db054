/**
 * /invite#<token>: a staff user's one-time invitation (our auth/invitation, auth/accept-invitation). The token is in
 * the fragment, so it never reaches a server log; it is read after mount. The invitee sees who invites them, sets a
 * password, and is signed in with it (on failure, sent to the sign-in page). A used, expired or unknown link says
 * so and offers the sign-in page. Same look as the sign-in and registration forms.
 */
import { useEffect, useState, type FormEvent } from "react";
import { Skeleton } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import type { InvitationInfo } from "../../contract/invitations";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { errorBody, noticeFor } from "./errors";
import type { Notice } from "./form.store";
import { InviteForm } from "./InviteForm";
import { LinkProblem } from "./LinkProblem";

type State = { status: "loading" } | { status: "invalid"; notice: Notice } | { status: "ready"; token: string; info: InvitationInfo };

/** Field errors of a 400 ("password: …" entries) by field; the rest is the form's notice. */
function fieldErrors(error: unknown): Partial<Record<"password", string>> {
  const message = errorBody(error)?.message;
  const entries = Array.isArray(message) ? message : message ? [message] : [];
  const password = entries.find((m) => m.startsWith("password:"));
  return password ? { password: password.slice("password:".length).trim() } : {};
}

/**
 * `initial`: the invitation as the page's script already read it for this link (invite.client.ts), when the island
 * takes over the form the page showed: it is not asked for again.
 */
function InviteAccept({ locale, initial }: { locale: Locale; initial?: InvitationInfo }) {
  const t = useT();
  const [state, setState] = useState<State>(() => {
    const token = typeof location === "undefined" ? "" : location.hash.slice(1);
    return initial && token ? { status: "ready", token, info: initial } : { status: "loading" };
  });
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (state.status === "ready") return;
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

  // Busy while loading: a view the island takes over waits until the form is there (edge-view-mount.tsx).
  if (state.status === "loading") return <div aria-busy="true"><Skeleton className="h-64" /></div>;
  if (state.status === "invalid") {
    return (
      <LinkProblem
        message={"key" in state.notice ? t(state.notice.key) : state.notice.text}
        href={`/${locale}/login/`}
        action={t("invite.toLogin")}
        testId="invite-invalid"
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
    <InviteForm
      locale={locale}
      info={info}
      password={password}
      confirm={confirm}
      errors={errors}
      notice={notice}
      pending={pending}
      onPassword={setPassword}
      onConfirm={setConfirm}
      onSubmit={(event) => void onSubmit(event)}
    />
  );
}

export default withI18n(InviteAccept);
