/** Page navigation under a list: "21–40 of 57", previous/next and the page size; numbers in the page's language. */
import { ChevronLeft, ChevronRight, type IconComponent } from "./icons";
import { pageLocale, useT } from "../../lib/i18n";
import { IconButton } from "./Button";
import { formatNumber } from "./format";

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit?: (limit: number) => void;
  limits?: readonly number[];
  disabled?: boolean;
  /**
   * The query string of a page of the list (`?page=N`; "" for the list's plain address), where the page draws the list
   * from its address: previous and next are then links, which work before any script (the edge draws that page),
   * open in a new tab, and are moves within the page once the island runs.
   */
  href?: (page: number) => string;
}

export function Pagination({ page, limit, total, onPage, onLimit, limits = [10, 20, 50, 100], disabled, href }: PaginationProps) {
  const t = useT();
  const n = (value: number) => formatNumber(value, pageLocale());
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  const step = (target: number, off: boolean | undefined, Icon: IconComponent, label: string, testId: string) =>
    href && !off ? (
      <a
        // An empty href would keep the current query: "?" is the page's own address without one.
        href={href(target) || "?"}
        aria-label={label}
        title={label}
        className="inline-grid size-11 shrink-0 place-items-center rounded-full hover:bg-[color-mix(in_srgb,var(--text)_8%,transparent)]"
        onClick={(event) => {
          // A plain click moves within the page; a click that asks for a new tab or window keeps the link's own way.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          onPage(target);
        }}
        data-testid={testId}
      >
        <Icon size={24} aria-hidden="true" className="flip-rtl" />
      </a>
    ) : (
      <IconButton icon={Icon} flipIcon label={label} disabled={off} onClick={() => onPage(target)} data-testid={testId} />
    );
  return (
    <nav className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 px-3 py-2 text-sm" aria-label={t("ui.pagination")}>
      {onLimit && (
        <label className="inline-flex items-center gap-2">
          <span className="muted">{t("ui.rowsPerPage")}</span>
          <select
            className="rounded-full border border-[var(--border)] bg-[var(--surface)] px-2 py-1"
            value={limit}
            onChange={(event) => onLimit(Number(event.target.value))}
            disabled={disabled}
            // Its test id also carries a choice made on an edge-drawn table over to the island (edge-view-mount.tsx).
            data-testid="page-size"
          >
            {limits.map((value) => (
              <option key={value} value={value}>
                {n(value)}
              </option>
            ))}
          </select>
        </label>
      )}
      <span aria-live="polite" data-testid="pagination-range">
        {t("ui.range", { from: n(from), to: n(to), total: n(total) })}
      </span>
      <span className="inline-flex items-center">
        {step(page - 1, disabled || page <= 1, ChevronLeft, t("ui.previousPage"), "page-previous")}
        <span className="px-1 muted">{t("ui.pageOf", { page: n(page), pages: n(pages) })}</span>
        {step(page + 1, disabled || page >= pages, ChevronRight, t("ui.nextPage"), "page-next")}
      </span>
    </nav>
  );
}
