/** Page navigation under a list: "21–40 of 57", previous/next and the page size; numbers in the page's language. */
import { ChevronLeft, ChevronRight } from "./icons";
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
}

export function Pagination({ page, limit, total, onPage, onLimit, limits = [10, 20, 50, 100], disabled }: PaginationProps) {
  const t = useT();
  const n = (value: number) => formatNumber(value, pageLocale());
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
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
        <IconButton icon={ChevronLeft} flipIcon label={t("ui.previousPage")} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)} data-testid="page-previous" />
        <span className="px-1 muted">{t("ui.pageOf", { page: n(page), pages: n(pages) })}</span>
        <IconButton icon={ChevronRight} flipIcon label={t("ui.nextPage")} disabled={disabled || page >= pages} onClick={() => onPage(page + 1)} data-testid="page-next" />
      </span>
    </nav>
  );
}
