/**
 * Email through an HTTP email API (issue 27): a Worker cannot speak SMTP, so messages go out as one HTTPS POST each,
 * in the JSON shape most providers take (Resend, and Postmark/SendGrid behind a small adapter): { from, to, subject,
 * text, html } with a bearer key. Off by default, like Firebase: without EMAIL_API_URL, EMAIL_API_KEY and EMAIL_FROM
 * nothing is sent and the office hands links over itself. Tests point EMAIL_API_URL at a fake that checks each message.
 */
import type { EmailMessage, Mailer } from "../services/email";

export interface EmailEnv {
  /** The provider's send endpoint, e.g. https://api.resend.com/emails. Unset: email is off. */
  EMAIL_API_URL?: string;
  /** The provider's API key (a secret). */
  EMAIL_API_KEY?: string;
  /** The sender, e.g. "Visa Hub <no-reply@example.com>" (a domain the provider verified). */
  EMAIL_FROM?: string;
}

/** The mailer of this environment, or null when email is not configured (all three settings are needed). */
export function emailSender(env: EmailEnv, fetcher: typeof fetch = fetch): Mailer | null {
  const url = env.EMAIL_API_URL?.trim();
  const key = env.EMAIL_API_KEY?.trim();
  const from = env.EMAIL_FROM?.trim();
  if (!url || !key || !from) return null;
  return {
    async send(message: EmailMessage) {
      const response = await fetcher(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
      });
      if (!response.ok) throw new Error(`email API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    },
  };
}
