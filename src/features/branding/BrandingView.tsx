/**
 * /branding as the agency's owner sees it (issue 30 item 3): the logo, the receipt footer per language, the net-price
 * switch and the sample receipts. Drawn by the edge from the page's one call, agents/branding
 * (functions/edge/views/wallet.tsx), and by the island (BrandingPage.tsx), which brings what the form does (`actions`):
 * until it is there (`live`) the form cannot be sent.
 */
import { forwardRef, type FormEvent } from "react";
import type { Branding } from "../../contract/credit";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/Field";
import { Alert } from "../../components/ui/Feedback";
import { Switch } from "../../components/ui/Switch";
import { useT } from "../../lib/i18n";
import { LOCALES, isRtl, type Locale } from "../../shared/locales";

/** The footer's field per language, named in the page's language. */
const IN_LANGUAGE: Record<Locale, string> = { en: "branding.footerIn.en", ar: "branding.footerIn.ar", ku: "branding.footerIn.ku" };

export type BrandingErrors = Partial<Record<"logo" | "form" | `footer.${Locale}`, string>>;

/** What the form holds: the saved branding until the owner changes it. */
export interface BrandingValues {
  footer: Record<Locale, string>;
  showNet: boolean;
}

export const EMPTY_BRANDING: BrandingValues = { footer: { en: "", ar: "", ku: "" }, showNet: false };

/** The form's values as saved. */
export const brandingValues = (saved: Branding): BrandingValues => ({ footer: saved.footer, showNet: saved.showNetPrice });

export interface BrandingActions {
  footer(locale: Locale, value: string): void;
  showNet(on: boolean): void;
  logo(file: File | null): void;
  submit(): void;
}

const idle = () => {};
const NO_ACTIONS: BrandingActions = { footer: idle, showNet: idle, logo: idle, submit: idle };

interface Props {
  /** The branding as saved; null while loading (the skeleton at build time). */
  saved: Branding | null;
  values: BrandingValues;
  errors?: BrandingErrors;
  sending?: boolean;
  /** Saved just now: says so. */
  done?: boolean;
  /** The island is there: the form can be sent. */
  live?: boolean;
  actions?: BrandingActions;
  /** Where the API answers (the island's API_BASE; the edge draws for the same origin). */
  apiBase?: string;
  /** Bumped by every save: a sample link's new address, so the browser does not show the PDF it kept. */
  version?: number;
}

/** `ref` is the logo's file input (the island empties it once the logo is saved). */
export const BrandingView = forwardRef<HTMLInputElement, Props>(function BrandingView(
  { saved, values, errors = {}, sending = false, done = false, live = false, actions = NO_ACTIONS, apiBase = "/api", version = 0 },
  logoInput,
) {
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (live) actions.submit();
  };
  const sample = (layout: "a4" | "phone", lang: Locale) => `${apiBase}/agents/branding/sample/${layout}?lang=${lang}&v=${version}`;
  return (
    <div className="grid gap-5 lg:grid-cols-[2fr_minmax(16rem,1fr)]">
      <form className="card flex flex-col gap-5 p-5" onSubmit={submit} noValidate aria-labelledby="branding-form-title" aria-busy={!saved || undefined} data-testid="branding-form">
        <h2 id="branding-form-title" className="text-lg font-semibold">{t("branding.formTitle")}</h2>
        <div className="flex flex-wrap items-center gap-4">
          <div className="grid h-20 w-40 place-items-center rounded-xl border border-[var(--border)] bg-white p-2" data-testid="branding-logo">
            {saved?.logo ? <img src={saved.logo} alt={t("branding.currentLogo")} className="max-h-full max-w-full object-contain" /> : <span className="muted text-sm text-center">{t("branding.noLogo")}</span>}
          </div>
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
            {t("branding.logo")}
            <input
              ref={logoInput} type="file" accept="image/png,image/jpeg" aria-invalid={Boolean(errors.logo)}
              aria-describedby={errors.logo ? "branding-logo-error" : "branding-logo-hint"} onChange={(event) => actions.logo(event.target.files?.[0] ?? null)} data-testid="branding-logo-input"
            />
            <span id="branding-logo-hint" className="muted text-xs font-normal">{t("branding.logoHint")}</span>
            {errors.logo && <span id="branding-logo-error" className="text-sm text-error-600" data-testid="branding-logo-error">{errors.logo}</span>}
          </label>
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t("branding.footer")}</legend>
          <p className="muted text-sm">{t("branding.footerHint")}</p>
          {LOCALES.map((l) => (
            <TextField
              key={l} label={t(IN_LANGUAGE[l])} value={values.footer[l]} onValue={(value) => actions.footer(l, value)} rows={3}
              dir={isRtl(l) ? "rtl" : "ltr"} lang={l === "ku" ? "ckb" : l} error={errors[`footer.${l}`]} testId={`branding-footer-${l}`}
            />
          ))}
        </fieldset>
        <Switch label={t("branding.showNet")} hint={t("branding.showNetHint")} checked={values.showNet} onChange={actions.showNet} testId="branding-show-net" />
        {errors.form && <Alert testId="branding-error">{errors.form}</Alert>}
        {done && <Alert tone="info" testId="branding-saved">{t("branding.saved")}</Alert>}
        <Button type="submit" variant="primary" disabled={!live || sending || !saved} aria-busy={sending || undefined} data-testid="branding-submit">
          {sending ? t("branding.saving") : t("branding.save")}
        </Button>
      </form>
      <section className="card flex flex-col gap-3 p-5 self-start" aria-labelledby="branding-preview-title" data-testid="branding-preview">
        <h2 id="branding-preview-title" className="text-base font-semibold">{t("branding.preview")}</h2>
        <p className="muted text-sm">{t("branding.previewHint")}</p>
        <ul className="flex flex-col gap-2 text-sm">
          {LOCALES.map((l) => (
            <li key={l} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">{t(IN_LANGUAGE[l])}</span>
              <a className="font-semibold text-primary-700 underline dark:text-primary-300" href={sample("a4", l)} target="_blank" rel="noopener" data-testid={`branding-sample-a4-${l}`}>{t("branding.sampleA4")}</a>
              <a className="font-semibold text-primary-700 underline dark:text-primary-300" href={sample("phone", l)} target="_blank" rel="noopener" data-testid={`branding-sample-phone-${l}`}>{t("branding.samplePhone")}</a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
});
