/** /admin/visa-requirements */
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage } from "../kit/ResourcePage";
import { requirements } from "./requirements.resource";

function RequirementsPage() {
  const t = useT();
  return <ResourcePage resource={requirements} caption={t("pages.admin-visa-requirements.title")} />;
}

export default withI18n(RequirementsPage);
