/**
 * GET /s/{token}: the traveller's status page (issue 29), drawn here as one small static HTML document — no script,
 * no font, no image, styles inline — so it opens at once on a weak phone connection (a few KB in all). It shows the
 * traveller's first name, the visa, the status in words, the date of the last change and the agency's name and phone
 * in the link's language; never money, documents, passport numbers or the thread (services/share-links.ts chooses
 * what leaves the database). Not indexed, not cached, and the address (the token) is not sent on as a referrer.
 */
import { LOCALE_INFO, type Locale } from "../../../src/shared/locales";
import { VISA_STATUS_KEYS } from "../../../src/shared/request-status";
import { formatDate } from "../../../src/components/ui/format";
import { translate } from "../../i18n";
import type { SharedStatus } from "../../services/share-links";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A phone number as a tel: link target: digits and a leading +, nothing a browser could read as another scheme. */
const telOf = (phone: string) => phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");

/** What each status means to a traveller, in a sentence. */
const STATUS_TONE: Record<SharedStatus["status"], "wait" | "act" | "good" | "bad"> = {
  Requested: "wait", InProcess: "wait", Modified: "wait", Paid: "wait", DocumentNeeded: "act", CorrectionNeeded: "act",
  Approved: "good", Rejected: "bad", Canceled: "bad",
};
const TONE_COLOUR = { wait: "#1e5aa8", act: "#9a5b00", good: "#1f7a3a", bad: "#a8321e" };
const TONE_TEXT = { wait: "share.means.wait", act: "share.means.act", good: "share.means.good", bad: "share.means.bad" };

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

function page(locale: Locale, title: string, body: string, status: number): Response {
  const { htmlLang, dir } = LOCALE_INFO[locale];
  const html = `<!doctype html><html lang="${htmlLang}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">
<title>${escape(title)}</title><style>
body{margin:0;font:16px/1.5 system-ui,"Noto Sans Arabic","Noto Naskh Arabic",sans-serif;background:#f4f6f9;color:#1b1f24}
main{max-width:30rem;margin:0 auto;padding:1.25rem}h1{font-size:1.25rem;margin:0 0 1rem}
.card{background:#fff;border-radius:1rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
dl{margin:0}dt{font-size:.875rem;color:#555b63;margin-top:.75rem}dd{margin:0;font-weight:600}
.status{font-size:1.125rem}a{color:#1e5aa8}bdi{unicode-bidi:isolate}
</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { status, headers: HEADERS });
}

export function sharePage(shared: SharedStatus, timeZone?: string): Response {
  const { locale } = shared;
  const t = (key: string, vars: Record<string, string> = {}) => escape(translate(locale, key, vars));
  const statusText = translate(locale, VISA_STATUS_KEYS[shared.status]);
  const changed = formatDate(shared.changedAt, locale, { dateStyle: "long", ...(timeZone ? { timeZone } : {}) });
  const tel = telOf(shared.agency.phone);
  const body = `<h1>${t("share.hello", { name: shared.firstName })}</h1><div class="card"><dl>
<dt>${t("share.visa")}</dt><dd>${escape(shared.visa)}</dd>
<dt>${t("share.status")}</dt><dd class="status" style="color:${TONE_COLOUR[STATUS_TONE[shared.status]]}">${escape(statusText)}</dd>
<dd>${t(TONE_TEXT[STATUS_TONE[shared.status]])}</dd>
<dt>${t("share.changedAt")}</dt><dd>${escape(changed)}</dd>
<dt>${t("share.agency")}</dt><dd>${escape(shared.agency.name)}<br><a href="tel:${escape(tel)}"><bdi dir="ltr">${escape(shared.agency.phone)}</bdi></a></dd>
</dl></div>`;
  return page(locale, translate(locale, "share.title"), body, 200);
}

/** An unknown, revoked or expired link: the same answer for each, so a guess learns nothing. */
export function shareGone(locale: Locale): Response {
  return page(locale, translate(locale, "share.title"), `<h1>${escape(translate(locale, "share.title"))}</h1><div class="card"><p>${escape(translate(locale, "share.gone"))}</p></div>`, 404);
}

export function shareTooMany(locale: Locale, retryAfter: string): Response {
  const response = page(locale, translate(locale, "share.title"), `<div class="card"><p>${escape(translate(locale, "errors.tooManyGuesses"))}</p></div>`, 429);
  response.headers.set("Retry-After", retryAfter);
  return response;
}
