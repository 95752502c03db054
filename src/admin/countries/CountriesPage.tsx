/** /admin/countries */
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage } from "../kit/ResourcePage";
import { countries } from "./countries.resource";

function CountriesPage() {
  const t = useT();
  return <ResourcePage resource={countries} caption={t("pages.admin-countries.title")} />;
}

export default withI18n(CountriesPage);
