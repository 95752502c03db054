/** Small hooks the kit's components share. */
// useOptions lives in use-options.ts (no store reached from there: the edge draws tables with it).
export { useOptions } from "./use-options";
import { useEffect } from "react";
import { pageLocale, type TFn } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import type { FieldMessage } from "./form.store";

/** The page's locale (it never changes while the page is open). */
export function usePageLocale(): Locale {
  return pageLocale();
}

/** A field or form message in words. */
export function messageText(t: TFn, message: FieldMessage | null | undefined): string | undefined {
  if (!message) return undefined;
  return "key" in message ? t(message.key) : message.text;
}

/** Asks the browser to warn before leaving the page while `dirty` (reload, another page, closing the tab). */
export function useUnsavedChangesGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
