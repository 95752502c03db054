/**
 * /admin/translation/requests (issue 12): the work queue of translation and legal-translation orders (open ones
 * first: Requested, InProcess, CorrectionNeeded), and one order's detail: documents, history, the status changes
 * status set A allows from here (and only those), the upload of the translated documents (which may deliver: Done).
 */
import { Eye, FileCheck2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { RequestStatusA } from "../../contract/requests";
import type { OrderListResponse, TranslationOrder } from "../../contract/translation";
import { ORDER_KIND_KEYS, STATUSES_A, STATUS_A_KEYS } from "../../contract/translation-labels";
import { Alert, Button, Dialog, Field, Money, Pagination, SearchInput, Spinner, TextField, cellClass, formatDate, formatNumber, headerCellClass } from "../../components/ui";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast.store";
import type { Locale } from "../../shared/locales";
import { changeOrderState, deliver, fetchAdminOrder, listAdminOrders } from "../../features/translation/api";
import { DocumentLinks, ExportButtons, FilePicker, Languages, StatusBadge, text } from "../../features/translation/ui";

const LIMIT = 20;

/** Labels of the moves an admin is offered (the target status names the button). */
const MOVE_KEYS: Record<RequestStatusA, string> = {
  Requested: "adminTranslation.move.Requested",
  InProcess: "adminTranslation.move.InProcess",
  CorrectionNeeded: "adminTranslation.move.CorrectionNeeded",
  Canceled: "adminTranslation.move.Canceled",
  Done: "adminTranslation.move.Done",
};

function OrderDetail({ id, locale, onChanged, onClose }: { id: string; locale: Locale; onChanged: () => void; onClose: () => void }) {
  const t = useT();
  const [order, setOrder] = useState<TranslationOrder | null>(null);
  const [asking, setAsking] = useState<RequestStatusA | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    fetchAdminOrder(id).then(setOrder, onClose);
  }, [id]);

  async function act(label: string, work: () => Promise<TranslationOrder>, done: string) {
    setPending(label);
    try {
      setOrder(await work());
      toast.success(t(done));
      setAsking(null);
      setReason("");
      setFiles([]);
      if (input.current) input.current.value = "";
      onChanged();
    } catch {
      // Shown by the client (a 409 names the allowed moves).
    } finally {
      setPending(null);
    }
  }

  function move(to: RequestStatusA) {
    if (!order) return;
    if (to === "Done") {
      if (files.length === 0 && !order.documents.some((d) => d.kind === "result")) {
        setFileError(t("adminTranslation.resultNeeded"));
        input.current?.focus();
        return;
      }
      void act("Done", () => (files.length ? deliver(order._id, files, "Done") : changeOrderState(order._id, "Done")), "adminTranslation.delivered");
      return;
    }
    if (to === "CorrectionNeeded" || to === "Canceled") {
      setAsking(to);
      return;
    }
    void act(to, () => changeOrderState(order._id, to), "adminTranslation.moved");
  }

  function confirmAsk() {
    if (!order || !asking) return;
    if (asking === "CorrectionNeeded" && !reason.trim()) {
      setReasonError(t("validation.reasonRequired"));
      return;
    }
    setReasonError(null);
    const to = asking;
    void act(to, () => changeOrderState(order._id, to, reason.trim() || undefined), "adminTranslation.moved");
  }

  const results = order?.documents.filter((d) => d.kind === "result") ?? [];
  const uploads = order?.documents.filter((d) => d.kind === "upload") ?? [];
  return (
    <Dialog open onClose={onClose} size="lg" title={order ? `${order.reference} · ${t(ORDER_KIND_KEYS[order.kind])}` : t("adminTranslation.loading")} testId="order-detail">
      {!order ? (
        <Spinner label={t("adminTranslation.loading")} />
      ) : (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-3">
            <StatusBadge status={order.status} />
            <span className="text-sm">{order.agency.name}</span>
            <span className="muted text-sm">{t("adminTranslation.filedBy", { name: order.filedBy.name })}</span>
          </div>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div><dt className="muted inline">{t("adminTranslation.fields.service")}: </dt><dd className="inline">{text(order.service.name, locale)}</dd></div>
            <div><dt className="muted inline">{t("adminTranslation.fields.languages")}: </dt><dd className="inline"><Languages from={order.fromLanguage} to={order.toLanguage} locale={locale} /></dd></div>
            <div><dt className="muted inline">{t("adminTranslation.fields.pages")}: </dt><dd className="inline">{formatNumber(order.pages, locale)}</dd></div>
            {order.price !== undefined && order.currency && (
              <div><dt className="muted inline">{t("adminTranslation.fields.price")}: </dt><dd className="inline"><Money minor={order.price} currency={order.currency} /></dd></div>
            )}
            <div><dt className="muted inline">{t("adminTranslation.fields.due")}: </dt><dd className="inline">{formatDate(`${order.dueDate}T12:00:00Z`, locale)}</dd></div>
            {order.note && <div className="sm:col-span-2"><dt className="muted inline">{t("adminTranslation.fields.note")}: </dt><dd className="inline"><bdi>{order.note}</bdi></dd></div>}
          </dl>
          {order.reason && <Alert tone="warning"><span className="font-semibold">{t("adminTranslation.fields.reason")}: </span><bdi>{order.reason}</bdi></Alert>}

          <section className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">{t("adminTranslation.agencyDocuments")}</h3>
              {uploads.length ? <DocumentLinks documents={uploads} testId="upload-documents" /> : <p className="muted text-sm">{t("adminTranslation.none")}</p>}
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">{t("adminTranslation.translatedDocuments")}</h3>
              {results.length ? <DocumentLinks documents={results} testId="result-documents" /> : <p className="muted text-sm">{t("adminTranslation.none")}</p>}
            </div>
          </section>

          {order.status !== "Canceled" && (
            <section className="flex flex-col gap-3 rounded-2xl border border-[var(--border)] p-4">
              <Field label={t("adminTranslation.uploadResult")} hint={t("adminTranslation.uploadHint")} error={fileError}>
                <FilePicker
                  ref={input} testId="result-files"
                  onFiles={(chosen) => {
                    setFiles(chosen);
                    setFileError(null);
                  }}
                />
              </Field>
              <Button
                size="sm" icon={FileCheck2} className="self-start" disabled={files.length === 0 || pending !== null} pending={pending === "upload"} data-testid="result-upload"
                onClick={() => void act("upload", () => deliver(order._id, files), "adminTranslation.uploaded")}
              >
                {t("adminTranslation.attach")}
              </Button>
            </section>
          )}

          {order.allowedTransitions.length > 0 && (
            <section className="flex flex-col gap-3">
              <h3 className="text-sm font-semibold">{t("adminTranslation.changeStatus")}</h3>
              <div className="flex flex-wrap gap-2" data-testid="moves">
                {order.allowedTransitions.map((to) => (
                  <Button
                    key={to} size="sm" variant={to === "Canceled" ? "danger" : to === "Done" ? "primary" : "outline"} pending={pending === to}
                    disabled={pending !== null} onClick={() => move(to)} data-testid={`move-${to}`}
                  >
                    {t(MOVE_KEYS[to])}
                  </Button>
                ))}
              </div>
              {asking && (
                <div className="flex flex-col gap-3 rounded-2xl border border-[var(--border)] p-4" data-testid="reason-form">
                  <TextField
                    label={t(asking === "CorrectionNeeded" ? "adminTranslation.correctionReason" : "adminTranslation.cancelReason")}
                    value={reason} onValue={setReason} rows={3} required={asking === "CorrectionNeeded"} error={reasonError} testId="move-reason"
                  />
                  <div className="flex gap-2">
                    <Button size="sm" variant={asking === "Canceled" ? "danger" : "primary"} pending={pending === asking} onClick={confirmAsk} data-testid="move-confirm">
                      {t(MOVE_KEYS[asking])}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setAsking(null)}>{t("adminTranslation.back")}</Button>
                  </div>
                </div>
              )}
            </section>
          )}

          <section>
            <h3 className="mb-2 text-sm font-semibold">{t("adminTranslation.history")}</h3>
            <ol className="flex flex-col gap-2 border-s border-[var(--border)] ps-4 text-sm" data-testid="order-history">
              {order.history.map((h, i) => (
                <li key={i}>
                  <time className="muted" dateTime={h.at}>{formatDate(h.at, locale, { dateStyle: "medium", timeStyle: "short" })}</time>{" · "}
                  <span>{h.by.name}</span>{" · "}
                  <span className="font-medium">
                    {h.from && h.from !== h.to ? <>{t(STATUS_A_KEYS[h.from])} <span aria-hidden="true">{locale === "en" ? "→" : "←"}</span> {t(STATUS_A_KEYS[h.to])}</> : t(STATUS_A_KEYS[h.to])}
                  </span>
                  {h.reason && <> · <bdi className="muted">{h.reason}</bdi></>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Dialog>
  );
}

const COLUMNS = [
  "adminTranslation.columns.reference", "adminTranslation.columns.agency", "adminTranslation.columns.service", "adminTranslation.columns.languages",
  "adminTranslation.columns.pages", "adminTranslation.columns.status", "adminTranslation.columns.createdAt",
];

const OPEN: RequestStatusA[] = ["Requested", "InProcess", "CorrectionNeeded"];

function TranslationQueue({ locale }: { locale: Locale }) {
  const t = useT();
  const [status, setStatus] = useState<RequestStatusA | "">("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [list, setList] = useState<OrderListResponse | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  async function load() {
    try {
      setList(await listAdminOrders({ page, limit: LIMIT, ...(status ? { status } : {}), ...(search ? { search } : {}) }));
    } catch {
      // Shown by the client.
    }
  }
  useEffect(() => void load(), [page, status, search]);

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
                  <td className={cellClass}><bdi dir="ltr" className="font-mono">{o.reference}</bdi><div className="muted text-xs">{t(ORDER_KIND_KEYS[o.kind])}</div></td>
                  <td className={cellClass}>{o.agency.name}</td>
                  <td className={cellClass}>{text(o.service.name, locale)}</td>
                  <td className={cellClass}><Languages from={o.fromLanguage} to={o.toLanguage} locale={locale} /></td>
                  <td className={cellClass}>{formatNumber(o.pages, locale)}</td>
                  <td className={cellClass}><StatusBadge status={o.status} /></td>
                  <td className={cellClass}>{formatDate(o.createdAt, locale)}</td>
                  <td className={cellClass}>
                    <Button size="sm" icon={Eye} onClick={() => setOpen(o._id)} data-testid="order-open" aria-label={t("adminTranslation.openOrder", { reference: o.reference })}>
                      {t("adminTranslation.open")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list && list.total > LIMIT && <Pagination page={page} limit={LIMIT} total={list.total} onPage={setPage} />}
      {open && <OrderDetail id={open} locale={locale} onChanged={() => void load()} onClose={() => setOpen(null)} />}
    </div>
  );
}

export default withI18n(TranslationQueue);
