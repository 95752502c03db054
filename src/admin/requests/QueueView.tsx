/**
 * /admin/requests as it looks (RequestQueuePage wires it to the queue's store): each open status with its count as a
 * chip that filters the queue, then the open requests, those waiting on the admin marked. Props only, so the edge
 * draws it (issue 32: hydrated at load, the queue's 97 kB island blocked a phone's main thread); without handlers
 * its controls wait for the island, which a press brings (and makes again).
 */
import { Hourglass, UserRoundCheck } from "../../components/ui/icons";
import type { VisaRequestSummary, VisaStatus } from "../../contract/requests";
import { useT } from "../../lib/i18n";
import { formatNumber } from "../../shared/format";
import type { Locale } from "../../shared/locales";
import { DEFAULT_LIST_QUERY, type ListQuery } from "../kit/list-query";
import type { Column } from "../kit/resource";
import { ResourceTableView, type TableHandlers, type TableState } from "../kit/ResourceTableView";
import { requestColumns } from "./requests.columns";
import { OPEN_STATUSES, STATUS_LABEL, STATUS_TONE, TONE_CLASS, isWaitingOnAdmin } from "./status";

export const ALL_OPEN = OPEN_STATUSES.join(",");
/** The queue as it opens: every open request, newest first. */
export const QUEUE_QUERY: ListQuery = { ...DEFAULT_LIST_QUERY, sort: "createdAt", order: "desc", filters: { status: ALL_OPEN } };
export type QueueCounts = Partial<Record<VisaStatus, number>>;

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

export interface QueueViewProps {
  locale: Locale;
  timeZone?: string;
  table: TableState<VisaRequestSummary>;
  counts: QueueCounts;
  on?: TableHandlers;
  awaitsFirst?: boolean;
}

export function QueueView({ locale, timeZone, table, counts, on, awaitsFirst }: QueueViewProps) {
  const t = useT();
  const current = table.query.filters.status ?? ALL_OPEN;
  const openTotal = OPEN_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  const chip = (value: string, label: string, count: number, tone?: VisaStatus) => {
    const pressed = current === value;
    const toneClass = tone ? TONE_CLASS[STATUS_TONE[tone]] : null;
    return (
      <li key={value}>
        <button
          type="button"
          aria-pressed={pressed}
          onClick={() => on?.filter?.("status", value)}
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
      <ResourceTableView
        state={table}
        on={on}
        locale={locale}
        timeZone={timeZone}
        awaitsFirst={awaitsFirst}
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
