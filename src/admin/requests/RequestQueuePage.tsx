/**
 * /admin/requests: the work queue. Open requests (not Approved, Rejected or Canceled), newest first; each status
 * with its count as a chip that filters the queue; requests waiting on the admin (Requested, InProcess, Modified,
 * Paid) are marked, those waiting on the agency (a document or a correction asked for) say so. The counts come with
 * the list answer (`counts`, same filters, status ignored). The queue reloads every 30 s while the tab is shown.
 */
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { Hourglass, UserRoundCheck } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { followRecords } from "../../lib/record-changes";
import { withI18n } from "../../components/with-i18n";
import type { RequestListResponse, VisaRequestSummary, VisaStatus } from "../../contract/requests";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { formatNumber } from "../../components/ui";
import { usePageLocale } from "../kit/hooks";
import type { Column } from "../kit/resource";
import { createResourceStore, type HttpLike } from "../kit/resource.store";
import { ResourceTable } from "../kit/ResourceTable";
import { requestEndpoints } from "./api";
import { requestColumns } from "./requests.columns";
// The group view comes after the queue (issue 28): its code is not in the page's first load.
const GroupsQueue = lazy(() => import("./GroupsQueue").then((m) => ({ default: m.GroupsQueue })));
import { OPEN_STATUSES, STATUS_LABEL, STATUS_TONE, TONE_CLASS, isWaitingOnAdmin } from "./status";

const ALL_OPEN = OPEN_STATUSES.join(",");
export const QUEUE_REFRESH_MS = 30_000;

/** The queue's store: the list store, plus the counts per status of the last answer. */
export function createQueueStore(http: HttpLike = api) {
  const $counts = atom<Partial<Record<VisaStatus, number>>>({});
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
  const store = createResourceStore<VisaRequestSummary>({
    endpoints: requestEndpoints,
    http: counting,
    query: { sort: "createdAt", order: "desc", filters: { status: ALL_OPEN } },
  });
  return Object.assign(store, { $counts });
}

function WaitingMark({ status }: { status: VisaStatus }) {
  const t = useT();
  return isWaitingOnAdmin(status) ? (
    <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-primary-500/18 px-2.5 py-0.5 text-xs font-bold" data-testid="waiting-admin">
      <UserRoundCheck size={14} aria-hidden="true" />
      {t("adminRequests.waitingOnAdmin")}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 whitespace-nowrap text-xs muted" data-testid="waiting-agency">
      <Hourglass size={14} aria-hidden="true" />
      {t("adminRequests.waitingOnAgency")}
    </span>
  );
}

const columns: Column<VisaRequestSummary>[] = [
  requestColumns[0]!,
  { key: "waiting", label: "adminRequests.fields.waiting", render: (row) => <WaitingMark status={row.status} /> },
  ...requestColumns.slice(1),
];

function RequestQueuePage() {
  const t = useT();
  const locale = usePageLocale();
  const store = useMemo(() => createQueueStore(), []);
  const counts = useStore(store.$counts);
  const query = useStore(store.$query);
  const current = query.filters.status ?? ALL_OPEN;
  const openTotal = OPEN_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);

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

  const chip = (value: string, label: string, count: number, tone?: VisaStatus) => {
    const pressed = current === value;
    const toneClass = tone ? TONE_CLASS[STATUS_TONE[tone]] : null;
    return (
      <li key={value}>
        <button
          type="button"
          aria-pressed={pressed}
          onClick={() => void store.setFilter("status", value)}
          className={`inline-flex min-h-9 items-center gap-2 rounded-full border-[1.5px] px-3 text-sm font-semibold ${pressed ? "border-primary-600 bg-primary-500/15" : "border-[var(--border)]"}`}
          data-testid={`count-${tone ?? "open"}`}
        >
          {toneClass && <span aria-hidden="true" className={`size-2 rounded-full ${toneClass.dot}`} />}
          {label}
          <span className="rounded-full bg-[color-mix(in_srgb,var(--text)_10%,transparent)] px-2 tabular-nums" data-testid="count-value">
            {formatNumber(count, locale)}
          </span>
        </button>
      </li>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t("adminRequests.countsTitle")}>
        <ul className="flex flex-wrap gap-2">
          {chip(ALL_OPEN, t("adminRequests.allOpen"), openTotal)}
          {OPEN_STATUSES.map((status) => chip(status, t(STATUS_LABEL[status]), counts[status] ?? 0, status))}
        </ul>
      </nav>
      {/* Group filings (issue 28): one row per group, opened to its travellers and their bulk moves. */}
      <Suspense fallback={null}>
        <GroupsQueue />
      </Suspense>
      <ResourceTable
        store={store}
        columns={columns}
        caption={t("pages.admin-requests.title")}
        searchLabel="adminRequests.search"
        emptyLabel="adminRequests.queueEmpty"
        emptyHint="adminRequests.queueEmptyHint"
        testId="queue-table"
      />
    </div>
  );
}

export default withI18n(RequestQueuePage);
