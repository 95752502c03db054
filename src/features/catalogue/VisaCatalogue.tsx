/** /visa: the agent's catalogue with search, country and travel-mode filters, and paging (the store's state). */
import { withI18n } from "../../components/with-i18n";
import type { Locale } from "../../shared/locales";
import { $countries } from "./countries.store";
import { useHydratedStore } from "./use-store";
import {
  $searchText, $visaFilters, $visaPage, applySearch, chooseCountry, chooseTravelMode, clearFilters, goToPage, loadVisas, typeSearch,
} from "./visa-list.store";
import { VisaCatalogueView, type CatalogueActions } from "./VisaCatalogueView";

export { SKELETON_CARDS } from "./VisaCatalogueView";

const actions: CatalogueActions = {
  typeSearch, applySearch: () => applySearch(), chooseCountry, chooseTravelMode, clearFilters, goToPage, retry: () => void loadVisas(),
};

function VisaCatalogue({ locale }: { locale: Locale }) {
  return (
    <VisaCatalogueView
      locale={locale}
      filters={useHydratedStore($visaFilters)}
      searchText={useHydratedStore($searchText)}
      state={useHydratedStore($visaPage)}
      countries={useHydratedStore($countries)}
      actions={actions}
    />
  );
}

export default withI18n(VisaCatalogue);
