/**
 * The office's top-up queue as it looks (issue 30 item 2), from props only: the status filter, the requests newest
 * first with each transfer slip inline (a PDF as a link: pages do not embed objects) and, per waiting request, approve,
 * correct the amount with a reason or reject with a reason; below, the payment instructions per language that agencies
 * read on their form. The island (TopUpQueuePage.tsx) gives it the answers and handlers; the edge draws it from the
 * address's filter with none (src/admin/edge-pages.ts; issue 32: hydrated at load, the page scored 86-92 on a phone),
 * and the island takes the view over when the admin reaches for a control (a press made before is made again on it).
 */
import { useEffect, useState } from "react";
import type { PaymentInstructions, TopUpRequest, TopUpRequestList } from "../../contract/credit";
import { TOP_UP_STATUS_KEYS } from "../../contract/top-up-labels";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/Field";
import { Alert, EmptyState, Spinner } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { NumberField, parseNumberInput } from "../../components/ui/NumberInput";
import { formatDate } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import { LOCALES, LOCALE_INFO, type Locale } from "../../shared/locales";
import { TOP_UP_FILTERS, type TopUpFilter } from "./top-up-queue";

/** The office's word on a waiting request, as the API takes it (PATCH top-up-requests/{id}). */
export type TopUpDecision = { action: "approve" } | { action: "correct"; amount: number; reason: string } | { action: "reject"; reason: string };

export interface TopUpQueueActions {
  filter(status: TopUpFilter): void;
  /** Settles when the queue shows the request as it is now (decided, or as it was when the API refused). */
  decide(request: TopUpRequest, decision: TopUpDecision): Promise<void>;
  saveInstructions(value: PaymentInstructions): Promise<PaymentInstructions>;
}

const idle = () => {};
const later = () => new Promise<never>(idle);
/** A drawn view's controls do nothing by themselves: the island, which the reach brings, does. */
const NO_ACTIONS: TopUpQueueActions = { filter: idle, decide: later, saveInstructions: later };

function Decision({ request, decide }: { request: TopUpRequest; decide: TopUpQueueActions["decide"] }) {
  const t = useT();
  const [mode, setMode] = useState<"idle" | "correct" | "reject">("idle");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (decision: TopUpDecision) => {
    setBusy(true);
    try {
      await decide(request, decision);
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
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
            <Button variant={mode === "reject" ? "danger" : "primary"} size="sm" disabled={busy} onClick={() => void confirm()} data-testid="top-up-confirm">
              {mode === "reject" ? t("topUps.confirmReject") : t("topUps.confirmCorrect")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode("idle")}>{t("topUps.cancel")}</Button>
          </div>
        </div>
      )}
    </div>
  );
}

function Instructions({ saved: initial, save }: { saved: PaymentInstructions; save: TopUpQueueActions["saveInstructions"] }) {
  const t = useT();
  const [value, setValue] = useState(initial);
  const [saved, setSaved] = useState(false);
  // Another admin saved them (the island read them again): what is shown follows.
  useEffect(() => setValue(initial), [initial]);
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
      <Button variant="primary" onClick={() => void save(value).then((stored) => { setValue(stored); setSaved(true); })} data-testid="instructions-save">{t("topUps.save")}</Button>
    </section>
  );
}

export function TopUpQueueView({ locale, timeZone, status, list, instructions, actions = NO_ACTIONS }: {
  locale: Locale; timeZone?: string; status: TopUpFilter; list: TopUpRequestList | null; instructions: PaymentInstructions | null; actions?: TopUpQueueActions;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("topUps.filter")}>
        {TOP_UP_FILTERS.map((s) => (
          <Button key={s || "all"} size="sm" variant={status === s ? "primary" : "outline"} aria-pressed={status === s} onClick={() => actions.filter(s)} data-testid={`top-up-filter-${s || "all"}`}>
            {s ? t(TOP_UP_STATUS_KEYS[s]) : t("topUps.all")}
          </Button>
        ))}
      </div>
      {/* aria-busy: an island that is still loading never takes a drawn queue's place (src/lib/edge-view-mount.tsx). */}
      {!list && <div aria-busy="true"><Spinner label={t("topUps.loading")} /></div>}
      {list && list.data.length === 0 && <EmptyState title={t("topUps.queueEmpty")} />}
      <ul className="flex flex-col gap-4" data-testid="top-up-queue">
        {list?.data.map((r) => (
          <li key={r._id} className="card grid gap-4 p-5 md:grid-cols-[1fr_16rem]" data-testid="top-up-item" data-id={r._id} data-status={r.status}>
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a className="font-semibold underline" href={`/${locale}/admin/${encodeURIComponent(r.agency._id)}/agent/`}>{r.agency.name}</a>
                <span className="muted text-sm">{formatDate(r.createdAt, locale, { dateStyle: "medium", timeStyle: "short", ...(timeZone ? { timeZone } : {}) })}</span>
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
              {r.status === "Pending" && <Decision request={r} decide={actions.decide} />}
            </div>
            <figure className="flex flex-col gap-1">
              {r.slip.type.startsWith("image/") ? (
                <a href={r.slip.url} target="_blank" rel="noopener">
                  {/* The slip's box is sized before the photo arrives (issue 32: photos arriving after paint moved the
                      queue, CLS 0.12-0.14): a fixed height, the photo fitted inside it, read only when near the screen. */}
                  <img
                    src={r.slip.url} alt={t("topUps.slipOf", { agency: r.agency.name })} width={256} height={288} loading="lazy" decoding="async"
                    className="h-72 w-full rounded-lg border border-[var(--border)] object-contain" data-testid="top-up-slip-image"
                  />
                </a>
              ) : (
                <a className="underline" href={r.slip.url} target="_blank" rel="noopener" data-testid="top-up-slip-link">{t("topUps.openSlip")}</a>
              )}
              <figcaption className="muted text-xs">{t("topUps.slip")}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {/* Still being read by the island: busy, so the island does not take the drawn page's place without them. */}
      {instructions ? <Instructions saved={instructions} save={actions.saveInstructions} /> : <div aria-busy="true" />}
    </div>
  );
}
