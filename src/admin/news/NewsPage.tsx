/**
 * /admin/news: the kit's table, form dialog and delete question for news items; the dialog carries one rich-text
 * editor per language for the message (the definition's `richText`), loaded when it opens.
 */
import { useT } from "../../lib/i18n";
import { withI18n } from "../../components/with-i18n";
import { ResourcePage } from "../kit/ResourcePage";
import { news } from "./news.resource";

function NewsPage() {
  const t = useT();
  return <ResourcePage resource={news} caption={t("pages.admin-news.title")} />;
}

export default withI18n(NewsPage);
