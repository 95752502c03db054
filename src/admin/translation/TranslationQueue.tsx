/**
 * /admin/translation/requests (issue 12): the work queue of translation and legal-translation orders (open ones
 * first: Requested, InProcess, CorrectionNeeded). One order's detail (OrderDetail) loads when it is opened.
 */
import { UnreadBadge } from "../../features/threads/UnreadBadge";
import { Eye } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { lazyPart, openWith } from "../../lib/lazy-part";
import type { RequestStatusA } from "../../contract/requests";
import type { OrderListResponse } from "../../contract/translation";
import { ORDER_KIND_KEYS, STATUSES_A, STATUS_A_KEYS } from "../../contract/translation-labels";
import { Button, Pagination, SearchInput, Spinner, cellClass, formatDate, formatNumber, headerCellClass } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { listAdminOrders } from "../../features/translation/api";
import { orderFiltersFromSearch, orderSearchOf } from "../../features/translation/orders-query";
import { replaceQuery } from "../../lib/address";
import { followRecords } from "../../lib/record-changes";
import { ExportButtons, Languages, StatusBadge, text } from "../../features/translation/ui";

const orderDetail = lazyPart(() => import("./OrderDetail").then((m) => m.default));
const OrderDetail = orderDetail.Part;

const LIMIT = 20;

const COLUMNS = [
  "adminTranslation.columns.reference", "adminTranslation.columns.agency", "adminTranslation.columns.service", "adminTranslation.columns.languages",
  "adminTranslation.columns.pages", "adminTranslation.columns.status", "adminTranslation.columns.createdAt",
];

const OPEN: RequestStatusA[] = ["Requested", "InProcess", "CorrectionNeeded"];

/** The queue's address query: the agency list's status and page (orders-query.ts), and the search. */
function queueSearchOf(status: RequestStatusA | "", search: string, page: number): string {
  const query = new URLSearchParams(orderSearchOf({ status, page }));
  if (search.trim()) query.set("search", search.trim());
  const text = query.toString();
  return text ? `?${text}` : "";
}

function TranslationQueue({ locale }: { locale: Locale }) {
  const t = useT();
  const [status, setStatus] = useState<RequestStatusA | "">("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [list, setList] = useState<OrderListResponse | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  // The address holds the status, search and page (?status=&search=&page=): read once mounted (the page's HTML was
  // built without them), then every change is written back, so a reload or a shared link shows the same orders.
  const [fromAddress, setFromAddress] = useState(false);
  useEffect(() => {
    const asked = orderFiltersFromSearch(location.search);
    setStatus(asked.status);
    setPage(asked.page);
    setSearch((new URLSearchParams(location.search).get("search") ?? "").trim().slice(0, 100));
    setFromAddress(true);
  }, []);

  async function load() {
    try {
      setList(await listAdminOrders({ page, limit: LIMIT, ...(status ? { status } : {}), ...(search ? { search } : {}) }));
    } catch {
      // Shown by the client.
    }
  }
  useEffect(() => {
    if (!fromAddress) return;
    void load();
    replaceQuery(queueSearchOf(status, search, page));
  }, [fromAddress, page, status, search]);
  // An agency orders or corrects, another admin moves an order: the queue and its counts follow (issue 26).
  useEffect(() => (fromAddress ? followRecords(["orders"], () => load()) : undefined), [fromAddress, page, status, search]);

  const waiting = list ? OPEN.reduce((n, s) => n + list.counts[s], 0) : 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("adminTranslation.filter")}>
          {(["", ...STATUSES_A] as const).map((s) => (
            <Button key={s || "all"} size="sm" variant={status === s ? "primary" : "outline"} aria-pressed={status === s} onClick={() => { setPage(1); setStatus(s); }} data-testid={`filter-${s || "all"}`}>
              {s ? t(STATUS_A_KEYS[s]) : t("adminTranslation.all")}
              {list && <span className="ms-1 tabular-nums">({formatNumber(s ? list.counts[s] : Object.values(list.counts).reduce((a, b) => a + b, 0), locale)})</span>}
            </Button>
          ))}
        </div>
        <ExportButtons path="legal-translation/export-by-admin" locale={locale} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput value={search} onValue={(v: string) => { setPage(1); setSearch(v); }} label={t("adminTranslation.search")} />
        {list && <p className="muted text-sm" role="status">{t("adminTranslation.waiting", { count: waiting, n: formatNumber(waiting, locale) })}</p>}
      </div>
      {!list ? (
        <Spinner label={t("adminTranslation.loading")} />
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
                  <td className={cellClass}>{formatDate(o.createdAt, locale)}</td>
                  <td className={cellClass}>
                    <Button size="sm" icon={Eye} onClick={() => void openWith([orderDetail], () => setOpen(o._id))} data-testid="order-open" aria-label={t("adminTranslation.openOrder", { reference: o.reference })}>
                      {t("adminTranslation.open")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && list.total > LIMIT && <Pagination page={page} limit={LIMIT} total={list.total} onPage={setPage} href={(target) => queueSearchOf(status, search, target)} />}
      {open && (
        <Suspense fallback={null}>
          <OrderDetail id={open} locale={locale} onChanged={() => void load()} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}

export default withI18n(TranslationQueue);
