/**
 * Building blocks of the catalogue pages. Status panels reuse src/components/ui/Feedback; the select and the pager
 * are native controls on purpose: the agent pages must stay light (Lighthouse ≥ 95 on a phone), and the shared
 * Select and Pagination bring Headless UI with them.
 */
import { ChevronLeft, ChevronRight, RotateCw, SearchX } from "../../components/ui/icons";
import { Alert, EmptyState } from "../../components/ui/Feedback";
import { useId, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { formatNumber } from "./format";

/**
 * Skeleton pieces: bones are still; the skeleton as a whole pulses (one animation per card, not one per bone: every
 * animation iteration is an event React's root listener handles, which adds up on a slow phone).
 */
export const BONE_FILL = "bg-[color-mix(in_srgb,var(--text)_10%,transparent)]";
export const BONE = `rounded-lg ${BONE_FILL}`;
export const PULSE = "motion-safe:animate-pulse";

export function SelectField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  testId?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 min-w-0">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      <select
        id={id}
        className="field"
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        data-testid={props.testId}
      >
        {props.children}
      </select>
    </div>
  );
}

/** Previous / page x of y / next. Arrows point the reading direction (flipped in Arabic and Kurdish). */
/**
 * Previous and next page. With `href` the two are links to the page's own address (?page=N): they work before any
 * script (the edge draws that page), and the island turns them into in-page moves.
 */
export function Pager(props: { page: number; pages: number; locale: Locale; onPage: (page: number) => void; href?: (page: number) => string }) {
  const t = useT();
  const { page, pages, locale, onPage, href } = props;
  if (pages <= 1) return null;
  const control = (to: number, enabled: boolean, testId: string, children: ReactNode) =>
    href && enabled ? (
      <a
        className="btn"
        href={href(to)}
        onClick={(event) => {
          event.preventDefault();
          onPage(to);
        }}
        data-testid={testId}
      >
        {children}
      </a>
    ) : (
      <button type="button" className="btn disabled:opacity-50 disabled:cursor-not-allowed" disabled={!enabled} onClick={() => onPage(to)} data-testid={testId}>
        {children}
      </button>
    );
  return (
    <nav className="mt-6 flex items-center justify-center gap-3" aria-label={t("catalogue.pager.label")} data-testid="pager">
      {control(page - 1, page > 1, "pager-previous", <><ChevronLeft size={24} aria-hidden="true" className="flip-rtl" />{t("catalogue.pager.previous")}</>)}
      <p className="text-sm tabular-nums" aria-live="polite" data-testid="pager-status">
        {t("catalogue.pager.status", { page: formatNumber(page, locale), pages: formatNumber(pages, locale) })}
      </p>
      {control(page + 1, page < pages, "pager-next", <>{t("catalogue.pager.next")}<ChevronRight size={24} aria-hidden="true" className="flip-rtl" /></>)}
    </nav>
  );
}

/** The load failed (the HTTP client has already said why in a notice): say so, offer a retry. */
export function ErrorPanel(props: { onRetry: () => void; className?: string }) {
  const t = useT();
  return (
    <div className={`card p-4 ${props.className ?? ""}`} data-testid="load-error">
      <Alert
        action={
          <button type="button" className="btn" onClick={props.onRetry}>
            <RotateCw size={24} aria-hidden="true" />
            {t("catalogue.retry")}
          </button>
        }
      >
        {t("catalogue.error")}
      </Alert>
    </div>
  );
}

export function EmptyPanel(props: { title: string; hint?: string; children?: ReactNode; className?: string }) {
  return (
    <div className={`card ${props.className ?? ""}`}>
      <EmptyState title={props.title} hint={props.hint} icon={SearchX} action={props.children} testId="empty" />
    </div>
  );
}
