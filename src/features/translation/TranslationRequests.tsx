/**
 * /translation/requests (issue 12): the agency's translation and legal-translation orders — status, the reason of a
 * correction asked for, downloads of the translated documents — with the correction (or more documents) and the
 * cancellation where status set A allows them, and the exports. Staff see no prices. The page is drawn by the edge
 * (TranslationRequestsView); this island brings what its controls do, and keeps the filter and page in the address.
 */
import { ThreadPanel } from "../threads/Thread";
import { Suspense, useEffect, useRef, useState } from "react";
import type { OrderListResponse, TranslationOrderSummary } from "../../contract/translation";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import type { Locale } from "../../shared/locales";
import { balanceMoved, changeOrderState, fetchAgencyOrder, listAgencyOrders, saveSellingPrice, sendDocuments } from "./api";
import { orderFiltersFromSearch, orderQueryOf, orderSearchOf, type OrderFilters } from "./orders-query";
import { TranslationRequestsView, type OrdersActions } from "./TranslationRequestsView";
import { download, exportOf } from "./ui";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";
import { openWith } from "../../lib/lazy-part";
import { replaceQuery } from "../../lib/address";
import { followRecords } from "../../lib/record-changes";

// The cancel question loads when it is first asked (issue 9: Headless UI's dialog is 15 kB gzip).
const ConfirmDialog = confirmDialog.Part;

function TranslationRequests({ locale }: { locale: Locale }) {
  const t = useT();
  const [filters, setFilters] = useState<OrderFilters>(() => orderFiltersFromSearch(location.search));
  const [list, setList] = useState<OrderListResponse | null>(null);
  const [opened, setOpened] = useState<TranslationOrderSummary | "missing" | null>(null);
  const [failed, setFailed] = useState(false);
  const [canceling, setCanceling] = useState<TranslationOrderSummary | null>(null);
  const [pending, setPending] = useState(false);

  async function load(f = filters) {
    setFailed(false);
    // The order the address opens is fetched by id: it may be on any page of the list (issue 26).
    const one = f.order ? fetchAgencyOrder(f.order).catch(() => "missing" as const) : Promise.resolve(null);
    try {
      const [orders, order] = await Promise.all([listAgencyOrders(orderQueryOf(f)), one]);
      setOpened(order);
      setList(orders);
    } catch {
      setFailed(true);
    }
  }
  useEffect(() => void load(filters), [filters]);
  // The opened order in view once it is there (the address's #order- anchor does it when the edge drew the page).
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !opened || opened === "missing") return;
    shown.current = true;
    document.getElementById(`order-${opened.reference}`)?.scrollIntoView({ block: "start" });
  }, [opened]);
  // The office moves an order, or another of the agency's people changes one: the list and its counts follow (issue 26).
  useEffect(() => followRecords(["orders"], () => load(filters)), [filters]);

  // The address says which filter and page are shown: a reload (or the edge, drawing it) shows the same.
  const show = (next: OrderFilters) => {
    setFilters(next);
    replaceQuery(orderSearchOf(next));
  };

  const replace = (order: TranslationOrderSummary) => {
    setList((l) => (l ? { ...l, data: l.data.map((o) => (o._id === order._id ? order : o)) } : l));
    setOpened((o) => (o && o !== "missing" && o._id === order._id ? order : o));
  };

  const actions: OrdersActions = {
    thread: (order) => <ThreadPanel kind="translation" id={order._id} side="agency" locale={locale} />,
    filter: (status) => show({ status, page: 1 }),
    goToPage: (page) => show({ ...filters, page }),
    retry: () => void load(),
    changed: replace,
    cancel: (order) => void openWith([confirmDialog], () => setCanceling(order)),
    async send(order, files, note) {
      try {
        const updated = await sendDocuments(order._id, files, note);
        toast.success(t(order.status === "CorrectionNeeded" ? "translation.corrected" : "translation.documentsAdded"));
        return updated;
      } catch {
        return null; // Shown by the client.
      }
    },
    download,
    exportAs: exportOf("legal-translation/export-by-agent", locale),
    async setSellingPrice(order, minor) {
      try {
        // Kept over the card: the list's own fields (its unread count) stay as they were.
        replace({ ...order, ...(await saveSellingPrice(order._id, minor)) });
        return true;
      } catch {
        return false; // Shown by the client.
      }
    },
  };

  async function cancel() {
    if (!canceling) return;
    setPending(true);
    try {
      const order = await changeOrderState(canceling._id, "Canceled");
      replace(order);
      if (order.price) balanceMoved();
      toast.success(t("translation.canceled", { reference: order.reference }));
    } catch {
      // Shown by the client.
    } finally {
      setPending(false);
      setCanceling(null);
    }
  }

  return (
    <>
      <TranslationRequestsView locale={locale} filters={filters} list={list} opened={opened} failed={failed} live actions={actions} />
      {canceling && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t("translation.cancelTitle")}
            message={t("translation.cancelMessage", { reference: canceling.reference })}
            confirmLabel={t("translation.cancel")}
            tone="danger"
            pending={pending}
            onConfirm={() => void cancel()}
            onCancel={() => setCanceling(null)}
          />
        </Suspense>
      )}
    </>
  );
}

export default withI18n(TranslationRequests);
