/**
 * One translation order in the admin queue (issue 12): documents, history, the status changes status set A allows
 * from here (and only those), the upload of the translated documents (which may deliver: Done). Its own module:
 * the queue's table loads first, this dialog when an order is opened.
 */
import { FileCheck2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { RequestStatusA } from "../../contract/requests";
import type { TranslationOrder } from "../../contract/translation";
import { ORDER_KIND_KEYS, STATUS_A_KEYS } from "../../contract/translation-labels";
import { Alert, Button, Dialog, Field, Money, Spinner, TextField, formatDate, formatNumber } from "../../components/ui";
import { useT } from "../../lib/i18n";
import { followRecords, orderTopic } from "../../lib/record-changes";
import { toast } from "../../lib/toast.store";
import type { Locale } from "../../shared/locales";
import { changeOrderState, deliver, fetchAdminOrder } from "../../features/translation/api";
import { ThreadPanel } from "../../features/threads/Thread";
import { DocumentLinks, FilePicker, Languages, StatusBadge, text } from "../../features/translation/ui";

/** Labels of the moves an admin is offered (the target status names the button). */
const MOVE_KEYS: Record<RequestStatusA, string> = {
  Requested: "adminTranslation.move.Requested",
  InProcess: "adminTranslation.move.InProcess",
  CorrectionNeeded: "adminTranslation.move.CorrectionNeeded",
  Canceled: "adminTranslation.move.Canceled",
  Done: "adminTranslation.move.Done",
};

export default function OrderDetail({ id, locale, onChanged, onClose }: { id: string; locale: Locale; onChanged: () => void; onClose: () => void }) {
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
    // The agency corrects or cancels, another admin moves it: the open order shows it as it is now, with the moves
    // left from there (issue 26). A failed read keeps what is shown.
    return followRecords([orderTopic(id)], () => fetchAdminOrder(id).then(setOrder, () => undefined));
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
          <ThreadPanel kind="translation" id={order._id} side="office" locale={locale} />
        </div>
      )}
    </Dialog>
  );
}

