/**
 * The "all news" and "all events" pages (issue 27): one list of the reader's items, newest first, ten a page, with a
 * search, a read/unread filter, a mark per item and "mark all as read". The page, search and filter live in the
 * address (a link or a reload shows the same list). Each page only says how to fetch, mark and draw its items; how
 * the page looks is FeedPageView's (the edge draws it too; issue 32).
 */
import { useCallback, useEffect, useState, type ReactNode } from "react";
import type { ListResponse } from "../../contract/common";
import { replaceQuery } from "../../lib/address";
import { feedQueryFromSearch, feedSearchOf, type FeedQuery } from "./feed-query";
import { FeedPageView } from "./FeedPageView";

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

const queryOfAddress = () => feedQueryFromSearch(typeof location === "undefined" ? "" : location.search);

export function FeedPage<T extends { _id: string }>({ name, load, markAll, renderItem, searchLabel, emptyLabel }: FeedPageProps<T>) {
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
    replaceQuery(feedSearchOf(query));
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
    <FeedPageView<T>
      name={name}
      query={query}
      typed={typed}
      list={list}
      failed={failed}
      marking={marking}
      renderItem={(item) => renderItem(item, reload)}
      searchLabel={searchLabel}
      emptyLabel={emptyLabel}
      actions={{
        type: setTyped,
        filter: (filter) => setQuery((q) => ({ ...q, filter, page: 1 })),
        markAll: () => void onMarkAll(),
        retry: reload,
        page: (page) => setQuery((q) => ({ ...q, page })),
      }}
    />
  );
}
