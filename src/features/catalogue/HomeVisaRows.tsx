/**
 * The home page's featured and latest visas from their states: one sideways-scrolling row each, so their height never
 * changes. Drawn by the edge (functions/edge/views.tsx) and by HomeVisas.tsx.
 */
import { ArrowRight } from "../../components/ui/icons";
import { useMemo } from "react";
import { useT } from "../../lib/i18n";
import type { Locale } from "../../shared/locales";
import { HOME_VISA_COUNT } from "./home-visa-count";
import type { Loadable } from "./loadable";
import type { VisaSummary } from "../../contract/catalogue";
import { VisaGrid } from "./VisaGrid";

function firstOf(state: Loadable<VisaSummary[]>): Loadable<VisaSummary[]> {
  return state.status === "ready" ? { status: "ready", data: state.data.slice(0, HOME_VISA_COUNT) } : state;
}

function VisaSection(props: {
  id: string; title: string; more: { href: string; label: string }; state: Loadable<VisaSummary[]>; onRetry: () => void; locale: Locale;
  /** The row's first card is in a phone's first screen (under the banner): its picture is the page's largest paint. */
  eagerFirst?: boolean;
}) {
  const shown = useMemo(() => firstOf(props.state), [props.state]);
  return (
    <section aria-labelledby={`${props.id}-title`} className="flex flex-col gap-3" data-testid={props.id}>
      <div className="flex h-8 items-center justify-between gap-2">
        <h2 id={`${props.id}-title`} className="text-xl font-bold">
          {props.title}
        </h2>
        <a href={props.more.href} className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300">
          {props.more.label}
          <ArrowRight size={18} aria-hidden="true" className="flip-rtl" />
        </a>
      </div>
      <VisaGrid state={shown} locale={props.locale} skeletons={4} onRetry={props.onRetry} layout="strip" eagerFirst={props.eagerFirst} />
    </section>
  );
}

/** Both rows from their states; the edge draws them too (functions/edge/views.tsx). */
export function HomeVisaRows(props: {
  featured: Loadable<VisaSummary[]>; latest: Loadable<VisaSummary[]>; locale: Locale;
  onRetry?: { featured: () => void; latest: () => void };
}) {
  const t = useT();
  const { locale } = props;
  return (
    <div className="flex flex-col gap-8">
      <VisaSection id="home-featured" title={t("pages.featured.title")} more={{ href: `/${locale}/featured/`, label: t("catalogue.seeAll") }} state={props.featured} onRetry={props.onRetry?.featured ?? noop} locale={locale} eagerFirst />
      <VisaSection id="home-latest" title={t("catalogue.home.latest")} more={{ href: `/${locale}/visa/`, label: t("catalogue.seeAll") }} state={props.latest} onRetry={props.onRetry?.latest ?? noop} locale={locale} />
    </div>
  );
}

const noop = () => {};
