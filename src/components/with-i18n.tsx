import "../lib/i18n-client";
import type { ComponentType } from "react";
import { I18nextProvider } from "react-i18next";
import { i18nFor } from "../lib/i18n";
import type { Locale } from "../shared/locales";

/** Wraps an island's root so useTranslation() reads the page's locale. Every island takes a `locale` prop. */
export function withI18n<P extends object>(Component: ComponentType<P>) {
  function Localized(props: P & { locale: Locale }) {
    return (
      <I18nextProvider i18n={i18nFor(props.locale)}>
        <Component {...props} />
      </I18nextProvider>
    );
  }
  Localized.displayName = `withI18n(${Component.displayName ?? Component.name})`;
  return Localized;
}
