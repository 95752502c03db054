/**
 * /requests as the agent sees it: status chips (with counts), dates, a search by applicant, passport number or
 * reference, the rows (a table from md, cards below: only the one the screen shows, src/lib/screen.ts) and the pager,
 * from the list's state. Drawn by the edge for the
 * address's filters (functions/edge/views/requests.tsx) and by the island (RequestsList.tsx). Staff see the same list
 * without prices (the API leaves them out).
 */
import { UnreadBadge } from "../threads/UnreadBadge";
import { ChevronDown, ChevronLeft, ChevronRight, Download, FilePlus2, Search, SlidersHorizontal, X } from "../../components/ui/icons";
import { DateField } from "../../components/ui/DateField";
import { useId, type ReactNode } from "react";
import type { ExportFormat, VisaRequestSummary, VisaStatus } from "../../contract/requests";
import { formatNumber } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import { screenClasses, useScreen } from "../../lib/screen";
import type { Locale } from "../../shared/locales";
import { PAGE_SIZE, hasFilters, pageCount, searchOf, type ListFilters, type ListState } from "./list-query";
import { STATUSES, STATUS_LABEL } from "./status";
import { Amount, BONE, BUTTON, LoadError, PULSE, StatusChip, dateOnly } from "./ui";

/** What the list does when the agent acts (the island's store actions; the edge draws it without any). */
export interface ListActions {
  typeSearch(text: string): void;
  applySearch(): void;
  setDates(from: string, to: string): void;
  toggleStatus(status: VisaStatus): void;
  clearStatuses(): void;
  clearFilters(): void;
  exportList(format: ExportFormat): void;
  goToPage(page: number): void;
  retry(): void;
  /** On a phone: shows or folds the dates, statuses and exports. */
  toggleFilters(): void;
}

const idle = () => {};
const NO_ACTIONS: ListActions = {
  typeSearch: idle, applySearch: idle, setDates: idle, toggleStatus: idle, clearStatuses: idle, clearFilters: idle, exportList: idle, goToPage: idle, retry: idle, toggleFilters: idle,
};

interface ViewProps {
  locale: Locale;
  filters: ListFilters;
  searchText: string;
  state: ListState;
  exporting: ExportFormat | null;
  /** The reader's time zone when the edge draws (the browser's own otherwise). */
  timeZone?: string;
  /** Below md, whether the filters beyond the search are shown (folded at first: the list comes first). */
  filtersOpen?: boolean;
}

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: "csv", label: "requests.export.csv" },
  { format: "xlsx", label: "requests.export.xlsx" },
  { format: "pdf", label: "requests.export.pdf" },
];

const localized = (text: { en: string; ar: string; ku: string } | undefined, locale: Locale) => text?.[locale] || text?.en || "";

/** The applicant's name as the agency knows it: the full name, else the four-part name. */
export const applicantName = (request: Pick<VisaRequestSummary, "fields">) => request.fields.FullName || request.fields.FullQuadRupleName || "";

const detailsHref = (locale: Locale, request: VisaRequestSummary) => `/${locale}/requests/${encodeURIComponent(request._id)}/`;

function Toolbar({ locale, filters, searchText: text, state: list, exporting, actions, filtersOpen = false }: ViewProps & { actions: ListActions }) {
  const t = useT();
  const id = useId();
  const { applySearch, typeSearch, setDates, clearStatuses, toggleStatus, clearFilters, exportList, toggleFilters } = actions;
  const data = list.status === "ready" ? list.data : list.status === "loading" ? list.previous : undefined;
  // Folded on a phone (issue 26: they took ~700 px before the first request); always shown from md.
  const folded = filtersOpen ? "" : "max-md:hidden";
  const active = filters.status.length + (filters.from ? 1 : 0) + (filters.to ? 1 : 0);
  return (
    <div className="card flex flex-col gap-4 p-4" data-testid="requests-toolbar">
      <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <form
          role="search"
          className="flex flex-col gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            void applySearch();
          }}
        >
          <label htmlFor={`${id}-search`} className="text-sm font-medium">{t("requests.search")}</label>
          <div className="relative">
            <Search size={18} aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-3 my-auto muted" />
            <input
              id={`${id}-search`}
              type="search"
              className="field ps-10!"
              value={text}
              placeholder={t("requests.searchPlaceholder")}
              onChange={(event) => typeSearch(event.target.value)}
              name="q"
              data-testid="requests-search"
            />
          </div>
          {/* Before the island, Enter sends this form as a plain GET to the page's own address: the edge draws that
              list, so the other filters go along. */}
          {filters.status.length > 0 && <input type="hidden" name="status" value={filters.status.join(",")} />}
          {filters.from && <input type="hidden" name="from" value={filters.from} />}
          {filters.to && <input type="hidden" name="to" value={filters.to} />}
        </form>
        <button
          type="button"
          className={`${BUTTON} min-h-10! justify-between md:hidden`}
          aria-expanded={filtersOpen}
          aria-controls={`${id}-filters ${id}-statuses ${id}-more`}
          onClick={toggleFilters}
          data-testid="requests-filters-toggle"
        >
          <span className="inline-flex items-center gap-2">
            <SlidersHorizontal size={18} aria-hidden="true" />
            {t("requests.filtersToggle")}
            {active > 0 && <span className="rounded-full bg-primary-500/20 px-2 text-sm tabular-nums">{formatNumber(active, locale)}</span>}
          </span>
          <ChevronDown size={18} aria-hidden="true" className={filtersOpen ? "rotate-180" : undefined} />
        </button>
        <div id={`${id}-filters`} className={`flex flex-col gap-1 ${folded}`}>
          <label htmlFor={`${id}-from`} className="text-sm font-medium">{t("requests.from")}</label>
          <DateField id={`${id}-from`} label={t("requests.from")} value={filters.from} max={filters.to || undefined} onValue={(iso) => void setDates(iso, filters.to)} testId="requests-from" />
        </div>
        <div className={`flex flex-col gap-1 ${folded}`}>
          <label htmlFor={`${id}-to`} className="text-sm font-medium">{t("requests.to")}</label>
          <DateField id={`${id}-to`} label={t("requests.to")} value={filters.to} min={filters.from || undefined} onValue={(iso) => void setDates(filters.from, iso)} testId="requests-to" />
        </div>
      </div>
      <fieldset id={`${id}-statuses`} className={folded}>
        <legend className="mb-2 text-sm font-medium">{t("requests.statusFilter")}</legend>
        <div className="flex flex-wrap gap-2" data-testid="status-filters">
          <button
            type="button"
            aria-pressed={filters.status.length === 0}
            className={chipClass(filters.status.length === 0)}
            onClick={() => void clearStatuses()}
            data-testid="status-filter-all"
          >
            {t("requests.allStatuses")}
          </button>
          {STATUSES.map((status) => {
            const on = filters.status.includes(status);
            const count = data?.counts?.[status];
            return (
              <button key={status} type="button" aria-pressed={on} className={chipClass(on)} onClick={() => void toggleStatus(status)} data-testid={`status-filter-${status}`}>
                {t(STATUS_LABEL[status])}
                {count !== undefined && <span className="tabular-nums opacity-80">{formatNumber(count, locale)}</span>}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div id={`${id}-more`} className={`flex flex-wrap items-center gap-2 ${folded}`}>
        {hasFilters(filters) && (
          <button type="button" className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline dark:text-primary-200" onClick={() => void clearFilters()} data-testid="requests-clear">
            <X size={16} aria-hidden="true" />
            {t("requests.clearFilters")}
          </button>
        )}
        <div className="ms-auto flex flex-wrap items-center gap-2" role="group" aria-label={t("requests.export.label")}>
          <span className="muted text-sm">{t("requests.export.label")}</span>
          {EXPORTS.map(({ format, label }) => (
            <button
              key={format}
              type="button"
              className={`${BUTTON} min-h-9! px-3.5! text-sm`}
              disabled={exporting !== null}
              aria-busy={exporting === format || undefined}
              onClick={() => void exportList(format)}
              data-testid={`export-${format}`}
            >
              <Download size={16} aria-hidden="true" />
              {t(label)}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

const chipClass = (on: boolean) =>
  `inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium ${
    on ? "border-primary-600 bg-primary-500/20 text-primary-900 dark:text-primary-100" : "border-[var(--border)] hover:bg-[color-mix(in_srgb,var(--text)_6%,transparent)]"
  }`;

function RowsSkeleton() {
  const screen = useScreen();
  const shown = screenClasses(screen);
  return (
    <div className={`card overflow-hidden ${PULSE}`} aria-busy="true" data-testid="requests-skeleton">
      {screen !== "narrow" && (
        <div className={shown.wide || undefined}>
          <div className="h-11 border-b border-[var(--border)] bg-[var(--surface-2)]" />
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="flex h-[3.75rem] items-center gap-4 border-b border-[var(--border)] px-4 last:border-0">
              <div className={`${BONE} h-4 w-28`} />
              <div className={`${BONE} h-4 w-40`} />
              <div className={`${BONE} h-4 w-24`} />
              <div className={`${BONE} h-4 flex-1`} />
              <div className={`${BONE} h-6 w-24 rounded-full`} />
              <div className={`${BONE} h-4 w-20`} />
            </div>
          ))}
        </div>
      )}
      {screen !== "wide" && (
        <ul className={`flex flex-col gap-3 p-3 ${shown.narrow}`}>
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="flex h-36 flex-col gap-2 rounded-2xl border border-[var(--border)] p-4">
              <div className={`${BONE} h-4 w-28`} />
              <div className={`${BONE} h-5 w-48`} />
              <div className={`${BONE} h-4 w-full`} />
              <div className={`${BONE} mt-auto h-6 w-24 rounded-full`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Rows({ rows, locale, timeZone }: { rows: VisaRequestSummary[]; locale: Locale; timeZone?: string }) {
  const t = useT();
  const showPrice = rows.some((row) => row.price !== undefined);
  const screen = useScreen();
  const shown = screenClasses(screen);
  return (
    <div className="card overflow-hidden" data-testid="requests-list">
      {screen !== "narrow" && (
        <div className={`overflow-x-auto ${shown.wide}`}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t("requests.tableCaption")}</caption>
            <thead className="bg-[var(--surface-2)] text-start">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-semibold">{t("requests.column.reference")}</th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">{t("requests.column.applicant")}</th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">{t("requests.column.passport")}</th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">{t("requests.column.visa")}</th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">{t("requests.column.status")}</th>
                <th scope="col" className="px-4 py-3 text-start font-semibold">{t("requests.column.filed")}</th>
                {showPrice && <th scope="col" className="px-4 py-3 text-end font-semibold">{t("requests.column.price")}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row._id} className="h-[3.75rem] border-t border-[var(--border)] hover:bg-[color-mix(in_srgb,var(--text)_4%,transparent)]" data-testid="request-row" data-id={row._id} data-status={row.status}>
                  <td className="px-4 py-2 font-mono">
                    <a className="font-semibold text-primary-800 underline-offset-2 hover:underline dark:text-primary-200" href={detailsHref(locale, row)} data-testid="request-link">
                      <bdi>{row.reference}</bdi>
                    </a>
                    <UnreadBadge count={row.unreadMessages} />
                  </td>
                  <td className="px-4 py-2"><bdi>{applicantName(row)}</bdi></td>
                  <td className="px-4 py-2 font-mono"><bdi dir="ltr">{row.fields.PassportNumber ?? ""}</bdi></td>
                  <td className="px-4 py-2">{localized(row.visa.title, locale)}</td>
                  <td className="px-4 py-2"><StatusChip status={row.status} /></td>
                  <td className="px-4 py-2 whitespace-nowrap">{dateOnly(row.createdAt, locale, timeZone)}</td>
                  {showPrice && (
                    <td className="px-4 py-2 text-end">{row.price !== undefined && row.currency ? <Amount minor={row.price} currency={row.currency} locale={locale} /> : null}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {screen !== "wide" && (
        <ul className={`flex flex-col gap-3 p-3 ${shown.narrow}`} aria-label={t("requests.tableCaption")}>
          {rows.map((row) => (
            <li key={row._id} className="relative flex flex-col gap-1.5 rounded-2xl border border-[var(--border)] p-4" data-testid="request-card" data-id={row._id}>
              <div className="flex items-start justify-between gap-2">
                <a className="font-mono text-sm font-semibold text-primary-800 after:absolute after:inset-0 dark:text-primary-200" href={detailsHref(locale, row)}>
                  <bdi>{row.reference}</bdi>
                </a>
                <UnreadBadge count={row.unreadMessages} />
                <StatusChip status={row.status} />
              </div>
              <p className="font-semibold" dir="auto">{applicantName(row)}</p>
              <p className="muted text-sm">{localized(row.visa.title, locale)}</p>
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="muted">{dateOnly(row.createdAt, locale, timeZone)}</span>
                {row.price !== undefined && row.currency && <Amount minor={row.price} currency={row.currency} locale={locale} className="font-semibold" />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The range and previous/next. With `href` the two are links to the page's own address (?page=N): they work before any
 * script (the edge draws that page), and the island turns them into in-page moves.
 */
function Pager({ page, total, locale, onPage, href }: { page: number; total: number; locale: Locale; onPage: (page: number) => void; href: (page: number) => string }) {
  const t = useT();
  const pages = pageCount(total);
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  const n = (value: number) => formatNumber(value, locale);
  const control = (target: number, enabled: boolean, testId: string, children: ReactNode) =>
    enabled ? (
      <a
        className={BUTTON}
        href={href(target)}
        onClick={(event) => {
          event.preventDefault();
          onPage(target);
        }}
        data-testid={testId}
      >
        {children}
      </a>
    ) : (
      <button type="button" className={BUTTON} disabled data-testid={testId}>
        {children}
      </button>
    );
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3" aria-label={t("requests.pages")} data-testid="requests-pager">
      <p className="muted text-sm" aria-live="polite" data-testid="requests-range">{t("requests.range", { from: n(from), to: n(to), total: n(total) })}</p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          {control(page - 1, page > 1, "requests-previous", <><ChevronLeft size={20} aria-hidden="true" className="flip-rtl" />{t("requests.previous")}</>)}
          <span className="text-sm tabular-nums">{t("requests.pageOf", { page: n(page), pages: n(pages) })}</span>
          {control(page + 1, page < pages, "requests-next", <>{t("requests.next")}<ChevronRight size={20} aria-hidden="true" className="flip-rtl" /></>)}
        </div>
      )}
    </nav>
  );
}

export function RequestsListView(props: ViewProps & { actions?: ListActions }) {
  const { locale, filters, state: list, timeZone, actions = NO_ACTIONS } = props;
  const t = useT();
  const data = list.status === "ready" ? list.data : undefined;
  return (
    <div className="flex flex-col gap-4">
      <Toolbar {...props} actions={actions} />
      {list.status === "loading" ? (
        <RowsSkeleton />
      ) : list.status === "error" ? (
        <LoadError onRetry={actions.retry} />
      ) : data && data.data.length === 0 ? (
        <div className="card flex flex-col items-center gap-2 px-6 py-10 text-center" data-testid="requests-empty">
          <p className="font-semibold">{hasFilters(filters) ? t("requests.noMatch") : t("requests.none")}</p>
          <p className="muted text-sm">{hasFilters(filters) ? t("requests.noMatchHint") : t("requests.noneHint")}</p>
          {!hasFilters(filters) && (
            <a className={`${BUTTON} mt-2`} href={`/${locale}/visa/`}>
              <FilePlus2 size={20} aria-hidden="true" />
              {t("requests.fileFirst")}
            </a>
          )}
        </div>
      ) : data ? (
        <>
          <Rows rows={data.data} locale={locale} timeZone={timeZone} />
          <Pager page={filters.page} total={data.total} locale={locale} onPage={actions.goToPage} href={(page) => searchOf({ ...filters, page }) || "?"} />
        </>
      ) : null}
    </div>
  );
}

