/**
 * /visa/{id}/request: file a visa request. The applicant's fields come from the visa's field kinds, the documents
 * from its requirements; the price, the balance and the balance after filing are shown before sending (agencies
 * only: staff see no money, DESIGN §3). Logic is in filing.store.ts; this renders it.
 */
import { useStore } from "../../lib/use-store";
import { ArrowLeft, BadgeCheck, ScanLine, Send, Wallet } from "../../components/ui/icons";
import { lazy, Suspense, useEffect, useId, type FormEvent } from "react";
import type { FieldKind, Visa } from "../../contract/catalogue";
import { formatMoney, isolateAmount } from "../../components/ui/format";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import {
  $documents, $errors, $money, $submit, $unconfirmed, $values, $visa, FIELD_INPUT, FIELD_LABEL, OPTIONAL_KINDS, cancelUpload,
  chooseDocument, confirmField, documentRequirements, fillFromPassport, moneySummary, removeDocument, setValue, startFiling,
  submitFiling,
} from "./filing.store";
import { FileSlot } from "./FileSlot";
import { loadPassportReader } from "./passport-slot";
import { Amount, BONE, LoadError, Notice, PRIMARY, PULSE } from "./ui";
import { useRouteId } from "../../lib/route-id";

const PassportReader = loadPassportReader ? lazy(loadPassportReader) : null;

const LAYOUT = "grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start";
/** Values that read left to right whatever the page's direction. */
const LTR_KINDS: readonly FieldKind[] = ["PassportNumber", "Email"];

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

function ApplicantField({ kind, locale }: { kind: FieldKind; locale: Locale }) {
  const t = useT();
  const id = useId();
  const value = useStore($values)[kind] ?? "";
  const error = useStore($errors)[kind];
  const unconfirmed = useStore($unconfirmed).includes(kind);
  const type = FIELD_INPUT[kind];
  const required = !OPTIONAL_KINDS.includes(kind);
  const describedBy = [error ? `${id}-error` : "", unconfirmed ? `${id}-confirm` : ""].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: kind,
    value,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    "data-testid": `field-${kind}`,
    className: `field ${error ? "border-error-600!" : ""} ${unconfirmed ? "border-amber-500! bg-amber-50/60 dark:bg-amber-950/40" : ""}`,
  } as const;
  return (
    <div className={`flex flex-col gap-1 ${type === "textarea" ? "md:col-span-2" : ""}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {t(FIELD_LABEL[kind])}
        {required ? <span aria-hidden="true" className="text-error-600 ms-0.5">*</span> : <span className="muted ms-1 text-xs">({t("filing.optional")})</span>}
      </label>
      {type === "textarea" ? (
        <textarea {...common} rows={3} className={`${common.className} rounded-2xl! py-2`} onChange={(event) => setValue(kind, event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          dir={LTR_KINDS.includes(kind) || type === "date" ? "ltr" : undefined}
          autoComplete={kind === "Email" ? "email" : "off"}
          className={`${common.className} ${LTR_KINDS.includes(kind) ? "text-start" : ""}`}
          onChange={(event) => setValue(kind, event.target.value)}
        />
      )}
      {unconfirmed && (
        <p id={`${id}-confirm`} className="flex flex-wrap items-center gap-2 px-1 text-sm text-amber-900 dark:text-amber-100" data-testid={`confirm-${kind}`}>
          <ScanLine size={16} aria-hidden="true" />
          {t("filing.pleaseConfirm")}
          <button type="button" className="font-semibold underline" onClick={() => confirmField(kind)} data-testid={`confirm-${kind}-button`}>
            {t("filing.confirmValue")}
            <span className="sr-only">: {t(FIELD_LABEL[kind])}</span>
          </button>
        </p>
      )}
      {error && error !== "filing.confirmScanned" && (
        <p id={`${id}-error`} className="px-1 text-sm text-error-600" data-testid={`error-${kind}`}>
          {t(error)}
        </p>
      )}
      {error === "filing.confirmScanned" && (
        <p id={`${id}-error`} className="px-1 text-sm text-error-600" data-testid={`error-${kind}`}>
          {t("filing.confirmScanned")}
        </p>
      )}
    </div>
  );
}

function Documents({ visa, locale }: { visa: Visa; locale: Locale }) {
  const t = useT();
  const documents = useStore($documents);
  const errors = useStore($errors);
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
            slot={documents[requirement._id] ?? { status: "empty" }}
            error={errors[`doc:${requirement._id}`]}
            locale={locale}
            onChoose={(file) => void chooseDocument(requirement._id, file)}
            onCancel={() => cancelUpload(requirement._id)}
            onRemove={() => removeDocument(requirement._id)}
            testId={`document-${requirement._id}`}
          />
        ))}
      </ul>
    </section>
  );
}

function Summary({ visa, locale }: { visa: Visa; locale: Locale }) {
  const t = useT();
  const money = useStore($money);
  const submit = useStore($submit);
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
            <div className="flex items-center justify-between gap-3 border-t border-[var(--border)] pt-2 text-base">
              <dt className="font-semibold">{t("filing.balanceAfter")}</dt>
              <dd className={`font-bold ${summary.after < 0 ? "text-error-600" : ""}`}>
                <Amount minor={summary.after} currency={summary.currency} locale={locale} testId="filing-after" />
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted text-sm">{t("filing.balanceUnknown")}</p>
        )}
        {summary && summary.short > 0 && submit.status !== "insufficient" && (
          <Notice tone="warning" testId="filing-short">
            {t("filing.shortBefore", { short: formatShort(summary.short, summary.currency, locale) })}
          </Notice>
        )}
        {submit.status === "insufficient" && <Insufficient visa={visa} locale={locale} shortfall={submit.shortfall ?? summary?.short ?? null} currency={summary?.currency ?? visa.currency ?? ""} />}
        {submit.status === "failed" && <Notice testId="filing-failed">{t("filing.failed")}</Notice>}
        <button type="submit" form="filing-form" className={`${PRIMARY} w-full`} disabled={sending} aria-busy={sending || undefined} data-testid="filing-submit">
          <Send size={20} aria-hidden="true" className="flip-rtl" />
          {sending ? t("filing.sending") : money.status === "hidden" ? t("filing.submitStaff") : t("filing.submit")}
        </button>
        <p className="muted text-xs">{money.status === "hidden" ? t("filing.chargeNoteStaff") : t("filing.chargeNote")}</p>
      </section>
    </aside>
  );
}

/** An amount inside a sentence, kept left to right in Arabic and Kurdish. */
const formatShort = (minor: number, currency: string, locale: Locale) => isolateAmount(formatMoney(minor, currency, locale));

/** 402 INSUFFICIENT_BALANCE in words: what happened, by how much, and what to do. Nothing was charged. */
function Insufficient({ locale, shortfall, currency }: { visa: Visa; locale: Locale; shortfall: number | null; currency: string }) {
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

function Form({ visa, locale }: { visa: Visa; locale: Locale }) {
  const t = useT();
  const submit = useStore($submit);
  const travelDate = useStore($values).TravelDate ?? "";

  useEffect(() => {
    // Filed: the request's own page (the header there shows the charged balance).
    if (submit.status === "done") location.assign(`/${locale}/requests/${encodeURIComponent(submit.request._id)}/`);
  }, [submit, locale]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const state = await submitFiling();
    if (state.status === "idle") {
      // Not sent: the first field with a problem gets the focus (its message is tied to it), else the first document.
      requestAnimationFrame(() => {
        const first = document.querySelector<HTMLElement>('#filing-form [aria-invalid="true"], #filing-form [data-status] [data-testid$="-error"]');
        const target = first?.matches("input, textarea") ? first : first?.closest("li")?.querySelector<HTMLElement>("button");
        target?.focus();
      });
    }
  }

  return (
    <div className={LAYOUT} data-testid="filing" data-visa-id={visa._id}>
      <form id="filing-form" className="flex flex-col gap-6" noValidate onSubmit={(event) => void onSubmit(event)}>
        <section className="card flex flex-col gap-1 p-6" aria-labelledby="filing-visa-title">
          <p className="muted text-sm">{localized(visa.country.name, locale)}</p>
          <h2 id="filing-visa-title" className="text-xl font-bold" data-testid="filing-visa-title">{localized(visa.title, locale)}</h2>
          <a className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline dark:text-primary-200" href={`/${locale}/visa/${encodeURIComponent(visa._id)}/details/`}>
            <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
            {t("filing.backToVisa")}
          </a>
        </section>

        {PassportReader && (
          <section className="card flex flex-col gap-3 p-6" aria-labelledby="filing-scan-title" data-testid="passport-slot">
            <h2 id="filing-scan-title" className="flex items-center gap-2 text-lg font-bold">
              <ScanLine size={24} aria-hidden="true" className="text-primary-600" />
              {t("filing.scanPassport")}
            </h2>
            <Suspense fallback={<div className={`${BONE} ${PULSE} h-24 w-full`} aria-busy="true" />}>
              <PassportReader locale={locale} fieldKinds={visa.fields} travelDate={travelDate || undefined} onFill={fillFromPassport} />
            </Suspense>
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
              <ApplicantField key={kind} kind={kind} locale={locale} />
            ))}
          </div>
        </section>

        <Documents visa={visa} locale={locale} />
      </form>
      <Summary visa={visa} locale={locale} />
    </div>
  );
}

function FilingView({ locale }: { locale: Locale }) {
  const t = useT();
  const id = useRouteId();
  const state = useStore($visa);
  useEffect(() => {
    if (id) void startFiling(id);
  }, [id]);
  if (!id || state.status === "loading") return <Skeleton key="loading" />;
  if (state.status === "notFound") {
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
  if (state.status === "error") return <LoadError onRetry={() => void startFiling(id)} />;
  return <Form key={state.data._id} visa={state.data} locale={locale} />;
}

export default withI18n(FilingView);
