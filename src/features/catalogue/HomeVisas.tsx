/** The home page's featured and latest visas: one sideways-scrolling row each, so their height never changes. */
import { ArrowRight } from "../../components/ui/icons";
import { useMemo } from "react";
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { $homeFeatured, $latestVisas, HOME_VISA_COUNT } from "./home.store";
import type { Loadable } from "./loadable";
import type { VisaSummary } from "../../contract/catalogue";
import type { LoadableStore } from "./loadable";
import { useHydratedStore } from "./use-store";
import { VisaGrid } from "./VisaGrid";

function firstOf(state: Loadable<VisaSummary[]>): Loadable<VisaSummary[]> {
  return state.status === "ready" ? { status: "ready", data: state.data.slice(0, HOME_VISA_COUNT) } : state;
}

function VisaSection(props: { id: string; title: string; more: { href: string; label: string }; store: LoadableStore<VisaSummary[]>; locale: Locale }) {
  const state = useHydratedStore(props.store);
  const shown = useMemo(() => firstOf(state), [state]);
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
      <VisaGrid state={shown} locale={props.locale} skeletons={4} onRetry={() => void props.store.reload()} layout="strip" />
    </section>
  );
}

function HomeVisasView({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-8">
      <VisaSection id="home-featured" title={t("pages.featured.title")} more={{ href: `/${locale}/featured/`, label: t("catalogue.seeAll") }} store={$homeFeatured} locale={locale} />
      <VisaSection id="home-latest" title={t("catalogue.home.latest")} more={{ href: `/${locale}/visa/`, label: t("catalogue.seeAll") }} store={$latestVisas} locale={locale} />
    </div>
  );
}

export default withI18n(HomeVisasView);
