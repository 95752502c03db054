/** The home page's featured and latest visas, from the home stores (the edge draws the same rows first). */
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { $homeFeatured, $latestVisas } from "./home.store";
import { HomeVisaRows } from "./HomeVisaRows";
import { useHydratedStore } from "./use-store";

const retry = { featured: () => void $homeFeatured.reload(), latest: () => void $latestVisas.reload() };

function HomeVisasView({ locale }: { locale: Locale }) {
  return <HomeVisaRows featured={useHydratedStore($homeFeatured)} latest={useHydratedStore($latestVisas)} locale={locale} onRetry={retry} />;
}

export default withI18n(HomeVisasView);
