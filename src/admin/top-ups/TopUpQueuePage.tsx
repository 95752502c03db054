/**
 * /admin/top-ups (issue 30 item 2): the office's queue of top-up requests, newest first, with each transfer slip
 * shown inline (a PDF as a link: pages do not embed objects), and per waiting request: approve (one TopUp), correct the
 * amount with a reason, or reject with a reason. Live: a new request reaches the open queue (the "balance" topic).
 * Below, the payment instructions per language that agencies read on their form.
 */
import { useCallback, useEffect, useState } from "react";
import { LOCALES, LOCALE_INFO, type Locale } from "../../shared/locales";
import {
  type PaymentInstructions, type TopUpRequest, type TopUpRequestList, type TopUpStatus,
} from "../../contract/credit";
import { Alert, Button, EmptyState, Money, TextField, formatDate } from "../../components/ui";
import { NumberField, parseNumberInput } from "../../components/ui/NumberInput";
import { withI18n } from "../../components/with-i18n";
import { TOP_UP_STATUS_KEYS } from "../../contract/top-up-labels";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { followRecords } from "../../lib/record-changes";

function Decision({ request, onDone }: { request: TopUpRequest; onDone: () => void }) {
  const t = useT();
  const [mode, setMode] = useState<"idle" | "correct" | "reject">("idle");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (body: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api.patch(`top-up-requests/${encodeURIComponent(request._id)}`, body);
      onDone();
    } catch {
      // The client has shown the API's words; the queue is read again to show the request as it is now.
      onDone();
    } finally {
      setBusy(false);
    }
  };
  const decide = () => {
    if (reason.trim().length < 3) return setError(t("topUps.reasonNeeded"));
    if (mode === "reject") return send({ action: "reject", reason });
    const parsed = parseNumberInput(amount, "money", request.currency);
    if (typeof parsed.value !== "number" || parsed.value <= 0) return setError(t("topUps.amountNeeded"));
    return send({ action: "correct", amount: parsed.value, reason });
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" size="sm" disabled={busy} onClick={() => void send({ action: "approve" })} data-testid="top-up-approve">{t("topUps.approve")}</Button>
        <Button size="sm" disabled={busy} aria-pressed={mode === "correct"} onClick={() => setMode("correct")} data-testid="top-up-correct">{t("topUps.correct")}</Button>
        <Button variant="danger" size="sm" disabled={busy} aria-pressed={mode === "reject"} onClick={() => setMode("reject")} data-testid="top-up-reject">{t("topUps.reject")}</Button>
      </div>
      {mode !== "idle" && (
        <div className="flex flex-col gap-3" data-testid="top-up-decision">
          {mode === "correct" && <NumberField label={t("topUps.correctedAmount")} value={amount} onValue={(v) => setAmount(v)} currency={request.currency} required testId="top-up-corrected" />}
          <TextField label={t("topUps.reasonLabel")} value={reason} onValue={setReason} required rows={2} testId="top-up-reason-input" />
          {error && <Alert>{error}</Alert>}
          <div className="flex gap-2">
            <Button variant={mode === "reject" ? "danger" : "primary"} size="sm" disabled={busy} onClick={() => void decide()} data-testid="top-up-confirm">
              {mode === "reject" ? t("topUps.confirmReject") : t("topUps.confirmCorrect")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode("idle")}>{t("topUps.cancel")}</Button>
          </div>
        </div>
      )}
    </div>
  );
}

function Instructions() {
  const t = useT();
  const [value, setValue] = useState<PaymentInstructions | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void api.get<PaymentInstructions>("settings/payment-instructions").then(setValue);
  }, []);
  if (!value) return null;
  const save = async () => {
    setValue(await api.patch<PaymentInstructions>("settings/payment-instructions", { en: value.en, ar: value.ar, ku: value.ku }));
    setSaved(true);
  };
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="instructions-title" data-testid="instructions-editor">
      <h2 id="instructions-title" className="text-lg font-semibold">{t("topUps.instructions")}</h2>
      <p className="muted text-sm">{t("topUps.instructionsHint")}</p>
      {LOCALES.map((l) => (
        <TextField
          key={l} label={LOCALE_INFO[l].nativeName} lang={l === "ku" ? "ckb" : l} dir={l === "en" ? "ltr" : "rtl"} rows={3}
          value={value[l]} onValue={(text) => { setSaved(false); setValue({ ...value, [l]: text }); }} testId={`instructions-${l}`}
        />
      ))}
      {saved && <Alert tone="info">{t("topUps.instructionsSaved")}</Alert>}
      <Button variant="primary" onClick={() => void save()} data-testid="instructions-save">{t("topUps.save")}</Button>
    </section>
  );
}

function TopUpQueuePage({ locale }: { locale: Locale }) {
  const t = useT();
  const [status, setStatus] = useState<TopUpStatus | "">("Pending");
  const [list, setList] = useState<TopUpRequestList | null>(null);
  const load = useCallback(async () => {
    setList(await api.get<TopUpRequestList>("top-up-requests", { query: { limit: 50, ...(status ? { status } : {}) } }));
  }, [status]);
  useEffect(() => {
    void load();
    return followRecords(["balance"], load);
  }, [load]);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("topUps.filter")}>
        {(["Pending", "Approved", "Rejected", ""] as const).map((s) => (
          <Button key={s || "all"} size="sm" variant={status === s ? "primary" : "outline"} aria-pressed={status === s} onClick={() => setStatus(s)} data-testid={`top-up-filter-${s || "all"}`}>
            {s ? t(TOP_UP_STATUS_KEYS[s]) : t("topUps.all")}
          </Button>
        ))}
      </div>
      {list && list.data.length === 0 && <EmptyState title={t("topUps.queueEmpty")} />}
      <ul className="flex flex-col gap-4" data-testid="top-up-queue">
        {list?.data.map((r) => (
          <li key={r._id} className="card grid gap-4 p-5 md:grid-cols-[1fr_16rem]" data-testid="top-up-item" data-status={r.status}>
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a className="font-semibold underline" href={`/${locale}/admin/${encodeURIComponent(r.agency._id)}/agent/`}>{r.agency.name}</a>
                <span className="muted text-sm">{formatDate(r.createdAt, locale, { dateStyle: "medium", timeStyle: "short" })}</span>
              </div>
              <p className="text-2xl font-bold" data-testid="top-up-amount"><Money minor={r.approvedAmount ?? r.amount} currency={r.currency} /></p>
              {r.approvedAmount !== null && r.approvedAmount !== r.amount && (
                <p className="text-sm">{t("topUps.asked")} <Money minor={r.amount} currency={r.currency} /></p>
              )}
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="muted">{t("topUps.paidThrough")}</dt><dd>{r.paidThrough}</dd>
                <dt className="muted">{t("topUps.reference")}</dt><dd><bdi dir="ltr" data-latin>{r.bankReference}</bdi></dd>
                {r.note && <><dt className="muted">{t("topUps.note")}</dt><dd>{r.note}</dd></>}
                <dt className="muted">{t("topUps.state")}</dt><dd data-testid="top-up-state">{t(TOP_UP_STATUS_KEYS[r.status])}</dd>
                {r.reason && <><dt className="muted">{t("topUps.reasonLabel")}</dt><dd>{r.reason}</dd></>}
              </dl>
              {r.status === "Pending" && <Decision request={r} onDone={() => void load()} />}
            </div>
            <figure className="flex flex-col gap-1">
              {r.slip.type.startsWith("image/") ? (
                <a href={r.slip.url} target="_blank" rel="noopener">
                  <img src={r.slip.url} alt={t("topUps.slipOf", { agency: r.agency.name })} className="max-h-72 w-full rounded-lg border border-[var(--border)] object-contain" data-testid="top-up-slip-image" />
                </a>
              ) : (
                <a className="underline" href={r.slip.url} target="_blank" rel="noopener" data-testid="top-up-slip-link">{t("topUps.openSlip")}</a>
              )}
              <figcaption className="muted text-xs">{t("topUps.slip")}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <Instructions />
    </div>
  );
}

export default withI18n(TopUpQueuePage);
