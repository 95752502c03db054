/**
 * /branding (issue 30 item 3): the agency's owner sets what its travellers' receipts carry — its logo (PNG or JPEG,
 * checked like every upload before it leaves the browser), the footer in each language (address, phone, licence
 * number), and whether the net price it paid the platform may be printed when no selling price is typed — and opens
 * a sample receipt in either layout to see the result. Money page: staff never reach it (the edge guard, MONEY).
 * The page is drawn by the edge (BrandingView); this island brings what the form does, when the owner reaches for it.
 */
import { useEffect, useRef, useState } from "react";
import { brandingInput, type Branding } from "../../contract/credit";
import { Alert } from "../../components/ui/Feedback";
import { withI18n } from "../../components/with-i18n";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { API_BASE, UploadError, checkFile, upload } from "../../lib/upload";
import type { Locale } from "../../shared/locales";
import { BrandingView, EMPTY_BRANDING, brandingValues, type BrandingErrors, type BrandingValues } from "./BrandingView";

/** The logo types a receipt's PDF can embed (the API refuses WebP for the same reason). */
const LOGO_TYPES = ["image/png", "image/jpeg"] as const;

function BrandingPage(_: { locale: Locale }) {
  const t = useT();
  const [saved, setSaved] = useState<Branding | null>(null);
  const [values, setValues] = useState<BrandingValues>(EMPTY_BRANDING);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<BrandingErrors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  // The sample receipts are links: a new version of the logo gets a new address (the browser keeps the old PDF).
  const [version, setVersion] = useState(0);
  const logoInput = useRef<HTMLInputElement>(null);

  const take = (b: Branding) => {
    setSaved(b);
    setValues(brandingValues(b));
  };
  useEffect(() => {
    api.get<Branding>("agents/branding").then(take, () => setLoadFailed(true));
  }, []);

  const submit = async () => {
    const input = { footer: values.footer, showNetPrice: values.showNet };
    const found: BrandingErrors = {};
    const checked = brandingInput.safeParse(input);
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path.join(".") as keyof BrandingErrors] ??= t(issue.message);
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
  return (
    <BrandingView
      ref={logoInput} saved={saved} values={values} errors={errors} sending={sending} done={done} live apiBase={API_BASE} version={version}
      actions={{
        footer: (l, value) => setValues((v) => ({ ...v, footer: { ...v.footer, [l]: value } })),
        showNet: (showNet) => setValues((v) => ({ ...v, showNet })),
        logo: setLogo,
        submit: () => void submit(),
      }}
    />
  );
}

export default withI18n(BrandingPage);
