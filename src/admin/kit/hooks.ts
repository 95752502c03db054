/** Small hooks the kit's components share. */
import { useEffect, useState } from "react";
import { pageLocale, useT, type TFn } from "../../lib/i18n";
import type { SelectOption } from "../../components/ui";
import type { Locale } from "../../shared/locales";
import type { FieldMessage } from "./form.store";
import type { OptionsSource } from "./resource";

/** The page's locale (it never changes while the page is open). */
export function usePageLocale(): Locale {
  return pageLocale();
}

/** A field or form message in words. */
export function messageText(t: TFn, message: FieldMessage | null | undefined): string | undefined {
  if (!message) return undefined;
  return "key" in message ? t(message.key) : message.text;
}

/** The choices of a select: fixed ones translated, loaded ones fetched once per mount. */
export function useOptions(source: OptionsSource | undefined): { options: SelectOption[]; loading: boolean } {
  const t = useT();
  const locale = usePageLocale();
  const [loaded, setLoaded] = useState<SelectOption[] | null>(null);
  const load = source && "load" in source ? source.load : null;
  useEffect(() => {
    if (!load) return;
    let live = true;
    load(locale).then(
      (options) => live && setLoaded(options),
      () => live && setLoaded([]),
    );
    return () => {
      live = false;
    };
  }, [load, locale]);
  if (!source) return { options: [], loading: false };
  if ("fixed" in source) return { options: source.fixed.map((o) => ({ value: o.value, label: t(o.label) })), loading: false };
  return { options: loaded ?? [], loading: loaded === null };
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
