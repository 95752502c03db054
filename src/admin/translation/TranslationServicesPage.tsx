/** /admin/translation: translation services, from the admin kit. */
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage } from "../kit/ResourcePage";
import { translationServices } from "./services.resource";

function TranslationServicesPage() {
  const t = useT();
  return <ResourcePage resource={translationServices} caption={t("pages.admin-translation.title")} />;
}

export default withI18n(TranslationServicesPage);
