/** /featured: every featured visa, with the agent's price. */
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { $featuredVisas } from "./home.store";
import { EmptyPanel } from "./ui";
import { useHydratedStore } from "./use-store";
import { VisaGrid } from "./VisaGrid";

function FeaturedVisasView({ locale }: { locale: Locale }) {
  const t = useT();
  const state = useHydratedStore($featuredVisas);
  return (
    <VisaGrid
      state={state}
      locale={locale}
      skeletons={8}
      onRetry={() => void $featuredVisas.reload()}
      testId="featured-list"
      eagerFirst
      empty={<EmptyPanel title={t("catalogue.noFeatured")} />}
    />
  );
}

export default withI18n(FeaturedVisasView);
