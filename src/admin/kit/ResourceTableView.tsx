/**
 * The kit's server-side table as it looks (ResourceTable wires it to a resource store): paging, sorting (header
 * buttons with aria-sort), search, filters, skeleton rows while the first page loads, an empty state, an error state
 * with a retry, row actions. From md up it is a table with a sticky header; below md every row is a card (only the
 * layout the screen shows is drawn: src/lib/screen.ts). It reads only its props, so the edge draws it too (issue 9):
 * without handlers its controls wait for the island.
 */
import { RotateCw } from "../../components/ui/icons";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { screenClasses, useScreen } from "../../lib/screen";
// The building blocks one by one, not the ui barrel: the Worker draws this table (the money pages), and the barrel
// brings the dialogs (Headless UI) along.
import { Button } from "../../components/ui/Button";
import { Alert, EmptyState, Skeleton } from "../../components/ui/Feedback";
import { Select } from "../../components/ui/Field";
import { Pagination } from "../../components/ui/Pagination";
import { SearchInput } from "../../components/ui/SearchInput";
import { SortHeader, Table, cellClass, headerCellClass } from "../../components/ui/Table";
import type { Locale } from "../../shared/locales";
import type { ListQuery } from "./list-query";
import type { Column, FilterDef } from "./table";
import { useOptions } from "./use-options";

/** What the table shows, as the resource store holds it. */
export interface TableState<T> {
  query: ListQuery;
  list: { data: T[]; total: number };
  loading: boolean;
  /** An answer ever arrived: before it, skeleton rows. */
  loaded: boolean;
  error: unknown;
  /** The search box as typed. */
  searchText: string;
}

/** What the reader's actions ask for (the store's actions); none while the edge draws the table. */
export interface TableHandlers {
  search?: (text: string) => void;
  applySearch?: () => void;
  filter?: (name: string, value: string) => void;
  sort?: (field: string) => void;
  page?: (page: number) => void;
  limit?: (limit: number) => void;
  retry?: () => void;
}

export interface ResourceTableLook<T extends { _id: string }> {
  /** For a list kept in the page's address: the address of page N, so the pager's previous/next are links. */
  pageHref?: (page: number) => string;
  columns: readonly Column<T>[];
  /** The table's accessible name (the page's title). */
  caption: string;
  /** Message keys. */
  searchLabel?: string;
  emptyLabel: string;
  emptyHint?: string;
  filters?: readonly FilterDef[];
  /** Filters that are not a select (a date range, a text filter): shown after the selects. */
  moreFilters?: ReactNode;
  /** Buttons for one row (edit, delete, …). */
  rowActions?: (row: T) => ReactNode;
  /** Next to the search box (a create button). */
  toolbar?: ReactNode;
  /** A row the user picked (highlighted, aria-current). */
  selectedId?: string | null;
  testId?: string;
}

export interface ResourceTableViewProps<T extends { _id: string }> extends ResourceTableLook<T> {
  state: TableState<T>;
  on?: TableHandlers;
  locale: Locale;
  /** Dates in this zone (the edge draws in the reader's); the browser's when unset. */
  timeZone?: string;
  /**
   * The first answer is on its way (the store loads on mount): the skeleton says busy, so a view taken over by its
   * island keeps the drawn rows until the island's have come (src/lib/edge-view-mount.tsx).
   */
  awaitsFirst?: boolean;
}

/** A table's state before its first answer (the page's skeleton). */
export const loadingTable = <T,>(query: ListQuery): TableState<T> => ({
  query, list: { data: [], total: 0 }, loading: false, loaded: false, error: null, searchText: query.search,
});

/** A table's state with its first answer (what the edge draws). */
export const loadedTable = <T,>(query: ListQuery, answer: { data: T[]; total: number }): TableState<T> => ({
  query, list: { data: answer.data, total: answer.total }, loading: false, loaded: true, error: null, searchText: query.search,
});

const SKELETON_ROWS = 5;

/**
 * The actions column stays in view at the table's end edge: a narrow window (1366 px with the side navigation) or a
 * long title scrolls the other columns sideways, never the edit and delete buttons out of the card (issue 11).
 */
const STICKY_END = "sticky end-0 border-s bg-[var(--surface)]";

export function ResourceTableView<T extends { _id: string }>({
  state, on = {}, locale, timeZone, columns, caption, searchLabel, emptyLabel, emptyHint, filters = [], moreFilters, rowActions, toolbar, awaitsFirst = true, selectedId, testId = "resource-table", pageHref,
}: ResourceTableViewProps<T>) {
  const t = useT();
  const { query, list, loading, loaded, error, searchText } = state;
  const ctx = { locale, t, ...(timeZone ? { timeZone } : {}) };

  const sortLabel = (column: Column<T>) => t("kit.sortBy", { column: t(column.label) });
  const sortName = (column: Column<T>) => (typeof column.sortable === "function" ? column.sortable(locale) : column.key);
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const showSkeleton = !loaded && !error;
  const screen = useScreen();
  const shown = screenClasses(screen);

  return (
    <section className="card overflow-hidden" aria-label={caption} aria-busy={loading || (awaitsFirst && showSkeleton) || undefined} data-testid={testId}>
      <div className="flex flex-wrap items-end gap-3 border-b border-[var(--border)] p-3">
        {searchLabel && (
          <form
            className="contents"
            onSubmit={(event) => {
              event.preventDefault();
              void on.applySearch?.();
            }}
          >
            <SearchInput value={searchText} onValue={(text) => on.search?.(text)} label={t(searchLabel)} />
          </form>
        )}
        {filters.map((filter) => (
          <FilterSelect key={filter.name} filter={filter} value={query.filters[filter.name] ?? ""} onValue={(v) => on.filter?.(filter.name, v)} />
        ))}
        {moreFilters}
        <div className="ms-auto flex flex-wrap gap-2">{toolbar}</div>
      </div>

      {Boolean(error) && (
        <div className="p-3">
          <Alert
            testId="table-error"
            action={
              <Button size="sm" icon={RotateCw} onClick={() => on.retry?.()} data-testid="table-retry">
                {t("kit.retry")}
              </Button>
            }
          >
            {t("kit.loadFailed")}
          </Alert>
        </div>
      )}

      {/* md and up: a table with a sticky header */}
      {screen !== "narrow" && (
        <div className={shown.wide || undefined}>
          <Table caption={caption} testId={`${testId}-grid`}>
            <thead>
              <tr>
                {columns.map((column) =>
                  column.sortable ? (
                    <SortHeader
                      key={column.key}
                      label={t(column.label)}
                      sortLabel={sortLabel(column)}
                      active={query.sort === sortName(column) ? query.order : null}
                      onSort={() => on.sort?.(sortName(column))}
                      className={column.align === "end" ? "text-end" : "text-start"}
                      data-testid={`sort-${column.key}`}
                    />
                  ) : (
                    <th key={column.key} scope="col" className={`${headerCellClass} ${column.align === "end" ? "text-end" : "text-start"}`}>
                      {t(column.label)}
                    </th>
                  ),
                )}
                {rowActions && (
                  <th scope="col" className={`${headerCellClass} ${STICKY_END} z-20 text-end`}>
                    <span className="sr-only">{t("kit.actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className={loading && loaded ? "opacity-60 transition-opacity" : ""}>
              {showSkeleton &&
                Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <tr key={`skeleton-${i}`} aria-hidden="true" data-testid="skeleton-row">
                    {columns.map((column) => (
                      <td key={column.key} className={cellClass}>
                        <Skeleton className="h-4 w-3/4" />
                      </td>
                    ))}
                    {rowActions && <td className={`${cellClass} ${STICKY_END}`} />}
                  </tr>
                ))}
              {list.data.map((row) => (
                <tr
                  key={row._id}
                  data-testid="table-row"
                  data-id={row._id}
                  aria-current={selectedId === row._id ? "true" : undefined}
                  className="hover:bg-[color-mix(in_srgb,var(--text)_4%,transparent)] aria-[current=true]:bg-primary-500/10"
                >
                  {columns.map((column) => (
                    <td key={column.key} className={`${cellClass} ${column.align === "end" ? "text-end tabular-nums" : ""} ${column.className ?? ""}`}>
                      {column.render(row, ctx)}
                    </td>
                  ))}
                  {rowActions && (
                    <td className={`${cellClass} ${STICKY_END} text-end whitespace-nowrap`}>
                      <div className="inline-flex items-center gap-0.5">{rowActions(row)}</div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}

      {/* below md: one card per row */}
      {screen !== "wide" && (
        <ul className={`${shown.narrow} divide-y divide-[var(--border)]`} aria-label={caption} data-testid={`${testId}-cards`}>
          {showSkeleton &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <li key={`skeleton-${i}`} aria-hidden="true" className="p-4 flex flex-col gap-2">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-3/4" />
              </li>
            ))}
          {list.data.map((row) => (
            <li key={row._id} className="p-4 flex flex-col gap-2" data-testid="table-card" aria-current={selectedId === row._id ? "true" : undefined}>
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1 font-semibold">{primary?.render(row, ctx)}</div>
                {rowActions && <div className="flex shrink-0 items-center">{rowActions(row)}</div>}
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {columns
                  .filter((column) => column !== primary)
                  .map((column) => (
                    <div key={column.key} className="contents">
                      <dt className="muted">{t(column.label)}</dt>
                      <dd className="min-w-0">{column.render(row, ctx)}</dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
        </ul>
      )}

      {loaded && list.data.length === 0 && !error && (
        <EmptyState title={t(query.search || Object.values(query.filters).some(Boolean) ? "kit.noResults" : emptyLabel)} hint={emptyHint ? t(emptyHint) : undefined} testId="table-empty" />
      )}

      {loaded && list.total > 0 && (
        <div className="border-t border-[var(--border)]">
          <Pagination page={query.page} limit={query.limit} total={list.total} onPage={(p) => on.page?.(p)} onLimit={(l) => on.limit?.(l)} disabled={loading} href={pageHref} />
        </div>
      )}
    </section>
  );
}

function FilterSelect({ filter, value, onValue }: { filter: FilterDef; value: string; onValue: (value: string) => void }) {
  const t = useT();
  const { options } = useOptions(filter.options);
  return (
    <Select label={t(filter.label)} value={value} onValue={onValue} options={options} placeholder={t("kit.all")} className="w-44" testId={`filter-${filter.name}`} />
  );
}
