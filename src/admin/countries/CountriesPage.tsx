/** /admin/countries */
import { useTranslation } from "react-i18next";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage } from "../kit";
import { countries } from "./countries.resource";

function CountriesPage() {
  const { t } = useTranslation();
  return <ResourcePage resource={countries} caption={t("pages.admin-countries.title")} />;
}

export default withI18n(CountriesPage);
