/**
 * /translation/requests as the agency sees it: the status filter with its counts, the exports, the orders (status,
 * the reason of a correction asked for, documents, the correction form, print and cancel) and the pager, from the
 * list's state. Drawn by the edge for the address's filter and page (functions/edge/views/translation.tsx) and by
 * the island (TranslationRequests.tsx), which brings what the controls do (`actions`); until then the buttons that
 * would send something are disabled (`live`).
 */
import { SellingPrice } from "../wallet/SellingPrice";
import { Ban, CalendarClock, Printer, Send, Upload } from "../../components/ui/icons";
import { useRef, useState, type ReactNode } from "react";
import type { OrderDocument, OrderListResponse, TranslationOrderSummary } from "../../contract/translation";
import type { RequestStatusA } from "../../contract/requests";
import { ORDER_KIND_KEYS, STATUSES_A, STATUS_A_KEYS } from "../../contract/translation-labels";
import { Button, buttonClass } from "../../components/ui/Button";
import { Field, TextField } from "../../components/ui/Field";
import { Alert, EmptyState, Spinner } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { Pagination } from "../../components/ui/Pagination";
import { formatDate, formatNumber } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { ORDERS_PAGE_SIZE, orderSearchOf, type OrderFilters } from "./orders-query";
import { UnreadBadge } from "../threads/UnreadBadge";
import { DocumentLinks, ExportButtons, FilePicker, Languages, StatusBadge, text, type ExportFormat } from "./parts";

/** What the page does when the agency acts (the island's; the edge draws the page without any). */
export interface OrdersActions {
  filter(status: RequestStatusA | ""): void;
  goToPage(page: number): void;
  retry(): void;
  /** An order as it is now (after a correction). */
  changed(order: TranslationOrderSummary): void;
  cancel(order: TranslationOrderSummary): void;
  /** Sends the correction (or more documents); answers the order as it is now, or null when it failed (shown). */
  send(order: TranslationOrderSummary, files: File[], note: string): Promise<TranslationOrderSummary | null>;
  download?(document: OrderDocument): void;
  exportAs?(format: ExportFormat): Promise<void>;
  /** The order's conversation with the office (issue 29), brought by the island. */
  thread?(order: TranslationOrderSummary): ReactNode;
  /** Saves the agency's own price to its customer (issue 30); false when it failed (shown by the client). */
  setSellingPrice?(order: TranslationOrderSummary, minor: number | null): Promise<boolean>;
}

const idle = () => {};
const NO_ACTIONS: OrdersActions = { filter: idle, goToPage: idle, retry: idle, changed: idle, cancel: idle, send: async () => null };

/** The reader's own zone for the order's time; a due date is a calendar day, the same everywhere. */
const DAY = { dateStyle: "medium", timeZone: "UTC" } as const;

function Correction({ order, live, send, onDone }: { order: TranslationOrderSummary; live: boolean; send: OrdersActions["send"]; onDone: (o: TranslationOrderSummary) => void }) {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const correcting = order.status === "CorrectionNeeded";
  async function submit() {
    if (files.length === 0 && !note.trim()) {
      setError(t("translation.correctionEmpty"));
      return;
    }
    setError(null);
    setPending(true);
    try {
      const updated = await send(order, files, note.trim());
      if (!updated) return;
      setFiles([]);
      setNote("");
      if (input.current) input.current.value = "";
      onDone(updated);
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-[var(--border)] p-4" data-testid="correction-form">
      <Field label={t(correcting ? "translation.correctionFiles" : "translation.moreFiles")} error={error}>
        <FilePicker ref={input} testId="correction-files" onFiles={setFiles} />
      </Field>
      <TextField label={t("translation.correctionNote")} value={note} onValue={setNote} rows={2} testId="correction-note" />
      {/* Sends files: never before the page's script is there to send them (`live`). */}
      <Button variant="primary" icon={Upload} pending={pending} disabled={pending || !live} onClick={() => void submit()} className="self-start" data-testid="correction-send">
        {t(correcting ? "translation.sendCorrection" : "translation.sendDocuments")}
      </Button>
    </div>
  );
}

function OrderCard({ order, locale, timeZone, live, actions, opened = false }: { order: TranslationOrderSummary; locale: Locale; timeZone?: string; live: boolean; actions: OrdersActions; opened?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(order.status === "CorrectionNeeded");
  const [talking, setTalking] = useState(false);
  const [pricing, setPricing] = useState(false);
  const uploads = order.documents.filter((d) => d.kind === "upload");
  const results = order.documents.filter((d) => d.kind === "result");
  return (
    <li
      className={`card flex flex-col gap-3 p-5 scroll-mt-24 ${opened ? "ring-2 ring-primary-600" : ""}`}
      id={`order-${order.reference}`}
      aria-current={opened || undefined}
      data-testid="order-card"
      data-reference={order.reference}
      data-opened={opened ? "" : undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 font-semibold">
          <bdi dir="ltr" className="font-mono" data-testid="order-reference">{order.reference}</bdi>
          <UnreadBadge count={order.unreadMessages} />
          <span className="muted text-sm font-normal">{t(ORDER_KIND_KEYS[order.kind])}</span>
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div><dt className="muted inline">{t("translation.service")}: </dt><dd className="inline">{text(order.service.name, locale)}</dd></div>
        <div><dt className="muted inline">{t("translation.languagesOf")}: </dt><dd className="inline"><Languages from={order.fromLanguage} to={order.toLanguage} locale={locale} /></dd></div>
        <div><dt className="muted inline">{t("translation.pages")}: </dt><dd className="inline">{formatNumber(order.pages, locale)}</dd></div>
        {order.price !== undefined && order.currency && (
          <div><dt className="muted inline">{t("translation.price")}: </dt><dd className="inline"><Money minor={order.price} currency={order.currency} /></dd></div>
        )}
        {order.sellingPrice != null && order.currency && (
          // Issue 30: the agency's own price, printed on the customer's receipt (a saved price renews the card: its key).
          <div><dt className="muted inline">{t("requests.sellingPriceOpen")}: </dt><dd className="inline" data-testid="order-selling-price"><Money minor={order.sellingPrice} currency={order.currency} /></dd></div>
        )}
        <div><dt className="muted inline">{t("translation.orderedOn")}: </dt><dd className="inline" data-testid="order-date">{formatDate(order.createdAt, locale, { dateStyle: "medium", timeZone })}</dd></div>
        <div className="flex items-center gap-1">
          <CalendarClock size={16} aria-hidden="true" className="text-primary-600" />
          <dt className="muted inline">{t("translation.due")}: </dt><dd className="inline">{formatDate(`${order.dueDate}T12:00:00Z`, locale, DAY)}</dd>
        </div>
      </dl>
      {order.reason && (
        <Alert tone={order.status === "CorrectionNeeded" ? "warning" : "info"} testId="order-reason">
          <span className="font-semibold">{t("translation.reason")}: </span>
          <bdi>{order.reason}</bdi>
        </Alert>
      )}
      {results.length > 0 && (
        <section aria-label={t("translation.translated")} className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold">{t("translation.translated")}</h3>
          <DocumentLinks documents={results} testId="result-documents" onDownload={actions.download} />
        </section>
      )}
      {uploads.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm muted">{t("translation.yourDocuments", { count: uploads.length, n: formatNumber(uploads.length, locale) })}</summary>
          <div className="pt-2"><DocumentLinks documents={uploads} testId="upload-documents" onDownload={actions.download} /></div>
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        {order.canCorrect && (
          <Button size="sm" icon={Upload} onClick={() => setOpen(!open)} aria-expanded={open} data-testid="correct-button">
            {t(order.status === "CorrectionNeeded" ? "translation.correct" : "translation.addDocuments")}
          </Button>
        )}
        <a className={buttonClass("outline", "sm")} href={`/${locale}/print/?kind=${order.kind}&id=${encodeURIComponent(order._id)}`} data-testid="print-link">
          <Printer size={18} aria-hidden="true" />
          {t("translation.print.print")}
        </a>
        <Button size="sm" variant="outline" icon={Send} onClick={() => setTalking(!talking)} aria-expanded={talking} data-testid="order-messages-button">
          {t("translation.messages")}
        </Button>
        {order.status !== "Canceled" && (
          <a className={buttonClass("outline", "sm")} href={`/api/legal-translation/${encodeURIComponent(order._id)}/receipt/a4?lang=${locale}`} target="_blank" rel="noopener" data-testid="receipt-link">
            <Printer size={18} aria-hidden="true" />
            {t("translation.receipt")}
          </a>
        )}
        {/* Issue 30: the agency's own price on the receipt; opened on demand, so the form is always the island's. */}
        {order.status !== "Canceled" && order.price !== undefined && (
          <Button size="sm" variant="outline" icon={Printer} onClick={() => setPricing(!pricing)} aria-expanded={pricing} data-testid="selling-price-button">
            {t("requests.sellingPriceOpen")}
          </Button>
        )}
        {order.allowedTransitions.includes("Canceled") && (
          <Button size="sm" variant="danger" icon={Ban} onClick={() => actions.cancel(order)} data-testid="cancel-button">{t("translation.cancel")}</Button>
        )}
      </div>
      {order.canCorrect && open && <Correction order={order} live={live} send={actions.send} onDone={(o) => { setOpen(false); actions.changed(o); }} />}
      {talking && actions.thread?.(order)}
      {pricing && order.currency && (
        <SellingPrice value={order.sellingPrice} currency={order.currency} locale={locale} save={actions.setSellingPrice && ((minor) => actions.setSellingPrice!(order, minor))} />
      )}
    </li>
  );
}

export function TranslationRequestsView({ locale, timeZone, filters, list, opened = null, failed = false, live = false, actions = NO_ACTIONS }: {
  locale: Locale;
  /** The zone the order dates are shown in (the edge: the reader's; the island: the browser's own). */
  timeZone?: string;
  filters: OrderFilters;
  /** null while the list loads. */
  list: OrderListResponse | null;
  /**
   * The order the address opens (?order=, issue 26): marked in the list when it is on this page, else shown above it;
   * "missing" when it is not the agency's (or no longer exists); null when the address names none or it loads.
   */
  opened?: TranslationOrderSummary | "missing" | null;
  failed?: boolean;
  /** The island is there: the buttons that send something work. */
  live?: boolean;
  actions?: OrdersActions;
}) {
  const t = useT();
  const { status, page } = filters;
  const total = list ? Object.values(list.counts).reduce((a, b) => a + b, 0) : 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("translation.filter")}>
          {(["", ...STATUSES_A] as const).map((s) => (
            <Button key={s || "all"} size="sm" variant={status === s ? "primary" : "outline"} aria-pressed={status === s} onClick={() => actions.filter(s)}>
              {s ? t(STATUS_A_KEYS[s]) : t("translation.all")}
              {list && <span className="ms-1 tabular-nums">({formatNumber(s ? list.counts[s] : total, locale)})</span>}
            </Button>
          ))}
        </div>
        <ExportButtons onExport={actions.exportAs} />
      </div>
      {failed && <Alert action={<Button size="sm" onClick={actions.retry}>{t("translation.retry")}</Button>}>{t("translation.loadFailed")}</Alert>}
      {/* aria-busy: the island takes the drawn page over only once its list is there (src/lib/edge-view-mount.tsx). */}
      {!list && !failed && <div aria-busy="true"><Spinner label={t("translation.loading")} /></div>}
      {opened === "missing" && <Alert testId="opened-order-missing">{t("translation.openedMissing")}</Alert>}
      {list && opened && opened !== "missing" && !list.data.some((o) => o._id === opened._id) && (
        <section className="flex flex-col gap-2" aria-labelledby="opened-order-title" data-testid="opened-order">
          <h2 id="opened-order-title" className="text-sm font-semibold">{t("translation.openedOrder")}</h2>
          <ul className="flex flex-col gap-4">
            <OrderCard order={opened} locale={locale} timeZone={timeZone} live={live} actions={actions} opened />
          </ul>
        </section>
      )}
      {list && list.data.length === 0 && (
        <div className="card">
          <EmptyState title={t("translation.noOrders")} action={<a className="font-semibold text-primary-700 underline dark:text-primary-300" href={`/${locale}/translation/`}>{t("translation.orderTitle")}</a>} />
        </div>
      )}
      {list && list.data.length > 0 && (
        <ul className="flex flex-col gap-4" data-testid="order-list">
          {list.data.map((order) => (
            <OrderCard key={`${order._id}-${order.updatedAt}`} order={order} locale={locale} timeZone={timeZone} live={live} actions={actions} opened={order._id === filters.order} />
          ))}
        </ul>
      )}
      {list && list.total > ORDERS_PAGE_SIZE && <Pagination page={page} limit={ORDERS_PAGE_SIZE} total={list.total} onPage={actions.goToPage} href={(target) => orderSearchOf({ status, page: target })} />}
    </div>
  );
}
