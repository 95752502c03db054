/** Cells the admin resources share: a yes/no badge, dates in the page's language. */
import { Check, Minus } from "../components/ui/icons";
import { formatDate } from "../components/ui/format";
import type { Locale } from "../shared/locales";

export function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return value ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-success-600/12 px-2.5 py-0.5 text-xs font-semibold text-success-600">
      <Check size={14} aria-hidden="true" />
      {yes}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-[color-mix(in_srgb,var(--text)_8%,transparent)] px-2.5 py-0.5 text-xs font-semibold muted">
      <Minus size={14} aria-hidden="true" />
      {no}
    </span>
  );
}

/** A date in the page's language, in `timeZone` when given (the reader's, when the edge draws), else the browser's. */
export function DateCell({ value, locale, timeZone }: { value: string; locale: Locale; timeZone?: string }) {
  return <time dateTime={value}>{formatDate(value, locale, timeZone ? { dateStyle: "medium", timeZone } : undefined)}</time>;
}
