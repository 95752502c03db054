import "../lib/i18n-client";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { i18nFor } from "../lib/i18n";
import { isLocale, DEFAULT_LOCALE } from "../shared/locales";
import { Toaster } from "./Toaster";

/** Mounts the one toaster of the page into #toaster (called by the boot script on the first toast). */
export function mountToaster(container: HTMLElement): void {
  const lang = document.documentElement.dataset.locale;
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
  createRoot(container).render(
    <I18nextProvider i18n={i18nFor(locale)}>
      <Toaster />
    </I18nextProvider>,
  );
}
