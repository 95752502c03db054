/**
 * The "all news" and "all events" pages as they look (issue 27), from props only: the search, the read filter, "mark
 * all as read", the list and its pager. The island (FeedPage.tsx) gives it its state and handlers; the edge draws it
 * from the address's list with none (functions/edge/views/feeds.tsx; issue 32: the list came after paint and was the
 * page's largest paint at 3.4-6.4 s on a phone), and the island takes the view over when the reader reaches for it.
 */
import type { ReactNode } from "react";
import { Check } from "../../components/ui/icons";
import { Alert, Skeleton } from "../../components/ui/Feedback";
import { Button } from "../../components/ui/Button";
import { Select } from "../../components/ui/Field";
import { Pagination } from "../../components/ui/Pagination";
import { SearchInput } from "../../components/ui/SearchInput";
import type { ListResponse } from "../../contract/common";
import { useT } from "../../lib/i18n";
import { FEED_PAGE_SIZE, feedSearchOf, type FeedQuery, type ReadFilter } from "./feed-query";

export interface FeedActions {
  type(value: string): void;
  filter(value: ReadFilter): void;
  markAll(): void;
  retry(): void;
  page(page: number): void;
}

const idle = () => {};
/** A drawn view's controls do nothing by themselves: the island, which the reach brings, does (a press is replayed). */
const NO_ACTIONS: FeedActions = { type: idle, filter: idle, markAll: idle, retry: idle, page: idle };

export interface FeedPageViewProps<T extends { _id: string }> {
  /** Names the test ids ("news", "events"). */
  name: string;
  query: FeedQuery;
  /** The search box's text (the query's search until the reader types). */
  typed?: string;
  /** null: still loading. */
  list: ListResponse<T> | null;
  failed?: boolean;
  marking?: boolean;
  renderItem: (item: T) => ReactNode;
  /** Message keys: the search box's label and the empty list's sentence. */
  searchLabel: string;
  emptyLabel: string;
  actions?: FeedActions;
}

export function FeedPageView<T extends { _id: string }>({
  name, query, typed = query.search, list, failed = false, marking = false, renderItem, searchLabel, emptyLabel, actions = NO_ACTIONS,
}: FeedPageViewProps<T>) {
  const t = useT();
  return (
    <section className="flex flex-col gap-4" data-testid={`all-${name}`}>
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput value={typed} onValue={actions.type} label={t(searchLabel)} testId={`${name}-search`} />
        <Select
          label={t("feed.show")}
          value={query.filter}
          onValue={(value) => actions.filter(value as ReadFilter)}
          options={[{ value: "", label: t("feed.showAll") }, { value: "unread", label: t("feed.showUnread") }, { value: "read", label: t("feed.showRead") }]}
          testId={`${name}-filter`}
        />
        <Button icon={Check} onClick={actions.markAll} pending={marking} data-testid={`${name}-mark-all`}>{t("events.markAllSeen")}</Button>
      </div>
      {failed ? (
        <Alert action={<Button size="sm" onClick={actions.retry}>{t("feed.retry")}</Button>}>{t("feed.loadFailed")}</Alert>
      ) : list === null ? (
        <div aria-busy="true"><Skeleton className="h-40" /></div>
      ) : list.data.length === 0 ? (
        <p className="card muted p-6 text-center" data-testid={`${name}-empty`}>{t(emptyLabel)}</p>
      ) : (
        <ul className="card flex flex-col divide-y divide-[var(--border)] px-5" data-testid={`${name}-list`}>
          {/* data-id: a press on a drawn item's button is replayed on that item's, whatever the island's list. */}
          {list.data.map((item) => <li key={item._id} className="py-3" data-id={item._id}>{renderItem(item)}</li>)}
        </ul>
      )}
      {list && list.total > FEED_PAGE_SIZE && (
        <Pagination page={query.page} limit={FEED_PAGE_SIZE} total={list.total} onPage={actions.page} href={(page) => feedSearchOf({ ...query, page })} />
      )}
    </section>
  );
}
