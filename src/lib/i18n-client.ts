/**
 * Imported by every island: in the browser, loads the page's own locale (read from <html data-locale>) before the
 * island module finishes evaluating, so hydration renders the same text as the pre-rendered HTML.
 */
import { isLocale } from "../shared/locales";
import { loadI18n } from "./i18n";

if (typeof document !== "undefined") {
  const locale = document.documentElement.dataset.locale;
  if (isLocale(locale)) await loadI18n(locale);
}
