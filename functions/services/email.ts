/** Outgoing email (issue 27): what services hand to the mailer (hub/email-api.ts in the Worker, a fake in tests). */
import { isRtl, type Locale } from "../../src/shared/locales";
import { translate } from "../i18n";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The reset email in the account's language: the greeting, the link, how long it works, and what to do when the
 * person did not ask. Plain text and a small HTML version (mirrored in Arabic and Kurdish); every value escaped.
 */
export function resetEmail(locale: Locale, to: { email: string; name: string }, link: string, minutes: number): EmailMessage {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(locale, key, vars);
  const lines = [t("reset.email.greeting", { name: to.name }), t("reset.email.body"), link, t("reset.email.expires", { minutes }), t("reset.email.notYou")];
  const dir = isRtl(locale) ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${locale === "ku" ? "ckb" : locale}" dir="${dir}"><body>`
    + `<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(lines[1]!)}</p>`
    + `<p><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(t("reset.email.button"))}</a></p>`
    + `<p>${escapeHtml(lines[3]!)}</p><p>${escapeHtml(lines[4]!)}</p></body></html>`;
  return { to: to.email, subject: t("reset.email.subject"), text: lines.join("\n\n"), html };
}
