/**
 * Building blocks of the request pages. Native controls with the global classes (card, btn, field) on purpose: the
 * agent pages stay light, and Headless UI comes only with what needs it (the cancel dialog, loaded on demand).
 */
import { CircleAlert, CircleCheck, RotateCw } from "../../components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import type { VisaStatus } from "../../contract/requests";
import { formatDate, formatMoney } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { STATUS_LABEL, STATUS_TONE, TONE_CLASS } from "./status";

export const BONE = "rounded-lg bg-[color-mix(in_srgb,var(--text)_10%,transparent)]";
export const PULSE = "motion-safe:animate-pulse";
export const PRIMARY = "btn bg-primary-500 text-stone-950! hover:bg-primary-400! disabled:opacity-55 disabled:cursor-not-allowed";
export const BUTTON = "btn disabled:opacity-55 disabled:cursor-not-allowed";

/** True once mounted: what depends on the address or the session waits for it (hydration must match). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export function StatusChip({ status, className = "" }: { status: VisaStatus; className?: string }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE_CLASS[STATUS_TONE[status]]} ${className}`}
      data-testid="status-chip"
      data-status={status}
    >
      {t(STATUS_LABEL[status])}
    </span>
  );
}

/** An amount kept left to right inside right-to-left text. */
export function Amount({ minor, currency, locale, testId, className = "" }: { minor: number; currency: string; locale: Locale; testId?: string; className?: string }) {
  return (
    <bdi dir="ltr" className={`tabular-nums ${className}`} data-testid={testId} data-minor={minor}>
      {formatMoney(minor, currency, locale)}
    </bdi>
  );
}

/** A date and time in the reader's zone: `timeZone` when the edge draws it (the `tz` cookie), else the browser's. */
export const dateTime = (value: string, locale: Locale, timeZone?: string) => formatDate(value, locale, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) });
export const dateOnly = (value: string, locale: Locale, timeZone?: string) => formatDate(value, locale, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) });

export function Notice({ tone = "error", children, action, testId }: { tone?: "error" | "warning" | "info" | "success"; children: ReactNode; action?: ReactNode; testId?: string }) {
  const Icon = tone === "success" ? CircleCheck : CircleAlert;
  const color =
    tone === "success"
      ? "border-emerald-400 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-100"
      : tone === "error"
      ? "border-error-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100"
      : tone === "warning"
        ? "border-amber-400 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        : "border-sky-300 bg-sky-50 text-sky-950 dark:bg-sky-950 dark:text-sky-100";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`flex flex-wrap items-start gap-3 rounded-2xl border px-4 py-3 text-sm ${color}`} data-testid={testId}>
      <Icon size={20} aria-hidden="true" className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}

/** The load failed (the HTTP client has already said why in a notice): say so, offer a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="card p-4" data-testid="load-error">
      <Notice
        action={
          <button type="button" className={BUTTON} onClick={onRetry}>
            <RotateCw size={20} aria-hidden="true" />
            {t("common.retry")}
          </button>
        }
      >
        {t("requests.loadError")}
      </Notice>
    </div>
  );
}

/** The shared progress bar (components/ui), under the name these pages use. */
export { ProgressBar as Progress } from "../../components/ui/Feedback";

/** The text of a message that is either a key or the API's own words. */
export function problemText(t: (key: string, vars?: Record<string, string | number>) => string, problem: { key: string } | { text: string } | undefined, vars?: Record<string, string | number>): string {
  if (!problem) return "";
  return "key" in problem ? t(problem.key, vars) : problem.text;
}
