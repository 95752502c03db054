import type { ComponentType } from "react";
import { addMessages, type Messages } from "../lib/i18n";
import type { Locale } from "../shared/locales";

/**
 * Wraps an island's root. Every island takes `locale` and `messages` (resolved by the page at build time with
 * `messagesFor(locale, prefixes)` from src/lib/messages.ts); components read them with `useT()` from src/lib/i18n.
 * No i18n engine ships to the browser: the messages are plain props, registered before the island renders.
 */
export function withI18n<P extends object>(Component: ComponentType<P>) {
  function Localized(props: P & { locale: Locale; messages?: Messages }) {
    addMessages(props.locale, props.messages);
    return <Component {...props} />;
  }
  Localized.displayName = `withI18n(${Component.displayName ?? Component.name})`;
  return Localized;
}
