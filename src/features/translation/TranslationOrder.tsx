/**
 * /translation (issue 12): the services and languages on offer and the order form — service, from and to language,
 * page count, documents, note — with the price, the balance and the balance after shown before paying (agents only:
 * staff never see money). Documents are uploaded first (the agency's attachments), then one POST legal-translation
 * with the submission's Idempotency-Key creates and charges the order in one go.
 */
import { BadgeCheck, Clock, Languages as LanguagesIcon, Send } from "../../components/ui/icons";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import type { BalanceResponse } from "../../contract/auth";
import type { TranslationLanguage, TranslationOrder as Order, TranslationService } from "../../contract/translation";
import { Button } from "../../components/ui/Button";
import { Field, Select, TextField } from "../../components/ui/Field";
import { Alert, Spinner } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { formatNumber } from "../../components/ui/format";
import { NumberField } from "../../components/ui/NumberInput";
import { parseWholeNumber } from "../../components/ui/numbers";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import type { Locale } from "../../shared/locales";
import { fetchBalance } from "../catalogue/api";
import { balanceMoved, fetchLanguages, fetchServices, placeOrder, seesMoney, uploadAttachment } from "./api";
import { FilePicker, text } from "./ui";

type Errors = Partial<Record<"serviceId" | "fromLanguageId" | "toLanguageId" | "pages" | "documents" | "note", string>>;

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

/**
 * `maxPages` is the contract's MAX_PAGES, passed by the page: the contract module (zod and its schemas, ~27 kB gzip)
 * loads only when an order is first checked (issue 9).
 */
function TranslationOrder({ locale, maxPages }: { locale: Locale; maxPages: number }) {
  const t = useT();
  const [services, setServices] = useState<TranslationService[] | null>(null);
  const [languages, setLanguages] = useState<TranslationLanguage[]>([]);
  const [balance, setBalance] = useState<BalanceResponse | null>(null);
  const [money, setMoney] = useState(false);
  const [failed, setFailed] = useState(false);

  const [serviceId, setServiceId] = useState("");
  const [fromId, setFromId] = useState("");
  const [toId, setToId] = useState("");
  const [pages, setPages] = useState("1");
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [placed, setPlaced] = useState<Order | null>(null);
  // One key per submission: a retry after a lost answer is the same order, never a second charge.
  const key = useRef(newKey());
  const fileInput = useRef<HTMLInputElement>(null);

  async function load() {
    setFailed(false);
    const withMoney = seesMoney();
    setMoney(withMoney);
    try {
      const [s, l, b] = await Promise.all([fetchServices(), fetchLanguages(), withMoney ? fetchBalance() : Promise.resolve(null)]);
      setServices(s);
      setLanguages(l);
      setBalance(b);
      const wanted = new URLSearchParams(location.search).get("service");
      if (wanted && s.some((x) => x._id === wanted)) setServiceId(wanted);
    } catch {
      setFailed(true);
    }
  }
  useEffect(() => void load(), []);

  const service = services?.find((s) => s._id === serviceId);
  const pageCount = parseWholeNumber(pages).value ?? NaN;
  const price = service?.pricePerPage !== undefined && Number.isInteger(pageCount) && pageCount > 0 ? service.pricePerPage * pageCount : null;
  const after = balance && price !== null ? balance.balance - price : null;
  const options = useMemo(() => (service?.languageList ?? []).map((l) => ({ value: l._id, label: text(l.name, locale) })), [service, locale]);

  function choose(id: string) {
    setServiceId(id);
    setFromId("");
    setToId("");
    setErrors({});
    key.current = newKey();
    document.getElementById("order-form")?.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  function changed<T>(set: (v: T) => void) {
    return (v: T) => {
      set(v);
      key.current = newKey();
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { serviceId, fromLanguageId: fromId, toLanguageId: toId, pages: Number.isNaN(pageCount) ? pages : pageCount, note: note.trim() || undefined };
    const { orderInput } = await import("../../contract/translation");
    const parsed = orderInput.safeParse({ ...input, documents: [] });
    const next: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Errors;
        next[field] ??= t(issue.message.startsWith("validation.") ? issue.message : "validation.invalid");
      }
    }
    if (!serviceId) next.serviceId = t("validation.required");
    if (files.length === 0) next.documents = t("translation.documentsRequired");
    setErrors(next);
    if (Object.keys(next).length) return;
    setPending(true);
    try {
      const attachments = [];
      for (const file of files) attachments.push(await uploadAttachment(file));
      const order = await placeOrder({ ...parsed.data!, documents: attachments.map((a) => a._id) }, key.current);
      setPlaced(order);
      if (balance && order.price !== undefined) {
        setBalance({ ...balance, balance: balance.balance - order.price });
        balanceMoved();
      }
      toast.success(t("translation.placed", { reference: order.reference }));
      key.current = newKey();
      setFiles([]);
      setNote("");
      if (fileInput.current) fileInput.current.value = "";
    } catch {
      // The client has shown the API's message (402 names the shortfall).
    } finally {
      setPending(false);
    }
  }

  if (failed) return <Alert action={<Button size="sm" onClick={() => void load()}>{t("translation.retry")}</Button>}>{t("translation.loadFailed")}</Alert>;
  if (!services) return <Spinner label={t("translation.loading")} />;

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
                <Button size="sm" variant={s._id === serviceId ? "primary" : "outline"} onClick={() => choose(s._id)} aria-pressed={s._id === serviceId}>
                  {t("translation.choose")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <section aria-labelledby="languages-title" className="card p-5">
          <h2 id="languages-title" className="mb-2 font-semibold">{t("translation.languages")}</h2>
          <ul className="flex flex-wrap gap-2">
            {languages.map((l) => (
              <li key={l._id} className="rounded-full border border-[var(--border)] px-3 py-1 text-sm">
                {text(l.name, locale)} <span className="muted font-mono text-xs" dir="ltr">{l.code}</span>
              </li>
            ))}
          </ul>
        </section>
      </section>

      <form id="order-form" onSubmit={(e) => void submit(e)} noValidate className="card flex flex-col gap-4 self-start p-5" aria-labelledby="order-title" data-testid="order-form">
        <h2 id="order-title" className="text-lg font-semibold">{t("translation.orderTitle")}</h2>
        <Select
          label={t("translation.service")} value={serviceId} onValue={(v) => choose(v)} required placeholder={t("translation.chooseService")}
          options={services.map((s) => ({ value: s._id, label: text(s.name, locale) }))} error={errors.serviceId} testId="order-service"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label={t("translation.from")} value={fromId} onValue={changed(setFromId)} options={options} placeholder={t("translation.chooseLanguage")} required disabled={!service} error={errors.fromLanguageId} testId="order-from" />
          <Select label={t("translation.to")} value={toId} onValue={changed(setToId)} options={options} placeholder={t("translation.chooseLanguage")} required disabled={!service} error={errors.toLanguageId} testId="order-to" />
        </div>
        <NumberField
          kind="whole" label={t("translation.pages")} value={pages} onValue={changed(setPages)} locale={locale} required
          hint={t("translation.pagesHint", { max: formatNumber(maxPages, locale) })} error={errors.pages} testId="order-pages"
        />
        <Field label={t("translation.documents")} hint={t("translation.documentsHint")} error={errors.documents} required>
          <FilePicker
            ref={fileInput} testId="order-files"
            onFiles={(chosen) => {
              setFiles(chosen);
              key.current = newKey();
            }}
          />
        </Field>
        <TextField label={t("translation.note")} value={note} onValue={changed(setNote)} rows={2} error={errors.note} testId="order-note" />

        {money && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-2xl bg-[color-mix(in_srgb,var(--text)_4%,transparent)] p-4 text-sm" data-testid="order-summary">
            <dt>{t("translation.price")}</dt>
            <dd className="text-end font-semibold" data-testid="order-price">
              {price !== null && service?.currency ? <Money minor={price} currency={service.currency} /> : "—"}
            </dd>
            <dt>{t("translation.balance")}</dt>
            <dd className="text-end" data-testid="order-balance">{balance ? <Money minor={balance.balance} currency={balance.currency} /> : "—"}</dd>
            <dt className="font-semibold">{t("translation.balanceAfter")}</dt>
            <dd className={`text-end font-semibold ${after !== null && after < 0 ? "text-error-600" : ""}`} data-testid="order-balance-after">
              {after !== null && balance ? <Money minor={after} currency={balance.currency} /> : "—"}
            </dd>
          </dl>
        )}
        {money && after !== null && after < 0 && <Alert tone="warning">{t("translation.short")}</Alert>}
        <Button type="submit" variant="primary" icon={Send} pending={pending} disabled={pending || (after !== null && after < 0)} data-testid="order-submit">
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
}

export default withI18n(TranslationOrder);
