import "../lib/i18n-client";
import type { ComponentType } from "react";
import { I18nextProvider } from "react-i18next";
import { addMessages, i18nFor, type Messages } from "../lib/i18n";
import type { Locale } from "../shared/locales";

/**
 * Wraps an island's root. Every island takes `locale` and `messages` (resolved by the page at build time with
 * `messagesFor(locale, prefixes)` from src/lib/messages.ts); components read them with `useT()` from src/lib/i18n.
 * The i18next provider stays only until every island has moved to `messages` (issue 9).
 */
export function withI18n<P extends object>(Component: ComponentType<P>) {
  function Localized(props: P & { locale: Locale; messages?: Messages }) {
    addMessages(props.locale, props.messages);
    return (
      <I18nextProvider i18n={i18nFor(props.locale)}>
        <Component {...props} />
      </I18nextProvider>
    );
  }
  Localized.displayName = `withI18n(${Component.displayName ?? Component.name})`;
  return Localized;
}
