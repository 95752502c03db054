/**
 * One visa request as the agency sees it (/requests/{id}): status and what it means, the reason and the missing
 * documents when the visa office asks for something, the re-upload or correction form then, the applicant's values,
 * the documents (sent and results), the history as a timeline, cancel where allowed, and print. Drawn by the edge
 * from the agency's own answer (functions/edge/views/requests.tsx) and by the island (RequestDetails.tsx).
 */
import { SellingPrice } from "../wallet/SellingPrice";
import { ArrowLeft, Ban, Download, Eye, FileText, History, Printer, Send, UserRound } from "../../components/ui/icons";
import { DateField } from "../../components/ui/DateField";
import { useId, type ReactNode } from "react";
import type { FieldKind } from "../../contract/catalogue";
import type { RequestDocument, VisaRequest } from "../../contract/requests";
import { formatFileSize } from "../../components/ui/format";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { FIELD_INPUT, FIELD_LABEL } from "./fields";
import { FileSlot } from "./FileSlot";
import { ShareStatus, type ShareLive } from "./ShareStatus";
import { canCancel, reuploadTargets, type ChosenFile, type FixState, type RequestState } from "./request-rules";
import { STATUS_HINT, needsAgency } from "./status";
import { Amount, BONE, BUTTON, LoadError, Notice, PRIMARY, PULSE, Progress, StatusChip, dateOnly, dateTime, problemText } from "./ui";

/** What the agency does on the page (the island's store actions). */
export interface DetailsActions {
  chooseFile(requirementId: string, file: File): void;
  unchooseFile(requirementId: string): void;
  correct(kind: FieldKind, value: string): void;
  sendFix(): void;
  openDocument(document: { url: string; name: string }, mode: "view" | "download"): void;
  cancel(): void;
}

/** The island's side of the page: what its store holds, its actions, and the cancel dialog when open. */
export interface DetailsLive {
  chosen: Record<string, ChosenFile>;
  corrections: Record<string, string>;
  errors: Partial<Record<string, string>>;
  fix: FixState;
  actions: DetailsActions;
  dialog?: ReactNode;
  /** The traveller's status link's calls (share-link.ts). */
  share?: ShareLive;
  /** Saves the agency's selling price (issue 30). */
  sellingPrice?: (minor: number | null) => Promise<boolean>;
}

const idle = () => {};
/** Drawn by the edge: nothing chosen or typed yet, and no action (the island brings them). */
const DRAWN: DetailsLive = {
  chosen: {}, corrections: {}, errors: {}, fix: { status: "idle" },
  actions: { chooseFile: idle, unchooseFile: idle, correct: idle, sendFix: idle, openDocument: idle, cancel: idle },
};

const LAYOUT = "grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start";
const localized = (text: { en: string; ar: string; ku: string } | undefined, locale: Locale) => text?.[locale] || text?.en || "";

/** Message keys of the history's actions (literal, so the locale test sees them). */
const ACTION_LABEL: Record<string, string> = {
  filed: "requests.history.filed",
  status: "requests.history.status",
  documents: "requests.history.documents",
  fields: "requests.history.fields",
  result: "requests.history.result",
  resultRemoved: "requests.history.resultRemoved",
};

export function Skeleton() {
  return (
    <div className={`${LAYOUT} ${PULSE}`} aria-busy="true" data-testid="request-skeleton">
      <div className="flex flex-col gap-6">
        <div className="card flex h-44 flex-col gap-3 p-6">
          <div className={`${BONE} h-4 w-32`} />
          <div className={`${BONE} h-8 w-56`} />
          <div className={`${BONE} h-4 w-full`} />
          <div className={`${BONE} h-6 w-28 rounded-full`} />
        </div>
        <div className="card grid h-56 gap-4 p-6 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="flex flex-col gap-2">
              <div className={`${BONE} h-3 w-24`} />
              <div className={`${BONE} h-5 w-40`} />
            </div>
          ))}
        </div>
      </div>
      <div className="card flex h-80 flex-col gap-4 p-6">
        <div className={`${BONE} h-5 w-28`} />
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className={`${BONE} h-10 w-full`} />
        ))}
      </div>
    </div>
  );
}

function Header({ request, locale, timeZone, onCancel, saveSellingPrice }: { request: VisaRequest; locale: Locale; timeZone?: string; onCancel: () => void; saveSellingPrice?: (minor: number | null) => Promise<boolean> }) {
  const t = useT();
  return (
    <section className="card flex flex-col gap-3 p-6" aria-labelledby="request-reference" data-testid="request-header">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="muted text-sm">{localized(request.visa.country.name, locale)}</p>
          <h2 className="text-xl font-bold">{localized(request.visa.title, locale)}</h2>
          <p className="mt-1 font-mono text-sm" id="request-reference" data-testid="request-reference">
            <bdi>{request.reference}</bdi>
          </p>
        </div>
        <StatusChip status={request.status} className="text-sm!" />
      </div>
      <p className="text-sm" data-testid="request-status-hint">{t(STATUS_HINT[request.status])}</p>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="muted">{t("requests.filedOn")}</dt>
          <dd>{dateTime(request.createdAt, locale, timeZone)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="muted">{t("requests.filedBy")}</dt>
          <dd dir="auto">{request.filedBy.name}</dd>
        </div>
        {request.price !== undefined && request.currency && (
          <div className="flex gap-2">
            <dt className="muted">{t("requests.price")}</dt>
            <dd><Amount minor={request.price} currency={request.currency} locale={locale} testId="request-price" /></dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-2 pt-1">
        <a className={`${BUTTON} min-h-9! px-3.5! text-sm`} href={`/${locale}/print/?kind=visa&id=${encodeURIComponent(request._id)}`} data-testid="request-print">
          <Printer size={18} aria-hidden="true" />
          {t("requests.print")}
        </a>
        {/* The traveller's receipt from the agency (issue 30): a PDF in the page's language, A4 or phone size. */}
        {!(request.status === "Canceled" || (request.status === "Rejected" && !request.paid)) && (["a4", "phone"] as const).map((layout) => (
          <a key={layout} className={`${BUTTON} min-h-9! px-3.5! text-sm`} href={`/api/requests/${encodeURIComponent(request._id)}/receipt/${layout}?lang=${locale}`} target="_blank" rel="noopener" data-testid={`request-receipt-${layout}`}>
            <Printer size={18} aria-hidden="true" />
            {t(layout === "a4" ? "requests.receiptA4" : "requests.receiptPhone")}
          </a>
        ))}
        {canCancel(request) && (
          <button type="button" className={`${BUTTON} min-h-9! px-3.5! text-sm border-error-600! text-error-600!`} onClick={onCancel} data-testid="request-cancel">
            <Ban size={18} aria-hidden="true" />
            {t("requests.cancel.button")}
          </button>
        )}
      </div>
      {/* The agency's own price to the traveller (issue 30): only for those who see money, while a receipt exists. */}
      {request.price !== undefined && !(request.status === "Canceled" || (request.status === "Rejected" && !request.paid)) && (
        <SellingPrice value={request.sellingPrice} currency={request.currency ?? "USD"} locale={locale} save={saveSellingPrice} />
      )}
    </section>
  );
}

function Reason({ request, locale }: { request: VisaRequest; locale: Locale }) {
  const t = useT();
  if (!request.reason && request.missingDocuments.length === 0) return null;
  const tone = request.status === "Rejected" ? "error" : needsAgency(request.status) ? "warning" : "info";
  return (
    <Notice tone={tone} testId="request-reason">
      <p className="font-semibold">{t("requests.reasonTitle")}</p>
      {request.reason && (
        <p className="mt-1 whitespace-pre-line" dir="auto" data-testid="request-reason-text">{request.reason}</p>
      )}
      {request.missingDocuments.length > 0 && (
        <>
          <p className="mt-2 font-semibold">{t("requests.missingTitle")}</p>
          <ul className="mt-1 list-disc ps-5" data-testid="missing-documents">
            {request.missingDocuments.map((doc) => (
              <li key={doc._id} data-testid="missing-document">{localized(doc.name, locale)}</li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}

function Fix({ request, locale, live }: { request: VisaRequest; locale: Locale; live: DetailsLive | undefined }) {
  const t = useT();
  const { chosen, corrections, errors, fix, actions } = live ?? DRAWN;
  const { chooseFile, unchooseFile, correct, sendFix } = actions;
  const id = useId();
  const targets = reuploadTargets(request);
  const sending = fix.status === "sending";
  const kinds = Object.keys(request.fields) as FieldKind[];
  return (
    <section className="card flex flex-col gap-4 p-6" aria-labelledby={`${id}-title`} data-testid="request-fix">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {request.status === "DocumentNeeded" ? t("requests.fix.titleDocuments") : t("requests.fix.titleCorrection")}
        </h2>
        <p className="muted text-sm">{t("requests.fix.hint")}</p>
      </div>
      {targets.length > 0 && (
        <ul className="flex flex-col gap-3">
          {targets.map((target) => {
            const slot = chosen[target._id];
            return (
              <FileSlot
                key={target._id}
                label={localized(target.name, locale)}
                description={target.asked ? t("requests.fix.asked") : undefined}
                highlighted={target.asked}
                slot={slot ? { status: slot.status, fileName: slot.fileName, problem: slot.problem } : { status: "empty" }}
                locale={locale}
                onChoose={(file) => chooseFile(target._id, file)}
                onRemove={() => unchooseFile(target._id)}
                testId={`reupload-${target._id}`}
              />
            );
          })}
        </ul>
      )}
      {request.status === "CorrectionNeeded" && kinds.length > 0 && (
        <fieldset className="grid gap-4 md:grid-cols-2" data-testid="request-corrections">
          <legend className="mb-2 font-semibold">{t("requests.fix.values")}</legend>
          {kinds.map((kind) => {
            const inputId = `${id}-${kind}`;
            const error = errors[kind];
            const type = FIELD_INPUT[kind];
            const value = corrections[kind] ?? request.fields[kind] ?? "";
            return (
              <div key={kind} className={`flex flex-col gap-1 ${type === "textarea" ? "md:col-span-2" : ""}`}>
                <label htmlFor={inputId} className="text-sm font-medium">{t(FIELD_LABEL[kind])}</label>
                {type === "date" ? (
                  <DateField id={inputId} label={t(FIELD_LABEL[kind])} value={value} invalid={Boolean(error)} describedBy={error ? `${inputId}-error` : undefined} onValue={(iso) => correct(kind, iso)} testId={`correct-${kind}`} />
                ) : type === "textarea" ? (
                  <textarea id={inputId} rows={3} className="field rounded-2xl! py-2" value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} onChange={(event) => correct(kind, event.target.value)} data-testid={`correct-${kind}`} />
                ) : (
                  <input id={inputId} type={type} dir={kind === "PassportNumber" || kind === "Email" ? "ltr" : undefined} className={`field ${error ? "border-error-600!" : ""}`} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} onChange={(event) => correct(kind, event.target.value)} data-testid={`correct-${kind}`} />
                )}
                {error && <p id={`${inputId}-error`} className="px-1 text-sm text-error-600">{t(error)}</p>}
              </div>
            );
          })}
        </fieldset>
      )}
      {sending && <Progress value={fix.progress} label={t("requests.fix.sending")} testId="fix-progress" />}
      {fix.status === "failed" && <Notice testId="fix-failed">{problemText(t, fix.problem)}</Notice>}
      <div>
        {/* Drawn by the edge, the form cannot send (its files and values go by fetch): the island enables it. */}
        <button type="button" className={PRIMARY} disabled={sending || !live} aria-busy={sending || undefined} onClick={() => sendFix()} data-testid="fix-submit">
          <Send size={20} aria-hidden="true" className="flip-rtl" />
          {sending ? t("requests.fix.sending") : t("requests.fix.submit")}
        </button>
      </div>
    </section>
  );
}

function Applicant({ request, locale }: { request: VisaRequest; locale: Locale }) {
  const t = useT();
  const kinds = Object.keys(request.fields) as FieldKind[];
  return (
    <section className="card flex flex-col gap-4 p-6" aria-labelledby="request-applicant-title" data-testid="request-applicant">
      <h2 id="request-applicant-title" className="flex items-center gap-2 text-lg font-bold">
        <UserRound size={24} aria-hidden="true" className="text-primary-600" />
        {t("requests.applicant")}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 md:grid-cols-2">
        {kinds.map((kind) => {
          const value = request.fields[kind] ?? "";
          const date = FIELD_INPUT[kind] === "date" && value;
          return (
            <div key={kind} className={FIELD_INPUT[kind] === "textarea" ? "md:col-span-2" : ""}>
              <dt className="muted text-xs">{t(FIELD_LABEL[kind])}</dt>
              <dd className="font-medium break-words" data-testid={`value-${kind}`}>
                {/* Isolated, so a Latin passport number keeps the line's alignment in Arabic and Kurdish. */}
                <bdi dir={kind === "PassportNumber" || kind === "Email" ? "ltr" : "auto"}>{date ? dateOnly(`${value}T00:00:00Z`, locale) : value || "—"}</bdi>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function DocumentList({ title, documents, locale, timeZone, testId, openDocument }: { title: string; documents: RequestDocument[]; locale: Locale; timeZone?: string; testId: string; openDocument: DetailsActions["openDocument"] }) {
  const t = useT();
  return (
    <section className="card flex flex-col gap-3 p-6" aria-label={title} data-testid={testId}>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <FileText size={24} aria-hidden="true" className="text-primary-600" />
        {title}
      </h2>
      {documents.length === 0 ? (
        <p className="muted text-sm">{testId === "result-documents" ? t("requests.noResults") : t("requests.noDocuments")}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {documents.map((doc) => (
            <li key={doc._id} className="flex flex-wrap items-center gap-2 rounded-xl border border-[var(--border)] p-3" data-testid="document" data-kind={doc.kind}>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" dir="auto">{doc.requirementName ? localized(doc.requirementName, locale) : doc.name}</p>
                <p className="muted truncate text-xs">
                  {/* Each piece isolated: a Latin file name between Arabic dates must not reorder the line. */}
                  <bdi dir="auto">{doc.name}</bdi> · <bdi>{formatFileSize(doc.size, locale)}</bdi> · <bdi>{dateOnly(doc.createdAt, locale, timeZone)}</bdi>
                </p>
              </div>
              <button type="button" className="btn-icon size-9!" onClick={() => openDocument(doc, "view")} aria-label={t("requests.view", { name: doc.name })} data-testid="document-view">
                <Eye size={18} aria-hidden="true" />
              </button>
              <button type="button" className="btn-icon size-9!" onClick={() => openDocument(doc, "download")} aria-label={t("requests.download", { name: doc.name })} data-testid="document-download">
                <Download size={18} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Timeline({ request, locale, timeZone }: { request: VisaRequest; locale: Locale; timeZone?: string }) {
  const t = useT();
  const entries = [...request.history].reverse();
  return (
    <section className="card flex flex-col gap-3 p-6" aria-labelledby="request-history-title" data-testid="request-history">
      <h2 id="request-history-title" className="flex items-center gap-2 text-lg font-bold">
        <History size={24} aria-hidden="true" className="text-primary-600" />
        {t("requests.historyTitle")}
      </h2>
      <ol className="relative flex flex-col gap-4 border-s-2 border-[var(--border)] ps-5">
        {entries.map((entry, i) => (
          <li key={`${entry.at}-${i}`} className="relative" data-testid="history-entry" data-to={entry.to}>
            <span aria-hidden="true" className="absolute -start-[1.72rem] top-1 size-3 rounded-full border-2 border-[var(--surface)] bg-primary-500" />
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <StatusChip status={entry.to} />
              <span className="font-medium">{t(ACTION_LABEL[entry.action] ?? "requests.history.status")}</span>
            </p>
            <p className="muted mt-1 text-xs">
              <time dateTime={entry.at}>{dateTime(entry.at, locale, timeZone)}</time> · <bdi>{entry.by.name}</bdi>
            </p>
            {entry.reason && <p className="mt-1 text-sm whitespace-pre-line" dir="auto">{entry.reason}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Details({ request, locale, timeZone, live }: { request: VisaRequest; locale: Locale; timeZone?: string; live: DetailsLive | undefined }) {
  const t = useT();
  const { openDocument, cancel } = (live ?? DRAWN).actions;
  const uploads = request.documents.filter((doc) => doc.kind === "upload");
  const results = request.documents.filter((doc) => doc.kind === "result");
  return (
    <div className={LAYOUT} data-testid="request-details" data-status={request.status}>
      <div className="flex flex-col gap-6">
        <Header request={request} locale={locale} timeZone={timeZone} onCancel={cancel} saveSellingPrice={live?.sellingPrice} />
        <Reason request={request} locale={locale} />
        {request.canUpdate && <Fix request={request} locale={locale} live={live} />}
        {results.length > 0 && <DocumentList title={t("requests.results")} documents={results} locale={locale} timeZone={timeZone} testId="result-documents" openDocument={openDocument} />}
        <Applicant request={request} locale={locale} />
        <DocumentList title={t("requests.documents")} documents={uploads} locale={locale} timeZone={timeZone} testId="uploaded-documents" openDocument={openDocument} />
      </div>
      <div className="flex flex-col gap-6 lg:sticky lg:top-20">
        <Timeline request={request} locale={locale} timeZone={timeZone} />
        <ShareStatus locale={locale} live={live?.share} />
        <a className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline dark:text-primary-200" href={`/${locale}/requests/`}>
          <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
          {t("requests.backToList")}
        </a>
      </div>
      {live?.dialog}
    </div>
  );
}

/**
 * The request page from the request's state. `live` is the island's (its store's values and actions, and the cancel
 * dialog); without it (drawn by the edge) the buttons wait for the island and the fix form cannot be sent.
 */
/**
 * The request was filed just now (the filing form came here with ?filed): what was paid and the balance after it,
 * for an agency (null for staff, who see no money, or when the balance could not be read).
 */
export interface FiledNow {
  balance: { balance: number; currency: string } | null;
}

/**
 * The request was filed just now: the address says so (the filing form's way here), or the page already shows the
 * confirmation (the page's script takes ?filed out of the address, so a reload shows the request alone).
 */
export const filedNow = (search: string, page?: { querySelector(selector: string): unknown }) => new URLSearchParams(search).has("filed") || Boolean(page?.querySelector("[data-filed-now]"));

export function RequestDetailsBody({ state, locale, timeZone, live, onRetry, filed }: {
  state: RequestState;
  locale: Locale;
  timeZone?: string;
  live?: DetailsLive;
  onRetry?: () => void;
  filed?: FiledNow | null;
}) {
  const t = useT();
  if (state.status === "loading") return <Skeleton key="loading" />;
  if (state.status === "notFound") {
    return (
      <section className="card flex flex-col items-center gap-3 p-10 text-center" role="alert" data-testid="request-not-found">
        <h2 className="text-xl font-bold">{t("requests.notFound")}</h2>
        <p className="muted max-w-md">{t("requests.notFoundHint")}</p>
        <a className="btn mt-2" href={`/${locale}/requests/`}>
          <ArrowLeft size={24} aria-hidden="true" className="flip-rtl" />
          {t("requests.backToList")}
        </a>
      </section>
    );
  }
  if (state.status === "error") return <LoadError onRetry={onRetry ?? idle} />;
  return (
    <>
      {filed && <FiledNotice request={state.data} filed={filed} locale={locale} />}
      <Details key={state.data._id} request={state.data} locale={locale} timeZone={timeZone} live={live} />
    </>
  );
}

/** The confirmation after paying for a visa (issue 26 item 4): the reference, the price paid, the balance now. */
function FiledNotice({ request, filed, locale }: { request: VisaRequest; filed: FiledNow; locale: Locale }) {
  const t = useT();
  const paid = request.price !== undefined && request.currency && filed.balance;
  return (
    <div className="mb-4" data-filed-now>
      <Notice tone="success" testId="request-filed">
        <p className="font-semibold">
          {t("requests.filedNow.title")} <bdi dir="ltr" className="font-mono" data-latin>{request.reference}</bdi>
        </p>
        {paid && (
          <p data-testid="request-filed-money">
            {t("requests.filedNow.paid")} <Amount minor={request.price!} currency={request.currency!} locale={locale} testId="request-filed-price" />
            {" · "}
            {t("requests.filedNow.balance")} <Amount minor={filed.balance!.balance} currency={filed.balance!.currency} locale={locale} testId="request-filed-balance" />
          </p>
        )}
        <p>{t("requests.filedNow.next")}</p>
      </Notice>
    </div>
  );
}
