/**
 * The "all news" and "all events" pages (issue 27): one list of the reader's items, newest first, ten a page, with a
 * search, a read/unread filter, a mark per item and "mark all as read". The page, search and filter live in the
 * address (a link or a reload shows the same list). Each page only says how to fetch, mark and draw its items.
 */
import { Check } from "../../components/ui/icons";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Alert, Button, Pagination, SearchInput, Select, Skeleton } from "../../components/ui";
import type { ListResponse } from "../../contract/common";
import { replaceQuery } from "../../lib/address";
import { useT } from "../../lib/i18n";

export type ReadFilter = "" | "unread" | "read";
export const FEED_PAGE_SIZE = 10;

export interface FeedQuery {
  page: number;
  search: string;
  filter: ReadFilter;
}

export interface FeedPageProps<T extends { _id: string }> {
  /** Names the test ids and labels ("news", "events"). */
  name: string;
  load: (query: FeedQuery) => Promise<ListResponse<T>>;
  markAll: () => Promise<unknown>;
  renderItem: (item: T, reload: () => void) => ReactNode;
  /** Message keys: the search box's label and the empty list's sentence. */
  searchLabel: string;
  emptyLabel: string;
}

/** The query the address holds (values it never writes are ignored). */
function queryOfAddress(): FeedQuery {
  const params = new URLSearchParams(typeof location === "undefined" ? "" : location.search);
  const page = Number(params.get("page"));
  const filter = params.get("show");
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    search: params.get("search") ?? "",
    filter: filter === "unread" || filter === "read" ? filter : "",
  };
}

function addressOf(query: FeedQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.filter) params.set("show", query.filter);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function FeedPage<T extends { _id: string }>({ name, load, markAll, renderItem, searchLabel, emptyLabel }: FeedPageProps<T>) {
  const t = useT();
  const [query, setQuery] = useState<FeedQuery>(queryOfAddress);
  const [typed, setTyped] = useState(query.search);
  const [list, setList] = useState<ListResponse<T> | null>(null);
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState(false);

  const reload = useCallback(() => {
    setFailed(false);
    load(query).then(setList, () => setFailed(true));
  }, [load, query]);
  useEffect(() => {
    replaceQuery(addressOf(query));
    reload();
  }, [query, reload]);
  // Typing searches after a short pause, from the first page.
  useEffect(() => {
    if (typed === query.search) return;
    const timer = setTimeout(() => setQuery((q) => ({ ...q, search: typed.trim(), page: 1 })), 300);
    return () => clearTimeout(timer);
  }, [typed, query.search]);

  async function onMarkAll() {
    setMarking(true);
    try {
      await markAll();
      reload();
    } finally {
      setMarking(false);
    }
  }

  return (
    <section className="flex flex-col gap-4" data-testid={`all-${name}`}>
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput value={typed} onValue={setTyped} label={t(searchLabel)} testId={`${name}-search`} />
        <Select
          label={t("feed.show")}
          value={query.filter}
          onValue={(value) => setQuery((q) => ({ ...q, filter: value as ReadFilter, page: 1 }))}
          options={[{ value: "", label: t("feed.showAll") }, { value: "unread", label: t("feed.showUnread") }, { value: "read", label: t("feed.showRead") }]}
          testId={`${name}-filter`}
        />
        <Button icon={Check} onClick={() => void onMarkAll()} pending={marking} data-testid={`${name}-mark-all`}>{t("events.markAllSeen")}</Button>
      </div>
      {failed ? (
        <Alert action={<Button size="sm" onClick={reload}>{t("feed.retry")}</Button>}>{t("feed.loadFailed")}</Alert>
      ) : list === null ? (
        <div aria-busy="true"><Skeleton className="h-40" /></div>
      ) : list.data.length === 0 ? (
        <p className="card muted p-6 text-center" data-testid={`${name}-empty`}>{t(emptyLabel)}</p>
      ) : (
        <ul className="card flex flex-col divide-y divide-[var(--border)] px-5" data-testid={`${name}-list`}>
          {list.data.map((item) => <li key={item._id} className="py-3">{renderItem(item, reload)}</li>)}
        </ul>
      )}
      {list && list.total > FEED_PAGE_SIZE && (
        <Pagination page={query.page} limit={FEED_PAGE_SIZE} total={list.total} onPage={(page) => setQuery((q) => ({ ...q, page }))} />
      )}
    </section>
  );
}
