/**
 * What /visa/{id}/details shows beside and below the lead, given its state: the side box (price, facts, the request
 * link), the requirements, the rich content, or the not-found, error and loading states. No store and no browser
 * globals: the edge draws it into the page's HTML from the agent's own visa/one answer (functions/edge/views.tsx),
 * and the island (VisaDetails.tsx) draws the same in the browser only when the edge could not.
 */
import { ArrowLeft, ArrowRight, CalendarClock, CircleCheck, ClipboardList, FileText, Hourglass, Repeat, SearchX } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import type { Visa, VisaRequirement } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import { formatDays, formatPrice, localized } from "./format";
import type { Loadable } from "./loadable";
import { BONE, ErrorPanel, PULSE } from "./ui";
import { groupRequirements } from "./requirements";
import { TravelModeIcon, useVisaLabels } from "./VisaCard";

/** Typography for the server-sanitized rich content (no typography plugin: a few rules are enough). */
const CONTENT =
  "leading-7 [&_a]:text-accent-600 [&_a]:underline [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:my-1 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:my-3 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:ps-6 [&_blockquote]:border-s-4 [&_blockquote]:border-primary-400 [&_blockquote]:ps-4";

const SIDE = "flex flex-col gap-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1";
const CONTENT_AREA = "lg:col-start-1 lg:row-start-2";

function Skeleton() {
  return (
    // display: contents keeps the boxes in the page's grid while the skeleton stays one element (aria-busy). The lead
    // beside it is already there (written by the edge), so only the side boxes wait.
    <div className="contents" aria-busy="true" data-testid="visa-details-skeleton">
      <div className={`${SIDE} ${PULSE}`}>
        <div className="card flex h-80 flex-col gap-4 p-6">
          <div className={`${BONE} h-4 w-24`} />
          <div className={`${BONE} h-10 w-40`} />
          <div className={`${BONE} h-24 w-full`} />
          <div className={`${BONE} mt-auto h-11 w-full`} />
        </div>
      </div>
    </div>
  );
}

function NotFound({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <section className="card flex flex-col items-center gap-3 p-10 text-center lg:col-span-2" role="alert" data-testid="visa-not-found">
      <SearchX size={40} aria-hidden="true" className="text-primary-600" />
      <h2 className="text-xl font-bold">{t("catalogue.notFound.title")}</h2>
      <p className="muted max-w-md">{t("catalogue.notFound.text")}</p>
      <a className="btn mt-2" href={`/${locale}/visa/`}>
        <ArrowLeft size={24} aria-hidden="true" className="flip-rtl" />
        {t("catalogue.backToVisas")}
      </a>
    </section>
  );
}

function RequirementList({ title, icon, items, locale }: { title: string; icon: "document" | "information"; items: VisaRequirement[]; locale: Locale }) {
  const t = useT();
  if (items.length === 0) return null;
  const Icon = icon === "document" ? FileText : ClipboardList;
  return (
    <div className="flex flex-col gap-2" data-testid={`requirements-${icon}`}>
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon size={24} aria-hidden="true" className="text-primary-600" />
        {title}
      </h3>
      <ul className="flex flex-col gap-2">
        {items.map((item) => {
          const description = localized(item.description, locale);
          return (
            <li key={item._id} className="rounded-xl border border-[var(--border)] p-3" data-testid="requirement" data-required={item.required}>
              <div className="flex items-start justify-between gap-2">
                <span className="font-medium">{localized(item.name, locale)}</span>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${item.required ? "bg-primary-100 text-primary-800" : "bg-[var(--surface-2)] muted"}`}
                >
                  {item.required ? t("catalogue.required") : t("catalogue.optional")}
                </span>
              </div>
              {description && <p className="muted mt-1 text-sm">{description}</p>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Details({ visa, locale }: { visa: Visa; locale: Locale }) {
  const { t, entries, modes } = useVisaLabels();
  const { documents, information } = groupRequirements(visa.requirements);
  // Rich content comes only from the API's `content` field, which the server sanitizes when saving and showing it.
  const content = localized(visa.content, locale);
  const facts = [
    { icon: <Hourglass size={20} aria-hidden="true" />, label: t("catalogue.processing"), value: formatDays(visa.processingDays, locale, t) },
    { icon: <CalendarClock size={20} aria-hidden="true" />, label: t("catalogue.validity"), value: formatDays(visa.validityDays, locale, t) },
    { icon: <Repeat size={20} aria-hidden="true" />, label: t("catalogue.entries"), value: entries[visa.entries] },
    { icon: <TravelModeIcon mode={visa.travelMode} size={20} />, label: t("catalogue.filter.travelMode"), value: modes[visa.travelMode] },
  ];
  return (
    <>
      <aside className={SIDE}>
        <section className="card flex flex-col gap-4 p-6" aria-labelledby={visa.price === undefined ? undefined : "visa-price-label"}>
          {/* Staff users get no price from the API (DESIGN §3). */}
          {visa.price !== undefined && (
            <div>
              <p id="visa-price-label" className="muted text-sm font-medium">
                {t("catalogue.yourPrice")}
              </p>
              <p className="text-3xl font-bold tabular-nums">
                <bdi data-testid="visa-price">{formatPrice(visa.price, visa.currency ?? "", locale)}</bdi>
              </p>
            </div>
          )}
          <dl className="grid grid-cols-2 gap-3">
            {facts.map((fact) => (
              // dt and dd straight inside the div that sits in the dl (HTML's only grouping); the icon rides in the dt.
              <div key={fact.label} className="relative min-w-0 ps-7">
                <dt className="muted text-xs">
                  <span className="absolute start-0 top-0.5 text-primary-600">{fact.icon}</span>
                  {fact.label}
                </dt>
                <dd className="font-medium">{fact.value}</dd>
              </div>
            ))}
          </dl>
          <a
            href={`/${locale}/visa/${encodeURIComponent(visa._id)}/request/`}
            className="btn w-full bg-primary-500 text-stone-950 hover:bg-primary-400"
            data-testid="request-visa"
          >
            {t("catalogue.request")}
            <ArrowRight size={24} aria-hidden="true" className="flip-rtl" />
          </a>
        </section>

        <section className="card flex flex-col gap-4 p-6" aria-labelledby="requirements-title" data-testid="requirements">
          <h2 id="requirements-title" className="flex items-center gap-2 text-lg font-bold">
            <CircleCheck size={24} aria-hidden="true" className="text-primary-600" />
            {t("catalogue.requirements")}
          </h2>
          {visa.requirements.length === 0 ? (
            <p className="muted text-sm">{t("catalogue.noRequirements")}</p>
          ) : (
            <>
              <RequirementList title={t("catalogue.documents")} icon="document" items={documents} locale={locale} />
              <RequirementList title={t("catalogue.information")} icon="information" items={information} locale={locale} />
            </>
          )}
        </section>
      </aside>

      {content && (
        <section className={`card p-6 ${CONTENT_AREA}`} aria-label={t("catalogue.about")}>
          <div className={CONTENT} data-testid="visa-content" dangerouslySetInnerHTML={{ __html: content }} />
        </section>
      )}
    </>
  );
}

/** The boxes for `state`; `id` is null until the id is known (the pre-rendered shell has none): a skeleton. */
export function VisaDetailsBody({ state, locale, id, onRetry }: { state: Loadable<Visa>; locale: Locale; id: string | null; onRetry: () => void }) {
  // Keyed by state: the content replaces the skeleton as new boxes instead of moving the skeleton's boxes around.
  if (!id || state.status === "loading") return <Skeleton key="loading" />;
  if (state.status === "notFound") return <NotFound key="not-found" locale={locale} />;
  if (state.status === "error") return <ErrorPanel key="error" onRetry={onRetry} />;
  return <Details key="ready" visa={state.data} locale={locale} />;
}
