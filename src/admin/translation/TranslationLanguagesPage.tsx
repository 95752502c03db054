/** /admin/translation/languages: translation languages, from the admin kit. */
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage } from "../kit/ResourcePage";
import { translationLanguages } from "./languages.resource";

function TranslationLanguagesPage() {
  const t = useT();
  return <ResourcePage resource={translationLanguages} caption={t("pages.admin-translation-languages.title")} />;
}

export default withI18n(TranslationLanguagesPage);
