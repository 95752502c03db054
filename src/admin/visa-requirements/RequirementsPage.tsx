/** /admin/visa-requirements */
import { useTranslation } from "react-i18next";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage } from "../kit";
import { requirements } from "./requirements.resource";

function RequirementsPage() {
  const { t } = useTranslation();
  return <ResourcePage resource={requirements} caption={t("pages.admin-visa-requirements.title")} />;
}

export default withI18n(RequirementsPage);
