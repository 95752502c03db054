/**
 * /top-up (issue 30 item 2): the agency asks the office for a top-up — amount, the bank or exchange office it paid
 * through, its reference, the transfer slip (photo or PDF) — under one Idempotency-Key per request, with the office's
 * payment instructions in the page's language above the form. Below, its requests and their state, live: a decision
 * of the office (and the balance it moved) reaches the open page without a reload (the hub's "balance" topic).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { BalanceResponse } from "../../contract/auth";
import { topUpRequestInput, type PaymentInstructions, type TopUpRequest, type TopUpRequestList } from "../../contract/credit";
import { Alert, Button, EmptyState, Money, TextField, formatDate } from "../../components/ui";
import { NumberField, parseNumberInput } from "../../components/ui/NumberInput";
import { withI18n } from "../../components/with-i18n";
import { TOP_UP_STATUS_KEYS } from "../../contract/top-up-labels";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { followRecords } from "../../lib/record-changes";
import { refreshBalance } from "../../lib/session.store";
import { DOCUMENT_UPLOAD_TYPES, UploadError, checkFile, upload } from "../../lib/upload";
import type { Locale } from "../../shared/locales";
import { CreditFigures } from "./CreditFigures";

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

const STATUS_TONE: Record<TopUpRequest["status"], string> = {
  Pending: "bg-info-600/12 text-info-600", Approved: "bg-success-600/12 text-success-600", Rejected: "bg-error-600/12 text-error-600",
};

type Errors = Partial<Record<"amount" | "paidThrough" | "bankReference" | "slip" | "form", string>>;

function TopUpPage({ locale }: { locale: Locale }) {
  const t = useT();
  const [balance, setBalance] = useState<BalanceResponse | null>(null);
  const [instructions, setInstructions] = useState<PaymentInstructions | null>(null);
  const [list, setList] = useState<TopUpRequestList | null>(null);
  const [amount, setAmount] = useState("");
  const [paidThrough, setPaidThrough] = useState("");
  const [bankReference, setBankReference] = useState("");
  const [note, setNote] = useState("");
  const [slip, setSlip] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const key = useRef(newKey());
  const slipInput = useRef<HTMLInputElement>(null);
  const currency = balance?.currency ?? "USD";

  const load = useCallback(async () => {
    const [money, requests] = await Promise.all([refreshBalance(), api.get<TopUpRequestList>("top-up-requests", { query: { limit: 50 } })]);
    if (money) setBalance(money);
    setList(requests);
  }, []);
  useEffect(() => {
    void load();
    void api.get<PaymentInstructions>("settings/payment-instructions").then(setInstructions);
    // The office decided (or the balance moved): the states and the balance as they are now.
    return followRecords(["balance"], load);
  }, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseNumberInput(amount, "money", currency);
    const input = { amount: typeof parsed.value === "number" ? parsed.value : -1, paidThrough, bankReference, ...(note.trim() ? { note } : {}) };
    const checked = topUpRequestInput.safeParse(input);
    const found: Errors = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as keyof Errors] ??= t(issue.message);
    if (!slip) found.slip = t("validation.fileRequired");
    else {
      const problem = await checkFile(slip, DOCUMENT_UPLOAD_TYPES);
      if (problem) found.slip = t(problem === "size" ? "upload.tooLarge" : "topUps.slipType");
    }
    setErrors(found);
    if (Object.keys(found).length || !slip) return;
    const form = new FormData();
    form.append("data", JSON.stringify(input));
    form.append("slip", slip, slip.name);
    setSending(true);
    setSent(false);
    try {
      await upload<TopUpRequest>("top-up-requests", form, { headers: { "Idempotency-Key": key.current } });
      key.current = newKey();
      setAmount("");
      setBankReference("");
      setNote("");
      setSlip(null);
      if (slipInput.current) slipInput.current.value = "";
      setSent(true);
      await load();
    } catch (error) {
      setErrors({ form: error instanceof UploadError && error.message ? error.message : t("topUps.failed") });
    } finally {
      setSending(false);
    }
  };

  const text = instructions ? instructions[locale] || instructions.en : "";
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(18rem,1fr)_2fr]">
      <div className="flex flex-col gap-5">
        <section className="card flex flex-col gap-3 p-5" aria-labelledby="top-up-balance">
          <h2 id="top-up-balance" className="muted text-sm font-medium">{t("topUps.balance")}</h2>
          <p className="text-3xl font-bold" data-testid="top-up-balance" data-minor={balance?.balance ?? ""}>
            {balance ? <Money minor={balance.balance} currency={currency} /> : "—"}
          </p>
          {balance?.credit && <CreditFigures credit={balance.credit} currency={currency} />}
        </section>
        <section className="card flex flex-col gap-2 p-5" aria-labelledby="top-up-instructions" data-testid="payment-instructions">
          <h2 id="top-up-instructions" className="text-base font-semibold">{t("topUps.instructions")}</h2>
          <p className="whitespace-pre-line text-sm">{text || t("topUps.noInstructions")}</p>
        </section>
      </div>
      <div className="flex flex-col gap-5">
        <form className="card flex flex-col gap-4 p-5" onSubmit={submit} noValidate aria-labelledby="top-up-form-title" data-testid="top-up-form">
          <h2 id="top-up-form-title" className="text-lg font-semibold">{t("topUps.formTitle")}</h2>
          <NumberField label={t("topUps.amount")} value={amount} onValue={(v) => setAmount(v)} currency={currency} required error={errors.amount} testId="top-up-amount" />
          <TextField label={t("topUps.paidThrough")} hint={t("topUps.paidThroughHint")} value={paidThrough} onValue={setPaidThrough} required error={errors.paidThrough} testId="top-up-through" />
          <TextField label={t("topUps.reference")} value={bankReference} onValue={setBankReference} required error={errors.bankReference} dir="ltr" testId="top-up-reference" />
          <TextField label={t("topUps.note")} value={note} onValue={setNote} rows={2} testId="top-up-note" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("topUps.slip")}
            <input
              ref={slipInput} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" required aria-invalid={Boolean(errors.slip)}
              aria-describedby={errors.slip ? "top-up-slip-error" : undefined} onChange={(event) => setSlip(event.target.files?.[0] ?? null)} data-testid="top-up-slip"
            />
            <span className="muted text-xs font-normal">{t("topUps.slipHint")}</span>
            {errors.slip && <span id="top-up-slip-error" className="text-sm text-error-600">{errors.slip}</span>}
          </label>
          {errors.form && <Alert testId="top-up-error">{errors.form}</Alert>}
          {sent && <Alert tone="info" testId="top-up-sent">{t("topUps.sent")}</Alert>}
          <Button type="submit" variant="primary" disabled={sending} aria-busy={sending || undefined} data-testid="top-up-submit">
            {sending ? t("topUps.sending") : t("topUps.submit")}
          </Button>
        </form>
        <section className="card flex flex-col gap-3 p-5" aria-labelledby="top-up-list-title">
          <h2 id="top-up-list-title" className="text-lg font-semibold">{t("topUps.mine")}</h2>
          {list && list.data.length === 0 && <EmptyState title={t("topUps.none")} />}
          <ul className="flex flex-col gap-2" data-testid="top-up-list">
            {list?.data.map((r) => (
              <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 border-b border-[var(--border)] py-2 last:border-b-0" data-testid="top-up-row" data-status={r.status}>
                <span className="flex flex-col">
                  <strong><Money minor={r.approvedAmount ?? r.amount} currency={r.currency} /></strong>
                  <span className="muted text-sm">{r.paidThrough} · <bdi dir="ltr" data-latin>{r.bankReference}</bdi> · {formatDate(r.createdAt, locale, { dateStyle: "medium" })}</span>
                  {r.reason && <span className="text-sm" data-testid="top-up-reason">{t("topUps.reason", { reason: r.reason })}</span>}
                </span>
                <span className={`rounded-full px-3 py-1 text-sm font-medium ${STATUS_TONE[r.status]}`} data-testid="top-up-status">{t(TOP_UP_STATUS_KEYS[r.status])}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

export default withI18n(TopUpPage);
