/**
 * /top-up as the agency sees it (issue 30 item 2): its balance and credit, the office's payment instructions in the
 * page's language, the request form (amount, paid through, reference, note, the transfer slip) and its requests with
 * their state. Drawn by the edge from the page's three calls (functions/edge/views/wallet.tsx) and by the island
 * (TopUpPage.tsx), which brings what the form does (`actions`): until it is there (`live`) the form cannot be sent.
 */
import { forwardRef, type FormEvent } from "react";
import type { BalanceResponse } from "../../contract/auth";
import type { TopUpRequest, TopUpRequestList } from "../../contract/credit";
import { TOP_UP_STATUS_KEYS } from "../../contract/top-up-labels";
import { Button } from "../../components/ui/Button";
import { TextField } from "../../components/ui/Field";
import { Alert, EmptyState } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { NumberField } from "../../components/ui/NumberInput";
import { formatDate } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { CreditFigures } from "./CreditFigures";

const STATUS_TONE: Record<TopUpRequest["status"], string> = {
  Pending: "bg-info-600/12 text-info-600", Approved: "bg-success-600/12 text-success-600", Rejected: "bg-error-600/12 text-error-600",
};

export type TopUpErrors = Partial<Record<"amount" | "paidThrough" | "bankReference" | "slip" | "form", string>>;

export interface TopUpValues {
  /** The amount as typed (any digits). */
  amount: string;
  paidThrough: string;
  bankReference: string;
  note: string;
}

export const EMPTY_TOP_UP: TopUpValues = { amount: "", paidThrough: "", bankReference: "", note: "" };

export interface TopUpActions {
  set(patch: Partial<TopUpValues>): void;
  slip(file: File | null): void;
  submit(): void;
}

const idle = () => {};
const NO_ACTIONS: TopUpActions = { set: idle, slip: idle, submit: idle };

interface Props {
  locale: Locale;
  /** The reader's zone when the edge draws (the browser's own otherwise). */
  timeZone?: string;
  /** null while loading (the skeleton at build time). */
  balance: BalanceResponse | null;
  /** The office's instructions in the page's language; null while loading. */
  instructions: string | null;
  list: TopUpRequestList | null;
  values: TopUpValues;
  errors?: TopUpErrors;
  sending?: boolean;
  sent?: boolean;
  /** The island is there: the form can be sent. */
  live?: boolean;
  actions?: TopUpActions;
}

/** `ref` is the slip's file input (the island empties it once the request is sent). */
export const TopUpView = forwardRef<HTMLInputElement, Props>(function TopUpView(
  { locale, timeZone, balance, instructions, list, values, errors = {}, sending = false, sent = false, live = false, actions = NO_ACTIONS },
  slipInput,
) {
  const t = useT();
  const currency = balance?.currency ?? "USD";
  const loading = list === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (live) actions.submit();
  };
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(18rem,1fr)_2fr]">
      <div className="flex flex-col gap-5">
        <section className="card flex flex-col gap-3 p-5" aria-labelledby="top-up-balance" aria-busy={balance === null || undefined}>
          <h2 id="top-up-balance" className="muted text-sm font-medium">{t("topUps.balance")}</h2>
          <p className="text-3xl font-bold" data-testid="top-up-balance" data-minor={balance?.balance ?? ""}>
            {balance ? <Money minor={balance.balance} currency={currency} /> : "—"}
          </p>
          {balance?.credit && <CreditFigures credit={balance.credit} currency={currency} />}
        </section>
        <section className="card flex flex-col gap-2 p-5" aria-labelledby="top-up-instructions" data-testid="payment-instructions" aria-busy={instructions === null || undefined}>
          <h2 id="top-up-instructions" className="text-base font-semibold">{t("topUps.instructions")}</h2>
          <p className="whitespace-pre-line text-sm">{instructions === null ? "" : instructions || t("topUps.noInstructions")}</p>
        </section>
      </div>
      <div className="flex flex-col gap-5">
        <form className="card flex flex-col gap-4 p-5" onSubmit={submit} noValidate aria-labelledby="top-up-form-title" data-testid="top-up-form">
          <h2 id="top-up-form-title" className="text-lg font-semibold">{t("topUps.formTitle")}</h2>
          <NumberField label={t("topUps.amount")} value={values.amount} onValue={(amount) => actions.set({ amount })} currency={currency} required error={errors.amount} testId="top-up-amount" />
          <TextField label={t("topUps.paidThrough")} hint={t("topUps.paidThroughHint")} value={values.paidThrough} onValue={(paidThrough) => actions.set({ paidThrough })} required error={errors.paidThrough} testId="top-up-through" />
          <TextField label={t("topUps.reference")} value={values.bankReference} onValue={(bankReference) => actions.set({ bankReference })} required error={errors.bankReference} dir="ltr" testId="top-up-reference" />
          <TextField label={t("topUps.note")} value={values.note} onValue={(note) => actions.set({ note })} rows={2} testId="top-up-note" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t("topUps.slip")}
            <input
              ref={slipInput} type="file" accept="image/jpeg,image/png,image/webp,application/pdf" required aria-invalid={Boolean(errors.slip)}
              aria-describedby={errors.slip ? "top-up-slip-error" : undefined} onChange={(event) => actions.slip(event.target.files?.[0] ?? null)} data-testid="top-up-slip"
            />
            <span className="muted text-xs font-normal">{t("topUps.slipHint")}</span>
            {errors.slip && <span id="top-up-slip-error" className="text-sm text-error-600">{errors.slip}</span>}
          </label>
          {errors.form && <Alert testId="top-up-error">{errors.form}</Alert>}
          {sent && <Alert tone="info" testId="top-up-sent">{t("topUps.sent")}</Alert>}
          <Button type="submit" variant="primary" disabled={!live || sending} aria-busy={sending || undefined} data-testid="top-up-submit">
            {sending ? t("topUps.sending") : t("topUps.submit")}
          </Button>
        </form>
        <section className="card flex flex-col gap-3 p-5" aria-labelledby="top-up-list-title" aria-busy={loading || undefined}>
          <h2 id="top-up-list-title" className="text-lg font-semibold">{t("topUps.mine")}</h2>
          {list && list.data.length === 0 && <EmptyState title={t("topUps.none")} />}
          <ul className="flex flex-col gap-2" data-testid="top-up-list">
            {list?.data.map((r) => (
              <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 border-b border-[var(--border)] py-2 last:border-b-0" data-testid="top-up-row" data-status={r.status}>
                <span className="flex flex-col">
                  <strong><Money minor={r.approvedAmount ?? r.amount} currency={r.currency} /></strong>
                  <span className="muted text-sm">{r.paidThrough} · <bdi dir="ltr" data-latin>{r.bankReference}</bdi> · {formatDate(r.createdAt, locale, { dateStyle: "medium", ...(timeZone ? { timeZone } : {}) })}</span>
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
});

/** The office's instructions in the page's language (English when none were written for it). */
export const instructionsIn = (all: Partial<Record<Locale, string>> | null | undefined, locale: Locale): string => (all ? all[locale] || all.en || "" : "");
