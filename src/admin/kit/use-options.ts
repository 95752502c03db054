/** The choices of a select filter or field (fixed or loaded), apart from hooks.ts so drawn tables reach no store. */
import { useEffect, useState } from "react";
import { pageLocale, useT } from "../../lib/i18n";
import type { SelectOption } from "../../components/ui/Field";
import type { OptionsSource } from "./table";

/** The choices of a select: fixed ones translated, loaded ones fetched once per mount. */
export function useOptions(source: OptionsSource | undefined): { options: SelectOption[]; loading: boolean } {
  const t = useT();
  const locale = pageLocale();
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
  if ("ready" in source) return { options: [...source.ready], loading: false };
  if ("fixed" in source) return { options: source.fixed.map((o) => ({ value: o.value, label: t(o.label) })), loading: false };
  return { options: loaded ?? [], loading: loaded === null };
}

