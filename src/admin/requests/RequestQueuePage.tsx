/**
 * /admin/requests: the work queue. Open requests (not Approved, Rejected or Canceled), newest first; each status
 * with its count as a chip that filters the queue; requests waiting on the admin (Requested, InProcess, Modified,
 * Paid) are marked, those waiting on the agency (a document or a correction asked for) say so. The counts come with
 * the list answer (`counts`, same filters, status ignored). The queue reloads every 30 s while the tab is shown.
 * The edge draws the page (QueueView, src/admin/edge-pages.ts; issue 32); this island takes it over when the admin
 * reaches for a control, when a request changes, or after 30 s (the poll's fallback).
 */
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useMemo } from "react";
import { followRecords } from "../../lib/record-changes";
import { withI18n } from "../../components/with-i18n";
import type { RequestListResponse, VisaRequestSummary } from "../../contract/requests";
import { api } from "../../lib/api";
import { usePageLocale } from "../kit/hooks";
import { createResourceStore, type HttpLike } from "../kit/resource.store";
import { tableHandlers, useTableState } from "../kit/ResourceTable";
import { requestEndpoints } from "./api";
import { QUEUE_QUERY, QueueView, type QueueCounts } from "./QueueView";
import { QUEUE_REFRESH_MS } from "./queue-refresh";

/** The queue's store: the list store, plus the counts per status of the last answer. */
export function createQueueStore(http: HttpLike = api) {
  const $counts = atom<QueueCounts>({});
  // Only the newest answer's counts are shown (an older, slower one must not win).
  let calls = 0;
  const counting: HttpLike = {
    ...http,
    get: async <T,>(url: string, options?: Parameters<HttpLike["get"]>[1]) => {
      const mine = url === requestEndpoints.list ? ++calls : 0;
      const answer = await http.get<T>(url, options);
      if (url === requestEndpoints.list && mine === calls) $counts.set((answer as unknown as RequestListResponse).counts ?? {});
      return answer;
    },
  };
  const store = createResourceStore<VisaRequestSummary>({ endpoints: requestEndpoints, http: counting, query: QUEUE_QUERY });
  return Object.assign(store, { $counts });
}

function RequestQueuePage() {
  const store = useMemo(() => createQueueStore(), []);
  const counts = useStore(store.$counts);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void store.load();
    }, QUEUE_REFRESH_MS);
    // A request filed or corrected: the queue and its counts at once, not at the next poll (issue 26).
    const stop = followRecords(["requests"], () => store.load());
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [store]);

  return <QueueView locale={usePageLocale()} table={useTableState(store)} counts={counts} on={tableHandlers(store)} />;
}

export default withI18n(RequestQueuePage);
