/**
 * /translation as the agency sees it: the services and languages on offer and the order form — service, from and to
 * language, page count, documents, note — with the price, the balance and the balance after (agents only: staff
 * never see money). Drawn by the edge for the address's service (functions/edge/views/translation.tsx) and by the
 * island (TranslationOrder.tsx), which brings what the controls do (`actions`); until it is there (`live`) the form
 * cannot be sent, not even with Enter: it pays.
 */
import { BadgeCheck, Clock, Languages as LanguagesIcon, Send } from "../../components/ui/icons";
import { forwardRef, useMemo, type FormEvent } from "react";
import type { BalanceResponse } from "../../contract/auth";
import type { TranslationLanguage, TranslationOrder as Order, TranslationService } from "../../contract/translation";
import { Button } from "../../components/ui/Button";
import { Field, Select, TextField } from "../../components/ui/Field";
import { Alert, Spinner } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { chargeOutlook, creditShown } from "../../shared/credit";
import { OnCreditNote } from "../wallet/OnCreditNote";
import { formatNumber } from "../../components/ui/format";
import { NumberField } from "../../components/ui/NumberInput";
import { parseWholeNumber } from "../../components/ui/numbers";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { FilePicker, text } from "./parts";

export type OrderErrors = Partial<Record<"serviceId" | "fromLanguageId" | "toLanguageId" | "pages" | "documents" | "note", string>>;

export interface OrderFormValues {
  serviceId: string;
  fromId: string;
  toId: string;
  /** The page count as typed (any digits). */
  pages: string;
  note: string;
}

/** The form before anything is typed: the service the address names (?service=), when it is on offer. */
export function initialOrderValues(services: readonly TranslationService[], search: string): OrderFormValues {
  const wanted = new URLSearchParams(search).get("service");
  return { serviceId: wanted && services.some((s) => s._id === wanted) ? wanted : "", fromId: "", toId: "", pages: "1", note: "" };
}

export type OrderFormState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; services: readonly TranslationService[]; languages: readonly TranslationLanguage[] };

export interface OrderFormActions {
  choose(serviceId: string): void;
  from(id: string): void;
  to(id: string): void;
  pages(text: string): void;
  files(files: File[]): void;
  note(text: string): void;
  submit(): void;
  retry(): void;
}

const idle = () => {};
const NO_ACTIONS: OrderFormActions = { choose: idle, from: idle, to: idle, pages: idle, files: idle, note: idle, submit: idle, retry: idle };

interface Props {
  locale: Locale;
  maxPages: number;
  state: OrderFormState;
  values: OrderFormValues;
  /** The viewer sees money (an agent, not staff): the price, the balance and the balance after are shown. */
  money: boolean;
  balance: BalanceResponse | null;
  errors?: OrderErrors;
  pending?: boolean;
  placed?: Order | null;
  /** The island is there: the form can be sent. */
  live?: boolean;
  actions?: OrderFormActions;
}

/** `ref` is the file input (the island empties it once the order is placed). */
export const TranslationOrderView = forwardRef<HTMLInputElement, Props>(function TranslationOrderView(
  { locale, maxPages, state, values, money, balance, errors = {}, pending = false, placed = null, live = false, actions = NO_ACTIONS },
  fileInput,
) {
  const t = useT();
  const services = state.status === "ready" ? state.services : null;
  const { serviceId, fromId, toId, pages, note } = values;
  const service = services?.find((s) => s._id === serviceId);
  const pageCount = parseWholeNumber(pages).value ?? NaN;
  const price = service?.pricePerPage !== undefined && Number.isInteger(pageCount) && pageCount > 0 ? service.pricePerPage * pageCount : null;
  // With a credit line (issue 30) the order may take the balance below zero, down to the available amount.
  const outlook = balance && price !== null ? chargeOutlook(balance.balance, price, balance.credit) : null;
  const after = outlook?.after ?? null;
  const short = outlook !== null && outlook.short > 0;
  const options = useMemo(() => (service?.languageList ?? []).map((l) => ({ value: l._id, label: text(l.name, locale) })), [service, locale]);

  if (state.status === "failed") return <Alert action={<Button size="sm" onClick={actions.retry}>{t("translation.retry")}</Button>}>{t("translation.loadFailed")}</Alert>;
  // aria-busy: the island takes the drawn form over only once its services are there (src/lib/edge-view-mount.tsx).
  if (state.status === "loading" || !services) return <div aria-busy="true"><Spinner label={t("translation.loading")} /></div>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (live) actions.submit();
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <section aria-labelledby="services-title" className="flex flex-col gap-4">
        <h2 id="services-title" className="text-lg font-semibold">{t("translation.services")}</h2>
        {services.length === 0 && <p className="muted">{t("translation.noServices")}</p>}
        <ul className="grid gap-4 sm:grid-cols-2">
          {services.map((s) => (
            <li key={s._id} className={`card flex flex-col gap-3 p-5 ${s._id === serviceId ? "ring-2 ring-primary-500" : ""}`} data-testid="service-card">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold">{text(s.name, locale)}</h3>
                {s.certified && (
                  <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-success-600/12 px-2.5 py-0.5 text-xs font-semibold text-success-600">
                    <BadgeCheck size={14} aria-hidden="true" />
                    {t("translation.kind.legal")}
                  </span>
                )}
              </div>
              {text(s.description, locale) && <p className="muted text-sm">{text(s.description, locale)}</p>}
              <p className="flex items-center gap-1.5 text-sm">
                <Clock size={16} aria-hidden="true" className="text-primary-600" />
                {t("translation.turnaround", { count: s.turnaroundDays, days: formatNumber(s.turnaroundDays, locale) })}
              </p>
              <p className="flex items-start gap-1.5 text-sm">
                <LanguagesIcon size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-primary-600" />
                <span>{s.languageList.map((l) => text(l.name, locale)).join(locale === "en" ? ", " : "، ")}</span>
              </p>
              <div className="mt-auto flex items-center justify-between gap-2">
                {s.pricePerPage !== undefined && s.currency ? (
                  <p className="text-sm">
                    {t("translation.perPage")}{" "}
                    <Money minor={s.pricePerPage} currency={s.currency} className="font-semibold" />
                  </p>
                ) : <span />}
                <Button size="sm" variant={s._id === serviceId ? "primary" : "outline"} onClick={() => actions.choose(s._id)} aria-pressed={s._id === serviceId}>
                  {t("translation.choose")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <section aria-labelledby="languages-title" className="card p-5">
          <h2 id="languages-title" className="mb-2 font-semibold">{t("translation.languages")}</h2>
          <ul className="flex flex-wrap gap-2">
            {(state.status === "ready" ? state.languages : []).map((l) => (
              <li key={l._id} className="rounded-full border border-[var(--border)] px-3 py-1 text-sm">
                {text(l.name, locale)}
              </li>
            ))}
          </ul>
        </section>
      </section>

      <form id="order-form" onSubmit={submit} noValidate className="card flex flex-col gap-4 self-start p-5" aria-labelledby="order-title" data-testid="order-form">
        <h2 id="order-title" className="text-lg font-semibold">{t("translation.orderTitle")}</h2>
        <Select
          label={t("translation.service")} value={serviceId} onValue={actions.choose} required placeholder={t("translation.chooseService")}
          options={services.map((s) => ({ value: s._id, label: text(s.name, locale) }))} error={errors.serviceId} testId="order-service"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label={t("translation.from")} value={fromId} onValue={actions.from} options={options} placeholder={t("translation.chooseLanguage")} required disabled={!service} error={errors.fromLanguageId} testId="order-from" />
          <Select label={t("translation.to")} value={toId} onValue={actions.to} options={options} placeholder={t("translation.chooseLanguage")} required disabled={!service} error={errors.toLanguageId} testId="order-to" />
        </div>
        <NumberField
          kind="whole" label={t("translation.pages")} value={pages} onValue={actions.pages} locale={locale} required
          hint={t("translation.pagesHint", { max: formatNumber(maxPages, locale) })} error={errors.pages} testId="order-pages"
        />
        <Field label={t("translation.documents")} hint={t("translation.documentsHint")} error={errors.documents} required>
          <FilePicker ref={fileInput} testId="order-files" onFiles={actions.files} />
        </Field>
        <TextField label={t("translation.note")} value={note} onValue={actions.note} rows={2} error={errors.note} testId="order-note" />

        {money && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-2xl bg-[color-mix(in_srgb,var(--text)_4%,transparent)] p-4 text-sm" data-testid="order-summary">
            <dt>{t("translation.price")}</dt>
            <dd className="text-end font-semibold" data-testid="order-price">
              {price !== null && service?.currency ? <Money minor={price} currency={service.currency} /> : "—"}
            </dd>
            <dt>{t("translation.balance")}</dt>
            <dd className="text-end" data-testid="order-balance">{balance ? <Money minor={balance.balance} currency={balance.currency} /> : "—"}</dd>
            {balance && creditShown(balance.credit) && (
              <>
                <dt>{t("credit.available")}</dt>
                <dd className="text-end" data-testid="order-available"><Money minor={balance.credit.available} currency={balance.currency} /></dd>
              </>
            )}
            <dt className="font-semibold">{t("translation.balanceAfter")}</dt>
            <dd className={`text-end font-semibold ${short ? "text-error-600" : ""}`} data-testid="order-balance-after">
              {after !== null && balance ? <Money minor={after} currency={balance.currency} /> : "—"}
            </dd>
          </dl>
        )}
        {money && balance && outlook && <OnCreditNote owedAfter={outlook.owedAfter} short={outlook.short} currency={balance.currency} locale={locale} />}
        {money && short && <Alert tone="warning">{t("translation.short")}</Alert>}
        <Button type="submit" variant="primary" icon={Send} pending={pending} disabled={!live || pending || short} data-testid="order-submit">
          {money && price !== null && service?.currency ? t("translation.payAndOrder") : t("translation.order")}
        </Button>
        {placed && (
          <Alert tone="info" testId="order-placed">
            {t("translation.placed", { reference: placed.reference })}{" "}
            <a className="font-semibold underline" href={`/${locale}/translation/requests/`}>{t("translation.seeOrders")}</a>
          </Alert>
        )}
      </form>
    </div>
  );
});
