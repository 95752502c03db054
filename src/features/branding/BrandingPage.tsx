/**
 * /branding (issue 30 item 3): the agency's owner sets what its travellers' receipts carry — its logo (PNG or JPEG,
 * checked like every upload before it leaves the browser), the footer in each language (address, phone, licence
 * number), and whether the net price it paid the platform may be printed when no selling price is typed — and opens
 * a sample receipt in either layout to see the result. Money page: staff never reach it (the edge guard, MONEY).
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { brandingInput } from "../../contract/credit";
import { Alert, Button, Switch, TextField } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { API_BASE, UploadError, checkFile, upload } from "../../lib/upload";
import { LOCALES, isRtl, type Locale } from "../../shared/locales";

interface Branding {
  logo: string | null;
  footer: Record<Locale, string>;
  showNetPrice: boolean;
}

/** The logo types a receipt's PDF can embed (the API refuses WebP for the same reason). */
const LOGO_TYPES = ["image/png", "image/jpeg"] as const;

/** The footer's field per language, named in the page's language. */
const IN_LANGUAGE: Record<Locale, string> = { en: "branding.footerIn.en", ar: "branding.footerIn.ar", ku: "branding.footerIn.ku" };

type Errors = Partial<Record<"logo" | "form" | `footer.${Locale}`, string>>;

function BrandingPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [saved, setSaved] = useState<Branding | null>(null);
  const [footer, setFooter] = useState<Record<Locale, string>>({ en: "", ar: "", ku: "" });
  const [showNet, setShowNet] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  // The sample receipts are links: a new version of the logo gets a new address (the browser keeps the old PDF).
  const [version, setVersion] = useState(0);
  const logoInput = useRef<HTMLInputElement>(null);

  const take = (b: Branding) => {
    setSaved(b);
    setFooter(b.footer);
    setShowNet(b.showNetPrice);
  };
  useEffect(() => {
    api.get<Branding>("agents/branding").then(take, () => setLoadFailed(true));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { footer, showNetPrice: showNet };
    const found: Errors = {};
    const checked = brandingInput.safeParse(input);
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path.join(".") as keyof Errors] ??= t(issue.message);
    if (logo) {
      const problem = await checkFile(logo, LOGO_TYPES);
      if (problem) found.logo = t(problem === "size" ? "upload.tooLarge" : "branding.logoType");
    }
    setErrors(found);
    setDone(false);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const form = new FormData();
      form.append("data", JSON.stringify(input));
      if (logo) form.append("logo", logo, logo.name);
      take(await upload<Branding>("agents/branding", form, { method: "PATCH" }));
      setLogo(null);
      if (logoInput.current) logoInput.current.value = "";
      setVersion((v) => v + 1);
      setDone(true);
    } catch (error) {
      setErrors({ form: error instanceof UploadError && error.message ? error.message : t("branding.failed") });
    } finally {
      setSending(false);
    }
  };

  if (loadFailed) return <Alert testId="branding-load-failed">{t("branding.loadFailed")}</Alert>;
  const sample = (layout: "a4" | "phone", lang: Locale) => `${API_BASE}/agents/branding/sample/${layout}?lang=${lang}&v=${version}`;
  return (
    <div className="grid gap-5 lg:grid-cols-[2fr_minmax(16rem,1fr)]">
      <form className="card flex flex-col gap-5 p-5" onSubmit={submit} noValidate aria-labelledby="branding-form-title" aria-busy={!saved || undefined} data-testid="branding-form">
        <h2 id="branding-form-title" className="text-lg font-semibold">{t("branding.formTitle")}</h2>
        <div className="flex flex-wrap items-center gap-4">
          <div className="grid h-20 w-40 place-items-center rounded-xl border border-[var(--border)] bg-white p-2" data-testid="branding-logo">
            {saved?.logo ? <img src={`${saved.logo}`} alt={t("branding.currentLogo")} className="max-h-full max-w-full object-contain" /> : <span className="muted text-sm text-center">{t("branding.noLogo")}</span>}
          </div>
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
            {t("branding.logo")}
            <input
              ref={logoInput} type="file" accept="image/png,image/jpeg" aria-invalid={Boolean(errors.logo)}
              aria-describedby={errors.logo ? "branding-logo-error" : "branding-logo-hint"} onChange={(event) => setLogo(event.target.files?.[0] ?? null)} data-testid="branding-logo-input"
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
              key={l} label={t(IN_LANGUAGE[l])} value={footer[l]} onValue={(value) => setFooter((f) => ({ ...f, [l]: value }))} rows={3}
              dir={isRtl(l) ? "rtl" : "ltr"} lang={l === "ku" ? "ckb" : l} error={errors[`footer.${l}`]} testId={`branding-footer-${l}`}
            />
          ))}
        </fieldset>
        <Switch label={t("branding.showNet")} hint={t("branding.showNetHint")} checked={showNet} onChange={setShowNet} testId="branding-show-net" />
        {errors.form && <Alert testId="branding-error">{errors.form}</Alert>}
        {done && <Alert tone="info" testId="branding-saved">{t("branding.saved")}</Alert>}
        <Button type="submit" variant="primary" disabled={sending || !saved} aria-busy={sending || undefined} data-testid="branding-submit">
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
}

export default withI18n(BrandingPage);
