import { Component as ReactComponent, type ComponentType, type ReactNode } from "react";
import { addMessages, type Messages } from "../lib/i18n";
import type { Locale } from "../shared/locales";

/** An island that throws while rendering or mounting shows the error page instead of half a page (spec §8). */
class IslandErrorBoundary extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    // The error page's code loads only when an island fails (issue 9).
    import("../lib/app-error").then(({ showAppError }) => showAppError(error)).catch(() => {
      console.error(error);
      document.body.textContent = "Internal Server Error";
    });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Wraps an island's root. Every island takes `locale` and `messages` (resolved by the page at build time with
 * `messagesFor(locale, prefixes)` from src/lib/messages.ts); components read them with `useT()` from src/lib/i18n.
 * No i18n engine ships to the browser: the messages are plain props, registered before the island renders.
 */
export function withI18n<P extends object>(Component: ComponentType<P>) {
  function Localized(props: P & { locale: Locale; messages?: Messages }) {
    addMessages(props.locale, props.messages);
    return (
      <IslandErrorBoundary>
        <Component {...props} />
      </IslandErrorBoundary>
    );
  }
  Localized.displayName = `withI18n(${Component.displayName ?? Component.name})`;
  return Localized;
}
