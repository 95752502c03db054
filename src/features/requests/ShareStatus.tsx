/**
 * "Share the status with the traveller" on the agency's request page (issue 29): the agency picks the traveller's
 * language and makes a link that opens without an account (/s/{token}, drawn by the edge), then copies it, copies a
 * WhatsApp-ready message, sends it through WhatsApp, or stops it. A new link replaces the old one. Presentational:
 * the edge draws it with the page, and the island (share-link.ts) brings the calls when it takes over.
 */
import { useId, useState } from "react";
import { Ban, Send } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import { LOCALES, LOCALE_INFO, type Locale } from "../../shared/locales";
import { BUTTON, PRIMARY } from "./ui";

export interface ShareLink {
  url: string;
  locale: Locale;
  expiresAt: string | null;
  text: string;
}

export type ShareSaid = "" | "copiedLink" | "copiedMessage" | "stopped" | "failed";
const SAID_TEXT: Record<Exclude<ShareSaid, "">, string> = {
  copiedLink: "requests.share.said.copiedLink", copiedMessage: "requests.share.said.copiedMessage",
  stopped: "requests.share.said.stopped", failed: "requests.share.said.failed",
};

/** The island's side (share-link.ts): the link made, what was said, and the calls. Absent while the edge's drawing shows. */
export interface ShareLive {
  link: ShareLink | null;
  busy: boolean;
  said: ShareSaid;
  create(language: Locale): void;
  stop(): void;
  copy(text: string, what: ShareSaid): void;
}

export function ShareStatus({ locale, live }: { locale: Locale; live?: ShareLive }) {
  const t = useT();
  const id = useId();
  const [language, setLanguage] = useState<Locale>(locale);
  const link = live?.link ?? null;
  const busy = live?.busy ?? false;
  const said = live?.said ?? "";

  return (
    <section className="card flex flex-col gap-3 p-6" aria-labelledby={`${id}-title`} data-testid="share-status">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        <Send size={24} aria-hidden="true" className="text-primary-600 flip-rtl" />
        {t("requests.share.title")}
      </h2>
      <p className="text-sm text-[var(--text-muted)]">{t("requests.share.hint")}</p>
      {!link ? (
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-language`}>
            {t("requests.share.language")}
            <select
              id={`${id}-language`}
              className="rounded-xl border border-[var(--border)] bg-[var(--surface)] px-3 py-2"
              value={language}
              onChange={(event) => setLanguage(event.target.value as Locale)}
              data-testid="share-language"
            >
              {LOCALES.map((code) => <option key={code} value={code}>{LOCALE_INFO[code].nativeName}</option>)}
            </select>
          </label>
          <button type="button" className={PRIMARY} disabled={busy} aria-busy={busy || undefined} onClick={() => live?.create(language)} data-testid="share-create">
            {t("requests.share.create")}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-link`}>
            {t("requests.share.link")}
            <input id={`${id}-link`} readOnly dir="ltr" className="rounded-xl border border-[var(--border)] bg-[var(--surface)] px-3 py-2 font-mono text-sm" value={link.url} data-testid="share-link" />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={BUTTON} onClick={() => live?.copy(link.url, "copiedLink")} data-testid="share-copy-link">{t("requests.share.copyLink")}</button>
            <button type="button" className={BUTTON} onClick={() => live?.copy(link.text, "copiedMessage")} data-testid="share-copy-message">{t("requests.share.copyMessage")}</button>
            <a className={BUTTON} href={`https://wa.me/?text=${encodeURIComponent(link.text)}`} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">{t("requests.share.whatsapp")}</a>
            <button type="button" className={BUTTON} disabled={busy} onClick={() => live?.stop()} data-testid="share-stop">
              <Ban size={18} aria-hidden="true" />
              {t("requests.share.stop")}
            </button>
          </div>
        </div>
      )}
      <p className="text-sm" role="status" aria-live="polite" data-testid="share-said">{said ? t(SAID_TEXT[said]) : ""}</p>
    </section>
  );
}
