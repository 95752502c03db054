/**
 * The filing form of /visa/{id}/request as it looks, from plain state (issue 9): the island (FilingForm.tsx) gives it
 * the store's state and its actions; the Worker draws it from the agent's own API answers
 * (functions/edge/views/filing.tsx) with `live` false, so the HTML shows the visa, its fields, its documents and the
 * money before any script, and nothing can be sent until the island is there (the submit button is disabled). No
 * store, API, session or `window` here: everything comes in the props.
 */
import { ArrowLeft, BadgeCheck, ScanLine, Send, Wallet } from "../../components/ui/icons";
import { DateField } from "../../components/ui/DateField";
import { useId, type FormEvent, type ReactNode } from "react";
import type { FieldKind, Visa } from "../../contract/catalogue";
import { formatMoney, isolateAmount } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { FIELD_INPUT, FIELD_LABEL, OPTIONAL_KINDS } from "./fields";
import { SELLING_PRICE, documentRequirements, moneySummary, type FilingState } from "./filing-model";
import { NumberField } from "../../components/ui/NumberInput";
import { FileSlot } from "./FileSlot";
import { Amount, BONE, LoadError, Notice, PRIMARY, PULSE } from "./ui";
import { OnCreditNote } from "../wallet/OnCreditNote";
import { Button } from "../../components/ui/Button";

/** What the agent does in the form (the island's store); without them the drawn form only shows. */
export interface FilingActions {
  setValue(kind: FieldKind, value: string): void;
  chooseDocument(requirementId: string, file: File): void;
  cancelUpload(requirementId: string): void;
  removeDocument(requirementId: string): void;
  submit(event: FormEvent): void;
  retry(): void;
  /** Issue 30: the agency's own price to its traveller, for the receipt (optional). */
  setSellingPrice(text: string): void;
}

const NONE: FilingActions = {
  setValue: () => {},
  chooseDocument: () => {},
  cancelUpload: () => {},
  removeDocument: () => {},
  submit: (event) => event.preventDefault(),
  setSellingPrice: () => {},
  retry: () => {},
};

export interface FilingFormViewProps extends FilingState {
  locale: Locale;
  /** The island is there: the form may be sent. */
  live: boolean;
  /** The passport reader's place (the island's lazy reader, or the drawn scan button); none: no scan section. */
  passport?: ReactNode;
  actions?: FilingActions;
}

const LAYOUT = "grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start";
/** Values that read left to right whatever the page's direction. */
const LTR_KINDS: readonly FieldKind[] = ["PassportNumber", "Email"];

/** A field's text (typed loosely: the Worker, which draws this view too, compiles without the DOM's types). */
const valueOf = (event: { target: unknown }) => (event.target as { value: string }).value;

const localized = (text: { en: string; ar: string; ku: string } | undefined, locale: Locale) => text?.[locale] || text?.en || "";

function Skeleton() {
  return (
    <div className={`${LAYOUT} ${PULSE}`} aria-busy="true" data-testid="filing-skeleton">
      <div className="flex flex-col gap-6">
        <div className="card flex flex-col gap-3 p-6">
          <div className={`${BONE} h-4 w-32`} />
          <div className={`${BONE} h-7 w-2/3`} />
        </div>
        <div className="card grid gap-4 p-6 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="flex flex-col gap-2">
              <div className={`${BONE} h-4 w-28`} />
              <div className={`${BONE} h-10 w-full`} />
            </div>
          ))}
        </div>
        <div className="card flex flex-col gap-3 p-6">
          <div className={`${BONE} h-5 w-40`} />
          <div className={`${BONE} h-20 w-full`} />
          <div className={`${BONE} h-20 w-full`} />
        </div>
      </div>
      <div className="card flex h-72 flex-col gap-4 p-6">
        <div className={`${BONE} h-4 w-24`} />
        <div className={`${BONE} h-8 w-36`} />
        <div className={`${BONE} h-16 w-full`} />
        <div className={`${BONE} mt-auto h-11 w-full`} />
      </div>
    </div>
  );
}

interface FieldProps {
  kind: FieldKind;
  value: string;
  error: string | undefined;
  /** Filled by the passport reader (after the agent's one review there): marked, nothing more to confirm. */
  scanned: boolean;
  actions: FilingActions;
}

function ApplicantField({ kind, value, error, scanned, actions }: FieldProps) {
  const t = useT();
  const id = useId();
  const type = FIELD_INPUT[kind];
  const required = !OPTIONAL_KINDS.includes(kind);
  const describedBy = [error ? `${id}-error` : "", scanned ? `${id}-scanned` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: kind,
    value,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "data-testid": `field-${kind}`,
    className: `field ${error ? "border-error-600!" : ""}`,
  } as const;
  return (
    <div className={`flex flex-col gap-1 ${type === "textarea" ? "md:col-span-2" : ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {t(FIELD_LABEL[kind])}
        {required ? <span aria-hidden="true" className="text-error-600 ms-0.5">*</span> : <span className="muted ms-1 text-xs">({t("filing.optional")})</span>}
      </label>
      {type === "date" ? (
        <DateField
          id={id}
          name={kind}
          label={t(FIELD_LABEL[kind])}
          value={value}
          required={required}
          invalid={Boolean(error)}
          describedBy={describedBy}
          testId={`field-${kind}`}
          onValue={(iso) => actions.setValue(kind, iso)}
        />
      ) : type === "textarea" ? (
        <textarea {...common} rows={3} className={`${common.className} rounded-2xl! py-2`} onChange={(event) => actions.setValue(kind, valueOf(event))} />
      ) : (
        <input
          {...common}
          type={type}
          dir={LTR_KINDS.includes(kind) ? "ltr" : undefined}
          autoComplete={kind === "Email" ? "email" : "off"}
          className={`${common.className} ${LTR_KINDS.includes(kind) ? "text-start" : ""}`}
          onChange={(event) => actions.setValue(kind, valueOf(event))}
        />
      )}
      {scanned && (
        <p id={`${id}-scanned`} className="flex flex-wrap items-center gap-2 px-1 text-sm muted" data-testid={`scanned-${kind}`}>
          <ScanLine size={16} aria-hidden="true" />
          {t("filing.readFromPassport")}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="px-1 text-sm text-error-600" data-testid={`error-${kind}`}>
          {t(error)}
        </p>
      )}
    </div>
  );
}

function Documents({ visa, state, locale, actions }: { visa: Visa; state: FilingFormViewProps; locale: Locale; actions: FilingActions }) {
  const t = useT();
  const requirements = documentRequirements(visa);
  if (requirements.length === 0) return null;
  return (
    <section className="card flex flex-col gap-4 p-6" aria-labelledby="filing-documents-title" data-testid="filing-documents">
      <div>
        <h2 id="filing-documents-title" className="text-lg font-bold">{t("filing.documents")}</h2>
        <p className="muted text-sm">{t("filing.documentsHint")}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {requirements.map((requirement) => (
          <FileSlot
            key={requirement._id}
            label={localized(requirement.name, locale)}
            description={localized(requirement.description, locale) || undefined}
            required={requirement.required}
            slot={state.documents[requirement._id] ?? { status: "empty" }}
            error={state.errors[`doc:${requirement._id}`]}
            locale={locale}
            onChoose={(file) => actions.chooseDocument(requirement._id, file)}
            onCancel={() => actions.cancelUpload(requirement._id)}
            onRemove={() => actions.removeDocument(requirement._id)}
            testId={`document-${requirement._id}`}
          />
        ))}
      </ul>
    </section>
  );
}

function Summary({ visa, state, locale, actions }: { visa: Visa; state: FilingFormViewProps; locale: Locale; actions: FilingActions }) {
  const t = useT();
  const { money, submit, live } = state;
  const summary = moneySummary(visa, money);
  const sending = submit.status === "sending" || submit.status === "done";
  return (
    <aside className="flex flex-col gap-4 lg:sticky lg:top-20" aria-labelledby="filing-summary-title">
      <section className="card flex flex-col gap-4 p-6" data-testid="filing-summary">
        <h2 id="filing-summary-title" className="flex items-center gap-2 text-lg font-bold">
          <Wallet size={24} aria-hidden="true" className="text-primary-600" />
          {t("filing.summary")}
        </h2>
        {money.status === "hidden" ? (
          <p className="muted text-sm" data-testid="filing-staff-note">{t("filing.staffNote")}</p>
        ) : money.status === "loading" ? (
          <div className={`flex flex-col gap-2 ${PULSE}`} aria-busy="true">
            <div className={`${BONE} h-5 w-full`} />
            <div className={`${BONE} h-5 w-full`} />
            <div className={`${BONE} h-6 w-full`} />
          </div>
        ) : summary ? (
          <dl className="flex flex-col gap-2 text-sm" data-testid="filing-money">
            <div className="flex items-center justify-between gap-3">
              <dt className="muted">{t("filing.price")}</dt>
              <dd className="font-semibold"><Amount minor={summary.price} currency={summary.currency} locale={locale} testId="filing-price" /></dd>
            </div>
            <div className="flex items-center justify-between gap-3">
              <dt className="muted">{t("filing.balance")}</dt>
              <dd><Amount minor={summary.balance} currency={summary.currency} locale={locale} testId="filing-balance" /></dd>
            </div>
            {summary.available !== null && (
              <div className="flex items-center justify-between gap-3">
                <dt className="muted">{t("credit.available")}</dt>
                <dd><Amount minor={summary.available} currency={summary.currency} locale={locale} testId="filing-available" /></dd>
              </div>
            )}
            <div className="flex items-center justify-between gap-3 border-t border-[var(--border)] pt-2 text-base">
              <dt className="font-semibold">{t("filing.balanceAfter")}</dt>
              <dd className={`font-bold ${summary.short > 0 ? "text-error-600" : ""}`}>
                <Amount minor={summary.after} currency={summary.currency} locale={locale} testId="filing-after" />
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted text-sm">{t("filing.balanceUnknown")}</p>
        )}
        {summary && (
          // Issue 30: what the traveller pays the agency, printed on the receipt instead of the net price (optional).
          <NumberField
            label={t("filing.sellingPrice")} hint={t("filing.sellingPriceHint")} value={state.values[SELLING_PRICE] ?? ""} onValue={(text) => actions.setSellingPrice(text)}
            currency={summary.currency} locale={locale} error={state.errors[SELLING_PRICE] ? t(state.errors[SELLING_PRICE]) : undefined} testId="filing-selling-price"
          />
        )}
        {summary && submit.status !== "insufficient" && <OnCreditNote owedAfter={summary.owedAfter} short={summary.short} currency={summary.currency} locale={locale} />}
        {summary && summary.short > 0 && submit.status !== "insufficient" && (
          <Notice tone="warning" testId="filing-short">
            {t("filing.shortBefore", { short: formatShort(summary.short, summary.currency, locale) })}
          </Notice>
        )}
        {submit.status === "insufficient" && <Insufficient locale={locale} shortfall={submit.shortfall ?? summary?.short ?? null} currency={summary?.currency ?? visa.currency ?? ""} />}
        {submit.status === "failed" && <Notice testId="filing-failed">{t("filing.failed")}</Notice>}
        {/* Disabled until the island is there: the drawn form must never be sent natively (Enter in a field neither). */}
        <button type="submit" form="filing-form" className={`${PRIMARY} w-full`} disabled={sending || !live} aria-busy={sending || undefined} data-testid="filing-submit">
          <Send size={20} aria-hidden="true" className="flip-rtl" />
          {sending ? t("filing.sending") : money.status === "hidden" ? t("filing.submitStaff") : t("filing.submit")}
        </button>
        <p className="muted text-xs">{money.status === "hidden" ? t("filing.chargeNoteStaff") : t("filing.chargeNote")}</p>
      </section>
    </aside>
  );
}

/**
 * Below lg the summary comes after the whole form: the price and the balance after it stay in view at the bottom of
 * the screen while the agent fills the form (issue 26), with a link down to the summary and its button.
 */
function PriceBar({ visa, state, locale }: { visa: Visa; state: FilingFormViewProps; locale: Locale }) {
  const t = useT();
  const summary = state.money.status === "hidden" ? null : moneySummary(visa, state.money);
  if (!summary) return null;
  return (
    <div
      className="sticky bottom-0 z-10 -mx-1 flex items-center justify-between gap-3 rounded-t-2xl border border-b-0 border-[var(--border)] bg-[var(--surface)] px-4 py-3 text-sm shadow-[0_-4px_12px_rgb(0_0_0/0.08)] lg:hidden"
      data-testid="filing-price-bar"
    >
      <span className="flex flex-col">
        <span className="muted">{t("filing.price")}</span>
        <strong className="text-base"><Amount minor={summary.price} currency={summary.currency} locale={locale} /></strong>
      </span>
      <span className="flex flex-col items-end">
        <span className="muted">{t("filing.balanceAfter")}</span>
        <span className={summary.after < 0 ? "font-semibold text-error-600" : "font-semibold"}>
          <Amount minor={summary.after} currency={summary.currency} locale={locale} />
        </span>
      </span>
    </div>
  );
}

/** An amount inside a sentence, kept left to right in Arabic and Kurdish. */
const formatShort = (minor: number, currency: string, locale: Locale) => isolateAmount(formatMoney(minor, currency, locale));

/** 402 INSUFFICIENT_BALANCE in words: what happened, by how much, and what to do. Nothing was charged. */
function Insufficient({ locale, shortfall, currency }: { locale: Locale; shortfall: number | null; currency: string }) {
  const t = useT();
  return (
    <Notice testId="filing-insufficient">
      <p className="font-semibold">{t("filing.insufficient.title")}</p>
      <p className="mt-1">
        {shortfall !== null && shortfall > 0
          ? t("filing.insufficient.short", { short: formatShort(shortfall, currency, locale) })
          : t("filing.insufficient.text")}
      </p>
      <p className="mt-1">{t("filing.insufficient.action")}</p>
    </Notice>
  );
}

function Form({ visa, state, actions }: { visa: Visa; state: FilingFormViewProps; actions: FilingActions }) {
  const t = useT();
  const { locale } = state;
  return (
    <div className={LAYOUT} data-testid="filing" data-visa-id={visa._id}>
      <form id="filing-form" className="flex flex-col gap-6" noValidate onSubmit={actions.submit}>
        <section className="card flex flex-col gap-1 p-6" aria-labelledby="filing-visa-title">
          <p className="muted text-sm">{localized(visa.country.name, locale)}</p>
          <h2 id="filing-visa-title" className="text-xl font-bold" data-testid="filing-visa-title">{localized(visa.title, locale)}</h2>
          <a className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline dark:text-primary-200" href={`/${locale}/visa/${encodeURIComponent(visa._id)}/details/`}>
            <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
            {t("filing.backToVisa")}
          </a>
        </section>

        {state.passport && (
          <section className="card flex flex-col gap-3 p-6" aria-labelledby="filing-scan-title" data-testid="passport-slot">
            <h2 id="filing-scan-title" className="flex items-center gap-2 text-lg font-bold">
              <ScanLine size={24} aria-hidden="true" className="text-primary-600" />
              {t("filing.scanPassport")}
            </h2>
            {state.passport}
          </section>
        )}

        <section className="card flex flex-col gap-4 p-6" aria-labelledby="filing-applicant-title" data-testid="filing-applicant">
          <div>
            <h2 id="filing-applicant-title" className="flex items-center gap-2 text-lg font-bold">
              <BadgeCheck size={24} aria-hidden="true" className="text-primary-600" />
              {t("filing.applicant")}
            </h2>
            <p className="muted text-sm">{t("filing.applicantHint")}</p>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {visa.fields.map((kind) => (
              <ApplicantField
                key={kind}
                kind={kind}
                value={state.values[kind] ?? ""}
                error={state.errors[kind]}
                scanned={state.scanned.includes(kind)}
                actions={actions}
              />
            ))}
          </div>
        </section>

        <Documents visa={visa} state={state} locale={locale} actions={actions} />
        <PriceBar visa={visa} state={state} locale={locale} />
      </form>
      <Summary visa={visa} state={state} locale={locale} actions={actions} />
    </div>
  );
}

export function FilingFormView(props: FilingFormViewProps) {
  const t = useT();
  const { visa, locale } = props;
  const actions = props.actions ?? NONE;
  if (visa.status === "loading") return <Skeleton key="loading" />;
  if (visa.status === "notFound") {
    return (
      <section className="card flex flex-col items-center gap-3 p-10 text-center" role="alert" data-testid="filing-not-found">
        <h2 className="text-xl font-bold">{t("filing.notFound")}</h2>
        <p className="muted max-w-md">{t("filing.notFoundHint")}</p>
        <a className="btn mt-2" href={`/${locale}/visa/`}>
          <ArrowLeft size={24} aria-hidden="true" className="flip-rtl" />
          {t("filing.toVisas")}
        </a>
      </section>
    );
  }
  if (visa.status === "error") return <LoadError onRetry={actions.retry} />;
  return <Form key={visa.data._id} visa={visa.data} state={props} actions={actions} />;
}

/** An empty form's state (what the store holds before anything is typed), with the visa and money given. */
export const emptyFiling = (visa: FilingState["visa"], money: FilingState["money"]): FilingState => ({
  visa,
  money,
  values: visa.status === "ready" ? Object.fromEntries(visa.data.fields.map((kind) => [kind, ""])) : {},
  errors: {},
  scanned: [],
  documents: {},
  submit: { status: "idle" },
});

/**
 * The passport reader's first look (its scan button, src/features/passport/PassportReader.tsx) as the edge draws it:
 * the reader itself (pdf.js, OCR) stays lazy. A press before the island is there is not lost: the island is asked for
 * as the pointer or the focus reaches the form, and the press is made again on its button (src/lib/edge-views.ts).
 */
export function DrawnPassportScan() {
  const t = useT();
  return (
    <Button icon={ScanLine} data-testid="passport-scan">
      {t("passport.scan")}
    </Button>
  );
}
