/**
 * /print?kind=visa&id=…: a printable summary of one visa request and its receipt, one A4 page in the page's
 * language (print CSS in print.astro; the blank layout has no navigation), from its state. Drawn by the edge from the
 * agency's own answer (functions/edge/views/requests.tsx) and by the island (PrintView.tsx). The receipt shows the
 * price only to the agency: staff see no money (the API leaves the price out for them). The print button works
 * without the island: print.client.ts listens for `data-print` buttons.
 */
import { Printer } from "../../components/ui/icons";
import type { FieldKind } from "../../contract/catalogue";
import type { VisaRequest } from "../../contract/requests";
import type { Thread } from "../../contract/threads";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { FIELD_INPUT, FIELD_LABEL } from "./fields";
import { Amount, BONE, LoadError, PRIMARY, PULSE, StatusChip, dateOnly, dateTime } from "./ui";

const idle = () => {};

export type PrintState = { status: "loading" } | { status: "ready"; data: VisaRequest; thread?: Thread } | { status: "notFound" } | { status: "unsupported" } | { status: "elsewhere" } | { status: "error" };

const localized = (text: { en: string; ar: string; ku: string } | undefined, locale: Locale) => text?.[locale] || text?.en || "";

/** Label and value columns of the sheet's lists: the same third for labels as the applicant table's. */
const VALUES_GRID = "grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)] gap-x-4 gap-y-1 text-sm";

/** What the address asks to print; `thread=1` adds the request's conversation (issue 29). */
export function printTarget(search: string): { kind: string; id: string; thread: boolean } | null {
  const params = new URLSearchParams(search);
  const kind = params.get("kind") ?? "visa";
  const id = params.get("id") ?? "";
  return /^[A-Za-z0-9_-]{1,64}$/.test(id) ? { kind, id, thread: params.get("thread") === "1" } : null;
}

/** The conversation on paper: every message the reader may see, oldest first, with its writer and time. */
function PrintThread({ thread, locale, timeZone }: { thread: Thread; locale: Locale; timeZone?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="print-thread" data-testid="print-thread">
      <h3 id="print-thread" className="mb-2 font-bold">{t("threads.title")}</h3>
      {thread.data.length === 0 ? <p className="muted text-sm">{t("threads.none")}</p> : (
        <ol className="flex flex-col gap-2 text-sm">
          {thread.data.map((m) => (
            <li key={m._id} className="border-s-2 border-[var(--border)] ps-3 print:break-inside-avoid">
              <p className="muted text-xs">
                <bdi>{m.author.name}</bdi> · {t(m.side === "office" ? "threads.side.office" : "threads.side.agency")} · {dateTime(m.createdAt, locale, timeZone)}
                {m.internal && <> · {t("threads.internalMark")}</>}
              </p>
              <p className="whitespace-pre-wrap break-words" dir="auto">{m.body}</p>
              {m.files.length > 0 && <p className="muted text-xs">{m.files.map((f) => f.name).join("، ")}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Sheet({ request, thread, locale, timeZone }: { request: VisaRequest; thread?: Thread; locale: Locale; timeZone?: string }) {
  const t = useT();
  const kinds = Object.keys(request.fields) as FieldKind[];
  const uploads = request.documents.filter((doc) => doc.kind === "upload");
  return (
    <article className="print-sheet card flex flex-col gap-6 p-8 print:p-0 print:shadow-none" data-testid="print-sheet">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-[var(--border)] pb-4">
        <div>
          <p className="muted text-sm">{t("print.summaryOf")}</p>
          <h2 className="text-2xl font-bold">{localized(request.visa.title, locale)}</h2>
          <p className="muted">{localized(request.visa.country.name, locale)}</p>
        </div>
        <div className="text-end">
          <p className="font-mono text-lg font-bold" data-testid="print-reference"><bdi>{request.reference}</bdi></p>
          <StatusChip status={request.status} />
        </div>
      </header>

      <section aria-labelledby="print-agency">
        <h3 id="print-agency" className="mb-2 font-bold">{t("print.agency")}</h3>
        {/* Values line up at the page's start edge, whatever their script (issue 26 item 7): each is isolated (<bdi>)
            rather than given its own direction, which pushed Latin names to the other side of an Arabic sheet. */}
        <dl className={VALUES_GRID}>
          <dt className="muted">{t("print.agencyName")}</dt>
          <dd><bdi data-print-value>{request.agency.name}</bdi></dd>
          <dt className="muted">{t("print.filedBy")}</dt>
          <dd><bdi data-print-value>{request.filedBy.name}</bdi></dd>
          <dt className="muted">{t("print.filedOn")}</dt>
          <dd><bdi data-print-value>{dateTime(request.createdAt, locale, timeZone)}</bdi></dd>
        </dl>
      </section>

      <section aria-labelledby="print-applicant">
        <h3 id="print-applicant" className="mb-2 font-bold">{t("print.applicant")}</h3>
        <table className="w-full text-sm">
          <tbody>
            {kinds.map((kind) => {
              const value = request.fields[kind] ?? "";
              return (
                <tr key={kind} className="border-b border-[var(--border)]">
                  <th scope="row" className="w-1/3 py-1.5 text-start font-normal muted">{t(FIELD_LABEL[kind])}</th>
                  <td className="py-1.5 text-start font-medium">
                    <bdi data-print-value dir={kind === "PassportNumber" || kind === "Email" ? "ltr" : undefined}>
                      {FIELD_INPUT[kind] === "date" && value ? dateOnly(`${value}T00:00:00Z`, locale) : value || "—"}
                    </bdi>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="print-documents">
        <h3 id="print-documents" className="mb-2 font-bold">{t("print.documents")}</h3>
        {uploads.length === 0 ? (
          <p className="muted text-sm">{t("print.noDocuments")}</p>
        ) : (
          <ul className="list-disc ps-5 text-sm">
            {uploads.map((doc) => (
              <li key={doc._id}>{doc.requirementName ? <>{localized(doc.requirementName, locale)} — <bdi>{doc.name}</bdi></> : <bdi>{doc.name}</bdi>}</li>
            ))}
          </ul>
        )}
      </section>

      {request.price !== undefined && request.currency && (
        <section className="rounded-2xl border border-[var(--border)] p-4 print:break-inside-avoid" aria-labelledby="print-receipt" data-testid="print-receipt">
          <h3 id="print-receipt" className="mb-2 font-bold">{t("print.receipt")}</h3>
          <dl className={VALUES_GRID}>
            <dt className="muted">{t("print.receiptFor")}</dt>
            <dd><bdi data-print-value>{request.reference}</bdi></dd>
            <dt className="muted">{t("print.paidOn")}</dt>
            <dd><bdi data-print-value>{dateOnly(request.createdAt, locale, timeZone)}</bdi></dd>
            <dt className="text-base font-bold">{t("print.amount")}</dt>
            <dd className="text-base font-bold"><Amount minor={request.price} currency={request.currency} locale={locale} testId="print-amount" /></dd>
          </dl>
          <p className="muted mt-2 text-xs">{t("print.receiptNote")}</p>
        </section>
      )}

      {thread && <PrintThread thread={thread} locale={locale} timeZone={timeZone} />}

      <footer className="muted border-t border-[var(--border)] pt-3 text-xs">{t("print.printedOn", { date: dateTime(new Date().toISOString(), locale, timeZone) })}</footer>
    </article>
  );
}

export function PrintVisaView({ state, locale, timeZone, onRetry }: { state: PrintState; locale: Locale; timeZone?: string; onRetry?: () => void }) {
  const t = useT();
  if (state.status === "loading") {
    return (
      <div className={`card flex h-[40rem] flex-col gap-4 p-8 ${PULSE}`} aria-busy="true" data-testid="print-skeleton">
        <div className={`${BONE} h-8 w-2/3`} />
        <div className={`${BONE} h-24 w-full`} />
        <div className={`${BONE} h-48 w-full`} />
        <div className={`${BONE} h-24 w-full`} />
      </div>
    );
  }
  if (state.status === "error") return <LoadError onRetry={onRetry ?? idle} />;
  if (state.status === "elsewhere") return null;
  if (state.status !== "ready") {
    return (
      <section className="card p-8 text-center" role="alert" data-testid="print-not-found">
        <p className="font-semibold">{state.status === "unsupported" ? t("print.unsupported") : t("print.notFound")}</p>
      </section>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <a className="text-sm font-semibold text-primary-800 hover:underline dark:text-primary-200" href={`/${locale}/requests/${encodeURIComponent(state.data._id)}/`}>
          {t("print.back")}
        </a>
        <button type="button" className={PRIMARY} data-print="" data-testid="print-button">
          <Printer size={20} aria-hidden="true" />
          {t("print.print")}
        </button>
      </div>
      <Sheet request={state.data} thread={state.thread} locale={locale} timeZone={timeZone} />
    </div>
  );
}
