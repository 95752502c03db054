/** /featured in the browser: every featured visa, with the agent's price (when the edge could not draw them). */
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { FeaturedGrid } from "./FeaturedGrid";
import { $featuredVisas } from "./home.store";
import { useHydratedStore } from "./use-store";

function FeaturedVisasView({ locale }: { locale: Locale }) {
  const state = useHydratedStore($featuredVisas);
  return <FeaturedGrid state={state} locale={locale} onRetry={() => void $featuredVisas.reload()} />;
}

export default withI18n(FeaturedVisasView);
