/**
 * The admin's translation queue as it looks (issue 12), from props only: the status filter with its counts, the
 * exports, the search, the waiting count and the orders with their "Open" buttons, and the pager. The island
 * (TranslationQueue.tsx) gives it its state and handlers; the edge draws it from the address's page with none
 * (src/admin/edge-pages.ts; issue 32: hydrated at load, its island blocked a phone's main thread), and the island takes
 * the view over when the admin reaches for a control (a press made before is made again on it).
 */
import type { RequestStatusA } from "../../contract/requests";
import type { OrderListResponse } from "../../contract/translation";
import { ORDER_KIND_KEYS, STATUSES_A, STATUS_A_KEYS } from "../../contract/translation-labels";
import { Button } from "../../components/ui/Button";
import { Spinner } from "../../components/ui/Feedback";
import { formatDate, formatNumber } from "../../components/ui/format";
import { Eye } from "../../components/ui/icons";
import { Pagination } from "../../components/ui/Pagination";
import { SearchInput } from "../../components/ui/SearchInput";
import { cellClass, headerCellClass } from "../../components/ui/Table";
import { UnreadBadge } from "../../features/threads/UnreadBadge";
import { ExportButtons, Languages, StatusBadge, text, type ExportFormat } from "../../features/translation/parts";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { QUEUE_LIMIT, queueSearchOf, type QueueQuery } from "./translation-queue";

const COLUMNS = [
  "adminTranslation.columns.reference", "adminTranslation.columns.agency", "adminTranslation.columns.service", "adminTranslation.columns.languages",
  "adminTranslation.columns.pages", "adminTranslation.columns.status", "adminTranslation.columns.createdAt",
];

const OPEN: RequestStatusA[] = ["Requested", "InProcess", "CorrectionNeeded"];

export interface QueueActions {
  filter(status: RequestStatusA | ""): void;
  search(value: string): void;
  page(page: number): void;
  open(id: string): void;
  exportAs?(format: ExportFormat): Promise<void>;
}

const idle = () => {};
/** A drawn view's controls do nothing by themselves: the island, which the reach brings, does. */
const NO_ACTIONS: QueueActions = { filter: idle, search: idle, page: idle, open: idle };

export function TranslationQueueView({ locale, timeZone, query, list, actions = NO_ACTIONS }: {
  locale: Locale; timeZone?: string; query: QueueQuery; list: OrderListResponse | null; actions?: QueueActions;
}) {
  const t = useT();
  const { status, search, page } = query;
  const waiting = list ? OPEN.reduce((n, s) => n + list.counts[s], 0) : 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("adminTranslation.filter")}>
          {(["", ...STATUSES_A] as const).map((s) => (
            <Button key={s || "all"} size="sm" variant={status === s ? "primary" : "outline"} aria-pressed={status === s} onClick={() => actions.filter(s)} data-testid={`filter-${s || "all"}`}>
              {s ? t(STATUS_A_KEYS[s]) : t("adminTranslation.all")}
              {list && <span className="ms-1 tabular-nums">({formatNumber(s ? list.counts[s] : Object.values(list.counts).reduce((a, b) => a + b, 0), locale)})</span>}
            </Button>
          ))}
        </div>
        <ExportButtons onExport={actions.exportAs} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput value={search} onValue={actions.search} label={t("adminTranslation.search")} />
        {list && <p className="muted text-sm" role="status">{t("adminTranslation.waiting", { count: waiting, n: formatNumber(waiting, locale) })}</p>}
      </div>
      {!list ? (
        // aria-busy: an island that is still loading never takes a drawn queue's place (src/lib/edge-view-mount.tsx).
        <div aria-busy="true"><Spinner label={t("adminTranslation.loading")} /></div>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-sm" data-testid="order-table">
            <caption className="sr-only">{t("pages.admin-translation-requests.title")}</caption>
            <thead>
              <tr>
                {COLUMNS.map((key) => (
                  <th key={key} scope="col" className={headerCellClass}>{t(key)}</th>
                ))}
                <th scope="col" className={headerCellClass}><span className="sr-only">{t("adminTranslation.open")}</span></th>
              </tr>
            </thead>
            <tbody>
              {list.data.length === 0 && (
                <tr><td colSpan={8} className={`${cellClass} muted text-center`}>{t("adminTranslation.empty")}</td></tr>
              )}
              {list.data.map((o) => (
                <tr key={o._id} className="border-t border-[var(--border)]" data-testid="order-row" data-reference={o.reference}>
                  <td className={cellClass}><bdi dir="ltr" className="font-mono">{o.reference}</bdi><UnreadBadge count={o.unreadMessages} /><div className="muted text-xs">{t(ORDER_KIND_KEYS[o.kind])}</div></td>
                  <td className={cellClass}>{o.agency.name}</td>
                  <td className={cellClass}>{text(o.service.name, locale)}</td>
                  <td className={cellClass}><Languages from={o.fromLanguage} to={o.toLanguage} locale={locale} /></td>
                  <td className={cellClass}>{formatNumber(o.pages, locale)}</td>
                  <td className={cellClass}><StatusBadge status={o.status} /></td>
                  <td className={cellClass}>{formatDate(o.createdAt, locale, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) })}</td>
                  <td className={cellClass}>
                    <Button size="sm" icon={Eye} onClick={() => actions.open(o._id)} data-testid="order-open" aria-label={t("adminTranslation.openOrder", { reference: o.reference })}>
                      {t("adminTranslation.open")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && list.total > QUEUE_LIMIT && <Pagination page={page} limit={QUEUE_LIMIT} total={list.total} onPage={actions.page} href={(target) => queueSearchOf({ ...query, page: target })} />}
    </div>
  );
}
