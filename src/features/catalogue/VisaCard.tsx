/**
 * A visa as agents browse it: flag and country, title, processing time, validity, entries, travel mode, and the
 * agent's own price. Card and skeleton have the same fixed height (image 16:9, text rows of fixed height), so the
 * page never moves when the data arrives.
 */
import { ArrowRight, Bus, Plane } from "../../components/ui/icons";
import { useT } from "../../lib/i18n";
import type { VisaSummary } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";
import { Flag } from "../../components/Flag";
import { formatDays, formatPrice, localized } from "./format";
import { BONE, PULSE } from "./ui";

export const visaDetailsPath = (locale: Locale, id: string) => `/${locale}/visa/${encodeURIComponent(id)}/details/`;

/** The grid every visa list uses: one column on phones, up to four on wide screens. */
export const VISA_GRID = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4";

export function useVisaLabels() {
  const t = useT();
  return {
    t,
    entries: { single: t("catalogue.entries.single"), multiple: t("catalogue.entries.multiple") },
    modes: { Air: t("catalogue.mode.Air"), Land: t("catalogue.mode.Land") },
  };
}

export function TravelModeIcon({ mode, size = 18 }: { mode: VisaSummary["travelMode"]; size?: number }) {
  const Icon = mode === "Land" ? Bus : Plane;
  return <Icon size={size} aria-hidden="true" className={mode === "Air" ? "flip-rtl" : undefined} />;
}

/**
 * `priority`: "first" for the picture above the fold (fetched at once); "low" for the cards of a strip after its first:
 * on a phone the second one only peeks in at the edge, yet a browser treats a picture in view as urgent, and fetched
 * with the first one's priority it shared the link with it (the home's largest paint came ~150 ms later on
 * Lighthouse's phone, issue 32).
 */
export function VisaCard({ visa, locale, priority }: { visa: VisaSummary; locale: Locale; priority?: "first" | "low" }) {
  const { t, entries, modes } = useVisaLabels();
  const title = localized(visa.title, locale);
  return (
    <article className="card relative flex h-full flex-col overflow-hidden" data-testid="visa-card" data-visa-id={visa._id}>
      <div className="relative aspect-[16/9] bg-[var(--surface-2)]">
        {visa.image ? (
          <img
            src={visa.image}
            alt=""
            width={640}
            height={360}
            loading={priority === "first" ? "eager" : "lazy"}
            fetchPriority={priority === "low" ? "low" : undefined}
            // The first picture is the page's largest paint: decoded with the frame, not one frame later.
            decoding={priority === "first" ? undefined : "async"}
            className="size-full object-cover"
          />
        ) : (
          <div className="grid size-full place-items-center bg-gradient-to-br from-primary-50 to-primary-200 dark:from-primary-800/40 dark:to-primary-700/20">
            <Flag country={visa.country} size="lg" />
          </div>
        )}
        <span className="absolute top-2 start-2 inline-flex items-center gap-1 rounded-full bg-[var(--surface)]/90 px-2.5 py-1 text-xs font-semibold">
          <TravelModeIcon mode={visa.travelMode} size={16} />
          {modes[visa.travelMode]}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="muted flex h-5 items-center gap-1.5 text-sm" data-testid="visa-country">
          <Flag country={visa.country} />
          <span className="truncate">{localized(visa.country.name, locale)}</span>
        </p>
        <h3 className="line-clamp-2 h-12 font-semibold leading-6">
          <a href={visaDetailsPath(locale, visa._id)} className="after:absolute after:inset-0 hover:underline focus-visible:outline-none after:rounded-[var(--radius-card)] focus-visible:after:outline-3 focus-visible:after:outline-accent-500 focus-visible:after:-outline-offset-3" data-testid="visa-title">
            {title}
          </a>
        </h3>
        <dl className="grid h-11 grid-cols-3 gap-2 text-sm">
          <div className="min-w-0">
            <dt className="muted truncate text-xs">{t("catalogue.processing")}</dt>
            <dd className="truncate font-medium">{formatDays(visa.processingDays, locale, t)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="muted truncate text-xs">{t("catalogue.validity")}</dt>
            <dd className="truncate font-medium">{formatDays(visa.validityDays, locale, t)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="muted truncate text-xs">{t("catalogue.entries")}</dt>
            <dd className="truncate font-medium">{entries[visa.entries]}</dd>
          </div>
        </dl>
        <div className="mt-auto flex h-12 items-center justify-between gap-2 border-t border-[var(--border)] pt-3">
          {/* Staff users get no price from the API (DESIGN §3): the row keeps its height, the link its place. */}
          {visa.price === undefined ? (
            <span />
          ) : (
            <p className="min-w-0">
              <span className="sr-only">{t("catalogue.yourPrice")}: </span>
              <bdi className="text-lg font-bold tabular-nums" data-testid="visa-price">
                {formatPrice(visa.price, visa.currency ?? "", locale)}
              </bdi>
            </p>
          )}
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 dark:text-primary-300" aria-hidden="true">
            {t("catalogue.details")}
            <ArrowRight size={18} className="flip-rtl" />
          </span>
        </div>
      </div>
    </article>
  );
}

export function VisaCardSkeleton() {
  return (
    <div className={`card flex h-full flex-col overflow-hidden ${PULSE}`} aria-hidden="true" data-testid="visa-card-skeleton">
      <div className={`${BONE} aspect-[16/9] rounded-none`} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex h-5 items-center"><div className={`${BONE} h-3.5 w-28`} /></div>
        <div className="flex h-12 flex-col justify-center gap-2"><div className={`${BONE} h-4 w-full`} /><div className={`${BONE} h-4 w-2/3`} /></div>
        <div className="grid h-11 grid-cols-3 gap-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex flex-col justify-center gap-1.5"><div className={`${BONE} h-3 w-3/4`} /><div className={`${BONE} h-3.5 w-1/2`} /></div>
          ))}
        </div>
        <div className="mt-auto flex h-12 items-center justify-between border-t border-[var(--border)] pt-3">
          <div className={`${BONE} h-5 w-24`} /><div className={`${BONE} h-4 w-16`} />
        </div>
      </div>
    </div>
  );
}
