/**
 * /admin/requests/{id} as it looks (issue 32: hydrated at load, the page's 97 kB island blocked a phone's main thread
 * for 0.3-2.5 s): the request, the applicant's fields, the agency's documents, the result documents, the history and
 * the status moves, from props only. The edge draws it from the admin's own answer (requests/one-by-admin/{id};
 * src/admin/edge-pages.ts) with no handlers: its buttons are plain buttons until the island (RequestDetailPage) takes
 * the view over, which makes a press made meanwhile again on its own button (src/lib/edge-view-press.ts). The island
 * passes `live`: the store's actions and the dialogs.
 *
 * Worker-safe imports only (the edge bundles this file): single ui components and generated icons, never the ui
 * barrel (it brings Headless UI's dialogs) nor the stores.
 */
import { useRef, type ReactNode } from "react";
import { ArrowLeft, Download, Eye, FileUp, Printer, RotateCw, Trash2 } from "../../components/ui/icons";
import { Button, IconButton, buttonClass } from "../../components/ui/Button";
import { Alert, EmptyState, ProgressBar, Skeleton } from "../../components/ui/Feedback";
import { Money } from "../../components/ui/Money";
import { formatDate, formatFileSize, formatNumber } from "../../components/ui/format";
import type { RequestDocument, VisaRequest, VisaStatus } from "../../contract/requests";
import type { FieldKind } from "../../contract/catalogue";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { messageText } from "../kit/hooks";
import { localized } from "../kit/resource";
import type { DetailState, UploadState } from "./request-detail.store";
import { RESULT_ACCEPT } from "./request-detail.store";
import { StatusChip } from "./StatusChip";
import { applicantName } from "./requests.columns";
import { MOVE_LABEL, STATUS_LABEL } from "./status";
import { documentVersions } from "../../features/requests/request-rules";
// The applicant's fields by kind: the same words the visa form uses for them.
import { FIELD_KIND_LABELS } from "../visas/field-kinds";

/** What the island adds to the drawn view: the store's actions, the upload's progress and the dialogs. */
export interface RequestDetailLive {
  /** The moves offered now (the record's allowedTransitions, as the store reads them). */
  moves: readonly VisaStatus[];
  open: (move: VisaStatus) => void;
  retry: () => void;
  upload: UploadState | null;
  uploadResult: (file: File) => void;
  askRemove: (doc: RequestDocument) => void;
  /** The status dialog and the remove question, when open. */
  dialogs?: ReactNode;
}

interface ViewProps {
  state: DetailState;
  locale: Locale;
  /** The reader's zone the edge drew the dates in (the browser's own when absent). */
  timeZone?: string;
  live?: RequestDetailLive;
}

const DATE_KINDS: readonly FieldKind[] = ["DateOfBirth", "TravelDate", "ReturnDate", "PassportExpiry", "LastEntry"];
const LTR_KINDS: readonly FieldKind[] = ["PassportNumber", "Email"];

/** A moment in the page's language, in the zone the view is drawn for. */
const zoned = (timeZone: string | undefined): Intl.DateTimeFormatOptions => (timeZone ? { timeZone } : {});

export function DetailSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" data-testid="request-skeleton">
      <div className="card p-5 flex flex-col gap-3">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72" />
      </div>
      <div className="card p-5 flex flex-col gap-3">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
}

export function RequestDetailView({ state, locale, timeZone, live }: ViewProps) {
  const t = useT();
  if (state.status === "loading") return <DetailSkeleton />;
  if (state.status === "notFound") return <EmptyState title={t("adminRequests.notFound")} testId="request-not-found" action={<BackLink locale={locale} />} />;
  if (state.status === "error")
    return (
      <Alert action={<Button size="sm" icon={RotateCw} onClick={live?.retry}>{t("kit.retry")}</Button>}>{t("adminRequests.loadFailed")}</Alert>
    );
  const request = state.data;
  return (
    <div className="flex flex-col gap-5" data-testid="request-detail" data-status={request.status}>
      <BackLink locale={locale} />
      <Summary request={request} locale={locale} timeZone={timeZone} live={live} />
      <div className="grid gap-5 lg:grid-cols-2">
        <Applicant request={request} locale={locale} />
        <History request={request} locale={locale} timeZone={timeZone} />
      </div>
      <Documents request={request} locale={locale} timeZone={timeZone} />
      <Results request={request} locale={locale} timeZone={timeZone} live={live} />
      {live?.dialogs}
      <p className="sr-only" aria-live="polite">{t("adminRequests.statusNow", { status: t(STATUS_LABEL[request.status]) })}</p>
    </div>
  );
}

function BackLink({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <a href={`/${locale}/admin/requests/`} className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary-800 hover:underline dark:text-primary-300">
      <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />
      {t("adminRequests.backToQueue")}
    </a>
  );
}

function Summary({ request, locale, timeZone, live }: { request: VisaRequest; locale: Locale; timeZone?: string; live?: RequestDetailLive }) {
  const t = useT();
  // Drawn: the moves the API computed for the admin with the record; live: the store's (the same, read again).
  const moves = live?.moves ?? request.allowedTransitions ?? [];
  return (
    <section className="card p-5 flex flex-col gap-4" aria-labelledby="request-title">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="request-title" className="flex flex-wrap items-center gap-3 text-xl font-bold">
            <bdi dir="ltr" className="font-mono" data-testid="request-reference">{request.reference}</bdi>
            <StatusChip status={request.status} testId="request-status" />
          </h2>
          <p className="mt-1">
            {localized(request.visa.title, locale)} · {localized(request.visa.country.name, locale)}
          </p>
        </div>
        {/* The same sheet the agency prints (issue 27): the print page reads the admin's own call for an admin. */}
        <a className={buttonClass("outline", "sm")} href={`/${locale}/print/?kind=visa&id=${encodeURIComponent(request._id)}`} data-testid="request-print">
          <Printer size={18} aria-hidden="true" />
          {t("requests.print")}
        </a>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="muted">{t("requests.columns.agency")}</dt>
        <dd>{request.agency.name}</dd>
        <dt className="muted">{t("requests.columns.filedBy")}</dt>
        <dd>{request.filedBy.name}</dd>
        <dt className="muted">{t("requests.columns.createdAt")}</dt>
        <dd>{formatDate(request.createdAt, locale, { dateStyle: "medium", timeStyle: "short", ...zoned(timeZone) })}</dd>
        <dt className="muted">{t("requests.columns.price")}</dt>
        <dd>{request.price === undefined ? "—" : <Money minor={request.price} currency={request.currency ?? "USD"} />}</dd>
      </dl>
      {request.reason && (
        <div className="rounded-2xl border border-warning-600 px-4 py-3 text-sm" data-testid="request-reason">
          <p className="font-semibold">{t("adminRequests.reasonGiven")}</p>
          <p className="whitespace-pre-line">{request.reason}</p>
        </div>
      )}
      {request.missingDocuments.length > 0 && (
        <div className="text-sm" data-testid="request-missing">
          <p className="font-semibold">{t("adminRequests.missingList")}</p>
          <ul className="list-disc ps-6">
            {request.missingDocuments.map((doc) => (
              <li key={doc._id}>{localized(doc.name, locale)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-2 border-t border-[var(--border)] pt-4">
        <h3 className="text-sm font-semibold">{t("adminRequests.change.title")}</h3>
        {moves.length === 0 ? (
          <p className="muted text-sm" data-testid="no-moves">{t("adminRequests.change.final")}</p>
        ) : (
          <div className="flex flex-wrap gap-2" data-testid="status-moves">
            {moves.map((move) => (
              <Button
                key={move}
                size="sm"
                variant={move === "Rejected" || move === "Canceled" ? "danger" : "outline"}
                onClick={live ? () => live.open(move) : undefined}
                data-testid={`move-${move}`}
              >
                {t(MOVE_LABEL[move])}
              </Button>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

function Applicant({ request, locale }: { request: VisaRequest; locale: Locale }) {
  const t = useT();
  const entries = Object.entries(request.fields) as [FieldKind, string][];
  return (
    <section className="card p-5 flex flex-col gap-3" aria-labelledby="applicant-title">
      <h2 id="applicant-title" className="text-lg font-bold">{t("adminRequests.applicant")}</h2>
      <p className="font-semibold">{applicantName(request)}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm" data-testid="applicant-fields">
        {entries.map(([kind, value]) => (
          <div key={kind} className="contents">
            <dt className="muted">{t(FIELD_KIND_LABELS[kind] ?? kind)}</dt>
            <dd>
              {/* A passport number or an e-mail reads left to right, yet sits at the inline start like the rest. */}
              {LTR_KINDS.includes(kind) ? (
                <bdi dir="ltr" className="font-mono">{value}</bdi>
              ) : DATE_KINDS.includes(kind) ? (
                // A calendar date (no time): the same day in every zone.
                formatDate(`${value}T00:00:00Z`, locale, { dateStyle: "medium", timeZone: "UTC" })
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {request.note && (
        <p className="text-sm">
          <span className="muted">{t("adminRequests.note")}: </span>
          {request.note}
        </p>
      )}
    </section>
  );
}

function History({ request, locale, timeZone }: { request: VisaRequest; locale: Locale; timeZone?: string }) {
  const t = useT();
  const entries = [...request.history].reverse();
  return (
    <section className="card p-5 flex flex-col gap-3" aria-labelledby="history-title">
      <h2 id="history-title" className="text-lg font-bold">{t("adminRequests.history")}</h2>
      <ol className="flex flex-col gap-3 border-s-2 border-[var(--border)] ps-4" data-testid="history">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="relative text-sm">
            <span aria-hidden="true" className="absolute -start-[1.4rem] top-1.5 size-2.5 rounded-full bg-primary-500" />
            <p className="flex flex-wrap items-center gap-2">
              {entry.from ? <StatusChip status={entry.from} testId="history-from" /> : <span>{t("adminRequests.filed")}</span>}
              {entry.from !== entry.to && (
                <>
                  <span aria-hidden="true" className="flip-rtl">→</span>
                  <span className="sr-only">{t("adminRequests.to")}</span>
                  <StatusChip status={entry.to} testId="history-to" />
                </>
              )}
            </p>
            <p className="muted">
              <time dateTime={entry.at}>{formatDate(entry.at, locale, { dateStyle: "medium", timeStyle: "short", ...zoned(timeZone) })}</time> · {entry.by.name}
            </p>
            {entry.reason && <p className="whitespace-pre-line">{entry.reason}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

type DocumentVersion = ReturnType<typeof documentVersions> extends Map<string, infer V> ? V : never;

function DocumentRow({ doc, locale, timeZone, actions, version }: { doc: RequestDocument; locale: Locale; timeZone?: string; actions?: ReactNode; version?: DocumentVersion }) {
  const t = useT();
  const title = doc.requirementName ? localized(doc.requirementName, locale) : doc.name;
  const day = (at: string) => formatDate(at, locale, { dateStyle: "medium", ...zoned(timeZone) });
  return (
    <li className="flex flex-wrap items-center gap-3 py-2.5" data-testid="document" data-id={doc._id} data-version={version ? (version.current ? "current" : "replaced") : undefined}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {title}
          {/* After a re-upload: which file answers the requirement now, and when the older one was replaced. */}
          {version?.current && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900" data-testid="document-current">{t("adminRequests.documents.current")}</span>}
          {version && !version.current && (
            <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800" data-testid="document-replaced">
              {t("adminRequests.documents.replaced", { date: day(version.replacedAt) })}
            </span>
          )}
        </p>
        <p className="muted text-xs">
          <bdi dir="ltr">{doc.name}</bdi> · <bdi>{formatFileSize(doc.size, locale)}</bdi> · {day(doc.createdAt)}
        </p>
      </div>
      <a className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline dark:text-primary-300" href={doc.url} target="_blank" rel="noopener" aria-label={t("adminRequests.documents.view", { name: title })}>
        <Eye size={18} aria-hidden="true" />
        {t("adminRequests.documents.viewShort")}
      </a>
      <a className="inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline dark:text-primary-300" href={doc.url} download={doc.name} aria-label={t("adminRequests.documents.download", { name: title })} data-testid="document-download">
        <Download size={18} aria-hidden="true" />
        {t("adminRequests.documents.downloadShort")}
      </a>
      {actions}
    </li>
  );
}

function Documents({ request, locale, timeZone }: { request: VisaRequest; locale: Locale; timeZone?: string }) {
  const t = useT();
  const uploads = request.documents.filter((d) => d.kind === "upload");
  const versions = documentVersions(uploads);
  return (
    <section className="card p-5 flex flex-col gap-2" aria-labelledby="documents-title">
      <h2 id="documents-title" className="text-lg font-bold">{t("adminRequests.documents.title")}</h2>
      {uploads.length === 0 ? (
        <p className="muted text-sm">{t("adminRequests.documents.none")}</p>
      ) : (
        <ul className="divide-y divide-[var(--border)]" data-testid="uploads">
          {uploads.map((doc) => <DocumentRow key={doc._id} doc={doc} locale={locale} timeZone={timeZone} version={versions.get(doc._id)} />)}
        </ul>
      )}
    </section>
  );
}

function Results({ request, locale, timeZone, live }: { request: VisaRequest; locale: Locale; timeZone?: string; live?: RequestDetailLive }) {
  const t = useT();
  const upload = live?.upload ?? null;
  const results = request.documents.filter((d) => d.kind === "result");
  const busy = upload !== null && upload.problem === null;
  const input = useRef<HTMLInputElement>(null);

  return (
    <section className="card p-5 flex flex-col gap-3" aria-labelledby="results-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="results-title" className="flex-1 text-lg font-bold">{t("adminRequests.results.title")}</h2>
        {/* The button opens this input; a file chosen in the drawn view is carried over to the island's input
            (src/lib/edge-view-mount.tsx), whose "change" sends it. */}
        <input
          ref={input}
          type="file"
          accept={RESULT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="result-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) live?.uploadResult(file);
          }}
        />
        <Button
          icon={FileUp}
          size="sm"
          pending={busy}
          onClick={() => input.current?.click()}
          data-testid="result-upload"
        >
          {t("adminRequests.results.attach")}
        </Button>
      </div>
      <p className="muted text-sm">{t("adminRequests.results.rules", { size: formatNumber(10, locale) })}</p>
      {upload && upload.problem === null && <ProgressBar value={upload.progress} label={t("upload.progress", { label: upload.name })} testId="result-progress" />}
      {upload?.problem && <Alert testId="result-problem">{messageText(t, upload.problem)}</Alert>}
      {results.length === 0 ? (
        <p className="muted text-sm" data-testid="results-none">{t("adminRequests.results.none")}</p>
      ) : (
        <ul className="divide-y divide-[var(--border)]" data-testid="results">
          {results.map((doc) => (
            <DocumentRow
              key={doc._id}
              doc={doc}
              locale={locale}
              timeZone={timeZone}
              actions={<IconButton size="sm" tone="danger" icon={Trash2} label={t("adminRequests.results.remove", { name: doc.name })} onClick={live ? () => live.askRemove(doc) : undefined} data-testid="result-remove" />}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
