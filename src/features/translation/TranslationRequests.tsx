/**
 * /translation/requests (issue 12): the agency's translation and legal-translation orders — status, the reason of a
 * correction asked for, downloads of the translated documents — with the correction (or more documents) and the
 * cancellation where status set A allows them, and the exports. Staff see no prices.
 */
import { Ban, CalendarClock, Printer, Upload } from "../../components/ui/icons";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import type { RequestStatusA } from "../../contract/requests";
import type { OrderListResponse, TranslationOrderSummary } from "../../contract/translation";
import { ORDER_KIND_KEYS, STATUSES_A, STATUS_A_KEYS } from "../../contract/translation-labels";
import { Button, buttonClass } from "../../components/ui/Button";
import { Field, TextField } from "../../components/ui/Field";
import { Alert, EmptyState, Spinner } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { Pagination } from "../../components/ui/Pagination";
import { formatDate, formatNumber } from "../../components/ui/format";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import type { Locale } from "../../shared/locales";
import { balanceMoved, changeOrderState, listAgencyOrders, sendDocuments } from "./api";
import { DocumentLinks, ExportButtons, FilePicker, Languages, StatusBadge, text } from "./ui";

// The cancel question loads when it is first asked (issue 9: Headless UI's dialog is 15 kB gzip).
const ConfirmDialog = lazy(() => import("../../components/ui/ConfirmDialog").then((m) => ({ default: m.ConfirmDialog })));

const LIMIT = 20;

function Correction({ order, onDone }: { order: TranslationOrderSummary; onDone: (o: TranslationOrderSummary) => void }) {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const correcting = order.status === "CorrectionNeeded";
  async function send() {
    if (files.length === 0 && !note.trim()) {
      setError(t("translation.correctionEmpty"));
      return;
    }
    setError(null);
    setPending(true);
    try {
      const updated = await sendDocuments(order._id, files, note.trim());
      toast.success(t(correcting ? "translation.corrected" : "translation.documentsAdded"));
      setFiles([]);
      setNote("");
      if (input.current) input.current.value = "";
      onDone(updated);
    } catch {
      // Shown by the client.
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
      <Button variant="primary" icon={Upload} pending={pending} disabled={pending} onClick={() => void send()} className="self-start" data-testid="correction-send">
        {t(correcting ? "translation.sendCorrection" : "translation.sendDocuments")}
      </Button>
    </div>
  );
}

function OrderCard({ order, locale, onChange, onCancel }: { order: TranslationOrderSummary; locale: Locale; onChange: (o: TranslationOrderSummary) => void; onCancel: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(order.status === "CorrectionNeeded");
  const uploads = order.documents.filter((d) => d.kind === "upload");
  const results = order.documents.filter((d) => d.kind === "result");
  return (
    <li className="card flex flex-col gap-3 p-5" data-testid="order-card" data-reference={order.reference}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 font-semibold">
          <bdi dir="ltr" className="font-mono" data-testid="order-reference">{order.reference}</bdi>
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
        <div><dt className="muted inline">{t("translation.orderedOn")}: </dt><dd className="inline">{formatDate(order.createdAt, locale)}</dd></div>
        <div className="flex items-center gap-1">
          <CalendarClock size={16} aria-hidden="true" className="text-primary-600" />
          <dt className="muted inline">{t("translation.due")}: </dt><dd className="inline">{formatDate(`${order.dueDate}T12:00:00Z`, locale)}</dd>
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
          <DocumentLinks documents={results} testId="result-documents" />
        </section>
      )}
      {uploads.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm muted">{t("translation.yourDocuments", { count: uploads.length, n: formatNumber(uploads.length, locale) })}</summary>
          <div className="pt-2"><DocumentLinks documents={uploads} testId="upload-documents" /></div>
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
        {order.allowedTransitions.includes("Canceled") && (
          <Button size="sm" variant="danger" icon={Ban} onClick={onCancel} data-testid="cancel-button">{t("translation.cancel")}</Button>
        )}
      </div>
      {order.canCorrect && open && <Correction order={order} onDone={(o) => { setOpen(false); onChange(o); }} />}
    </li>
  );
}

function TranslationRequests({ locale }: { locale: Locale }) {
  const t = useT();
  const [status, setStatus] = useState<RequestStatusA | "">("");
  const [page, setPage] = useState(1);
  const [list, setList] = useState<OrderListResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [canceling, setCanceling] = useState<TranslationOrderSummary | null>(null);
  const [pending, setPending] = useState(false);

  async function load(p = page, s = status) {
    setFailed(false);
    try {
      setList(await listAgencyOrders({ page: p, limit: LIMIT, ...(s ? { status: s } : {}) }));
    } catch {
      setFailed(true);
    }
  }
  useEffect(() => void load(page, status), [page, status]);

  const replace = (order: TranslationOrderSummary) => setList((l) => (l ? { ...l, data: l.data.map((o) => (o._id === order._id ? order : o)) } : l));

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

  const total = list ? Object.values(list.counts).reduce((a, b) => a + b, 0) : 0;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("translation.filter")}>
          {(["", ...STATUSES_A] as const).map((s) => (
            <Button key={s || "all"} size="sm" variant={status === s ? "primary" : "outline"} aria-pressed={status === s} onClick={() => { setPage(1); setStatus(s); }}>
              {s ? t(STATUS_A_KEYS[s]) : t("translation.all")}
              {list && <span className="ms-1 tabular-nums">({formatNumber(s ? list.counts[s] : total, locale)})</span>}
            </Button>
          ))}
        </div>
        <ExportButtons path="legal-translation/export-by-agent" locale={locale} />
      </div>
      {failed && <Alert action={<Button size="sm" onClick={() => void load()}>{t("translation.retry")}</Button>}>{t("translation.loadFailed")}</Alert>}
      {!list && !failed && <Spinner label={t("translation.loading")} />}
      {list && list.data.length === 0 && (
        <div className="card">
          <EmptyState title={t("translation.noOrders")} action={<a className="font-semibold text-primary-700 underline dark:text-primary-300" href={`/${locale}/translation/`}>{t("translation.orderTitle")}</a>} />
        </div>
      )}
      {list && list.data.length > 0 && (
        <ul className="flex flex-col gap-4" data-testid="order-list">
          {list.data.map((order) => (
            <OrderCard key={`${order._id}-${order.updatedAt}`} order={order} locale={locale} onChange={replace} onCancel={() => setCanceling(order)} />
          ))}
        </ul>
      )}
      {list && list.total > LIMIT && <Pagination page={page} limit={LIMIT} total={list.total} onPage={setPage} />}
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
    </div>
  );
}

export default withI18n(TranslationRequests);
