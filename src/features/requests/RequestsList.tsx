/**
 * /requests: the agency's visa requests — status chips (with counts) to filter, dates, a search by applicant,
 * passport number or reference, paging in the address, and exports. A table from md, cards below it. Staff see the
 * same list without prices (the API leaves them out).
 */
import { useStore } from "../../lib/use-store";
import { ChevronLeft, ChevronRight, Download, FilePlus2, Search, X } from "../../components/ui/icons";
import { useEffect, useId } from "react";
import type { ExportFormat, VisaRequestSummary } from "../../contract/requests";
import { formatNumber } from "../../components/ui/format";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import {
  $exporting, $filters, $list, $searchText, PAGE_SIZE, applySearch, clearFilters, clearStatuses, exportList, goToPage, hasFilters,
  pageCount, setDates, startList, toggleStatus, typeSearch,
} from "./list.store";
import { STATUSES, STATUS_LABEL } from "./status";
import { Amount, BONE, BUTTON, LoadError, PULSE, StatusChip, dateOnly, useMounted } from "./ui";

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: "csv", label: "requests.export.csv" },
  { format: "xlsx", label: "requests.export.xlsx" },
  { format: "pdf", label: "requests.export.pdf" },
];

const localized = (text: { en: string; ar: string; ku: string } | undefined, locale: Locale) => text?.[locale] || text?.en || "";

/** The applicant's name as the agency knows it: the full name, else the four-part name. */
export const applicantName = (request: Pick<VisaRequestSummary, "fields">) => request.fields.FullName || request.fields.FullQuadRupleName || "";

const detailsHref = (locale: Locale, request: VisaRequestSummary) => `/${locale}/requests/${encodeURIComponent(request._id)}/`;

function Toolbar({ locale }: { locale: Locale }) {
  const t = useT();
  const id = useId();
  const filters = useStore($filters);
  const text = useStore($searchText);
  const list = useStore($list);
  const exporting = useStore($exporting);
  const data = list.status === "ready" ? list.data : list.status === "loading" ? list.previous : undefined;
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
              data-testid="requests-search"
            />
          </div>
        </form>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-medium">{t("requests.from")}</label>
          <input id={`${id}-from`} type="date" dir="ltr" className="field" value={filters.from} max={filters.to || undefined} onChange={(event) => void setDates(event.target.value, filters.to)} data-testid="requests-from" />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-medium">{t("requests.to")}</label>
          <input id={`${id}-to`} type="date" dir="ltr" className="field" value={filters.to} min={filters.from || undefined} onChange={(event) => void setDates(filters.from, event.target.value)} data-testid="requests-to" />
        </div>
      </div>
      <fieldset>
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
      <div className="flex flex-wrap items-center gap-2">
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
  return (
    <div className={`card overflow-hidden ${PULSE}`} aria-busy="true" data-testid="requests-skeleton">
      <div className="hidden md:block">
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
      <ul className="flex flex-col gap-3 p-3 md:hidden">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="flex h-36 flex-col gap-2 rounded-2xl border border-[var(--border)] p-4">
            <div className={`${BONE} h-4 w-28`} />
            <div className={`${BONE} h-5 w-48`} />
            <div className={`${BONE} h-4 w-full`} />
            <div className={`${BONE} mt-auto h-6 w-24 rounded-full`} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function Rows({ rows, locale }: { rows: VisaRequestSummary[]; locale: Locale }) {
  const t = useT();
  const showPrice = rows.some((row) => row.price !== undefined);
  return (
    <div className="card overflow-hidden" data-testid="requests-list">
      <div className="hidden overflow-x-auto md:block">
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
                </td>
                <td className="px-4 py-2"><bdi>{applicantName(row)}</bdi></td>
                <td className="px-4 py-2 font-mono"><bdi dir="ltr">{row.fields.PassportNumber ?? ""}</bdi></td>
                <td className="px-4 py-2">{localized(row.visa.title, locale)}</td>
                <td className="px-4 py-2"><StatusChip status={row.status} /></td>
                <td className="px-4 py-2 whitespace-nowrap">{dateOnly(row.createdAt, locale)}</td>
                {showPrice && (
                  <td className="px-4 py-2 text-end">{row.price !== undefined && row.currency ? <Amount minor={row.price} currency={row.currency} locale={locale} /> : null}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 p-3 md:hidden" aria-label={t("requests.tableCaption")}>
        {rows.map((row) => (
          <li key={row._id} className="relative flex flex-col gap-1.5 rounded-2xl border border-[var(--border)] p-4" data-testid="request-card" data-id={row._id}>
            <div className="flex items-start justify-between gap-2">
              <a className="font-mono text-sm font-semibold text-primary-800 after:absolute after:inset-0 dark:text-primary-200" href={detailsHref(locale, row)}>
                <bdi>{row.reference}</bdi>
              </a>
              <StatusChip status={row.status} />
            </div>
            <p className="font-semibold" dir="auto">{applicantName(row)}</p>
            <p className="muted text-sm">{localized(row.visa.title, locale)}</p>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="muted">{dateOnly(row.createdAt, locale)}</span>
              {row.price !== undefined && row.currency && <Amount minor={row.price} currency={row.currency} locale={locale} className="font-semibold" />}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Pager({ page, total, locale }: { page: number; total: number; locale: Locale }) {
  const t = useT();
  const pages = pageCount(total);
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  const n = (value: number) => formatNumber(value, locale);
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3" aria-label={t("requests.pages")} data-testid="requests-pager">
      <p className="muted text-sm" aria-live="polite" data-testid="requests-range">{t("requests.range", { from: n(from), to: n(to), total: n(total) })}</p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <button type="button" className={BUTTON} disabled={page <= 1} onClick={() => void goToPage(page - 1)} data-testid="requests-previous">
            <ChevronLeft size={20} aria-hidden="true" className="flip-rtl" />
            {t("requests.previous")}
          </button>
          <span className="text-sm tabular-nums">{t("requests.pageOf", { page: n(page), pages: n(pages) })}</span>
          <button type="button" className={BUTTON} disabled={page >= pages} onClick={() => void goToPage(page + 1)} data-testid="requests-next">
            {t("requests.next")}
            <ChevronRight size={20} aria-hidden="true" className="flip-rtl" />
          </button>
        </div>
      )}
    </nav>
  );
}

function RequestsListView({ locale }: { locale: Locale }) {
  const t = useT();
  const mounted = useMounted();
  const list = useStore($list);
  const filters = useStore($filters);

  useEffect(() => {
    void startList();
    const onPop = () => void startList();
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const data = list.status === "ready" ? list.data : undefined;
  return (
    <div className="flex flex-col gap-4">
      <Toolbar locale={locale} />
      {!mounted || list.status === "loading" ? (
        <RowsSkeleton />
      ) : list.status === "error" ? (
        <LoadError onRetry={() => void startList()} />
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
          <Rows rows={data.data} locale={locale} />
          <Pager page={filters.page} total={data.total} locale={locale} />
        </>
      ) : null}
    </div>
  );
}

export default withI18n(RequestsListView);
