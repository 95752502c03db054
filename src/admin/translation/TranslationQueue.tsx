/**
 * /admin/translation/requests (issue 12): the work queue of translation and legal-translation orders (open ones
 * first: Requested, InProcess, CorrectionNeeded). One order's detail (OrderDetail) loads when it is opened. How the
 * queue looks is TranslationQueueView's: the edge draws it too (issue 32), and this island takes it over when the
 * admin reaches for a control or an order changes (translation-queue.client.ts).
 */
import { Suspense, useEffect, useState } from "react";
import { lazyPart, openWith } from "../../lib/lazy-part";
import type { OrderListResponse } from "../../contract/translation";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { listAdminOrders } from "../../features/translation/api";
import { exportOf } from "../../features/translation/ui";
import { replaceQuery } from "../../lib/address";
import { followRecords } from "../../lib/record-changes";
import { queueCallQuery, queueQueryFromSearch, queueSearchOf, type QueueQuery } from "./translation-queue";
import { TranslationQueueView } from "./TranslationQueueView";

const orderDetail = lazyPart(() => import("./OrderDetail").then((m) => m.default));
const OrderDetail = orderDetail.Part;

function TranslationQueue({ locale }: { locale: Locale }) {
  // The address holds the status, search and page (?status=&search=&page=): the island is only ever mounted in the
  // browser (in place of the drawn queue, or where the edge could not draw it), so it reads the address at once, and
  // every change is written back, so a reload or a shared link shows the same orders.
  const [query, setQuery] = useState<QueueQuery>(() => queueQueryFromSearch(location.search));
  const [list, setList] = useState<OrderListResponse | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  async function load() {
    try {
      setList(await listAdminOrders(queueCallQuery(query)));
    } catch {
      // Shown by the client.
    }
  }
  useEffect(() => {
    void load();
    replaceQuery(queueSearchOf(query));
  }, [query]);
  // An agency orders or corrects, another admin moves an order: the queue and its counts follow (issue 26).
  useEffect(() => followRecords(["orders"], () => load()), [query]);

  return (
    <>
      <TranslationQueueView
        locale={locale}
        query={query}
        list={list}
        actions={{
          filter: (status) => setQuery((q) => ({ ...q, status, page: 1 })),
          search: (search) => setQuery((q) => ({ ...q, search, page: 1 })),
          page: (page) => setQuery((q) => ({ ...q, page })),
          open: (id) => void openWith([orderDetail], () => setOpen(id)),
          exportAs: exportOf("legal-translation/export-by-admin", locale),
        }}
      />
      {open && (
        <Suspense fallback={null}>
          <OrderDetail id={open} locale={locale} onChanged={() => void load()} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

export default withI18n(TranslationQueue);
