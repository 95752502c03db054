/**
 * A server-side table over a resource store: paging, sorting (header buttons with aria-sort), search (debounced in
 * the store), filters, skeleton rows while the first page loads, an empty state, an error state with a retry, row
 * actions. From md up it is a table with a sticky header; below md every row is a card. Both read the same store.
 */
import { useStore } from "@nanostores/react";
import { RotateCw } from "../../components/ui/icons";
import { useDeferredValue, useEffect, useMemo, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import {
  Alert, Button, EmptyState, Pagination, SearchInput, Select, Skeleton, SortHeader, Table, cellClass, headerCellClass,
} from "../../components/ui";
import { usePageLocale, useOptions } from "./hooks";
import type { Column, FilterDef } from "./resource";
import type { ResourceStore } from "./resource.store";

export interface ResourceTableProps<T extends { _id: string }> {
  store: ResourceStore<T>;
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
  /** Loads the first page on mount (default true). */
  autoLoad?: boolean;
  /** A row the user picked (highlighted, aria-current). */
  selectedId?: string | null;
  testId?: string;
}

const SKELETON_ROWS = 5;

/**
 * The actions column stays in view at the table's end edge: a narrow window (1366 px with the side navigation) or a
 * long title scrolls the other columns sideways, never the edit and delete buttons out of the card (issue 11).
 */
const STICKY_END = "sticky end-0 border-s bg-[var(--surface)]";

export function ResourceTable<T extends { _id: string }>({
  store, columns, caption, searchLabel, emptyLabel, emptyHint, filters = [], moreFilters, rowActions, toolbar, autoLoad = true, selectedId, testId = "resource-table",
}: ResourceTableProps<T>) {
  const t = useT();
  const locale = usePageLocale();
  const query = useStore(store.$query);
  const currentList = useStore(store.$list);
  const currentLoading = useStore(store.$loading);
  const currentLoaded = useStore(store.$loaded);
  const currentError = useStore(store.$error);
  // A page of rows (drawn twice: table and cards) is drawn in the background, in slices the browser can interrupt,
  // not in one long task the moment the store has it (issue 9: that task was most of the admin lists' blocking time
  // on phones). The flags come with the rows, so no empty state flashes while they are on their way; the search box
  // and filters read the store directly and stay instant.
  const fresh = useMemo(
    () => ({ list: currentList, loading: currentLoading, loaded: currentLoaded, error: currentError }),
    [currentList, currentLoading, currentLoaded, currentError],
  );
  const { list, loading, loaded, error } = useDeferredValue(fresh);
  const searchText = useStore(store.$searchText);
  const ctx = { locale, t };

  useEffect(() => {
    if (autoLoad) void store.load();
  }, [store, autoLoad]);

  const sortLabel = (column: Column<T>) => t("kit.sortBy", { column: t(column.label) });
  const sortName = (column: Column<T>) => (typeof column.sortable === "function" ? column.sortable(locale) : column.key);
  const primary = columns.find((c) => c.primary) ?? columns[0];
  const showSkeleton = !loaded && !error;

  return (
    <section className="card overflow-hidden" aria-label={caption} aria-busy={loading || undefined} data-testid={testId}>
      <div className="flex flex-wrap items-end gap-3 border-b border-[var(--border)] p-3">
        {searchLabel && (
          <form
            className="contents"
            onSubmit={(event) => {
              event.preventDefault();
              void store.applySearch();
            }}
          >
            <SearchInput value={searchText} onValue={store.setSearch} label={t(searchLabel)} />
          </form>
        )}
        {filters.map((filter) => (
          <FilterSelect key={filter.name} filter={filter} value={query.filters[filter.name] ?? ""} onValue={(v) => void store.setFilter(filter.name, v)} />
        ))}
        {moreFilters}
        <div className="ms-auto flex flex-wrap gap-2">{toolbar}</div>
      </div>

      {Boolean(error) && (
        <div className="p-3">
          <Alert
            testId="table-error"
            action={
              <Button size="sm" icon={RotateCw} onClick={() => void store.load()} data-testid="table-retry">
                {t("kit.retry")}
              </Button>
            }
          >
            {t("kit.loadFailed")}
          </Alert>
        </div>
      )}

      {/* md and up: a table with a sticky header */}
      <div className="hidden md:block">
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
                    onSort={() => void store.sortBy(sortName(column))}
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

      {/* below md: one card per row */}
      <ul className="md:hidden divide-y divide-[var(--border)]" aria-label={caption} data-testid={`${testId}-cards`}>
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

      {loaded && list.data.length === 0 && !error && (
        <EmptyState title={t(query.search || Object.values(query.filters).some(Boolean) ? "kit.noResults" : emptyLabel)} hint={emptyHint ? t(emptyHint) : undefined} testId="table-empty" />
      )}

      {loaded && list.total > 0 && (
        <div className="border-t border-[var(--border)]">
          <Pagination page={query.page} limit={query.limit} total={list.total} onPage={(p) => void store.setPage(p)} onLimit={(l) => void store.setLimit(l)} disabled={loading} />
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
