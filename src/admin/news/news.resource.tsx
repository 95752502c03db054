/** News items (issue 13): localized title, a rich-text message per language, enabled. */
import type { NewsItem } from "../../contract/news";
import { catalogueEndpoints } from "../kit/resource.store";
import { localized, type ResourceDefinition } from "../kit/resource";
import type { FormValues } from "../kit/fields";
import { DateCell, YesNo } from "../shared";

const EMPTY_TEXT = { en: "", ar: "", ku: "" };

export const news: ResourceDefinition<NewsItem, FormValues> = {
  name: "news",
  endpoints: catalogueEndpoints("news-feed", { list: "news-feed/all-by-admin", one: (id) => `news-feed/${encodeURIComponent(id)}` }),
  labels: {
    create: "news.admin.create",
    edit: "news.admin.edit",
    created: "news.admin.created",
    saved: "news.admin.saved",
    deleted: "news.admin.deleted",
    deleteTitle: "news.admin.deleteTitle",
    deleteMessage: "news.admin.deleteMessage",
    search: "news.admin.search",
    empty: "news.admin.empty",
    emptyHint: "news.admin.emptyHint",
  },
  columns: [
    { key: "title", label: "news.fields.title", sortable: (locale) => `title.${locale}`, primary: true, render: (row, { locale }) => localized(row.title, locale) },
    { key: "enabled", label: "news.fields.enabled", sortable: true, render: (row, { t }) => <YesNo value={row.enabled} yes={t("kit.yes")} no={t("kit.no")} /> },
    { key: "createdAt", label: "news.fields.createdAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.createdAt} locale={locale} timeZone={timeZone} /> },
    { key: "updatedAt", label: "kit.updatedAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.updatedAt} locale={locale} timeZone={timeZone} /> },
  ],
  // The message is edited by rich-text editors (one per language) after the fields, not by a plain field.
  fields: [
    { kind: "localized", name: "title", label: "news.fields.title", required: true },
    { kind: "switch", name: "enabled", label: "news.fields.enabled", hint: "news.fields.enabledHint" },
  ],
  schemas: () => import("../../contract/news").then((m) => ({ create: m.newsInput, patch: m.newsPatch })),
  richText: { name: "message", label: "news.fields.message", testId: "news-message" },
  dialogSize: "xl",
  empty: () => ({ title: { ...EMPTY_TEXT }, message: { ...EMPTY_TEXT }, enabled: true }),
  toValues: (row) => ({ title: { ...row.title }, message: { ...row.message }, enabled: row.enabled }),
  // The editors' HTML joins the fields' input (the API sanitizes it and answers what agents will see).
  toInput: (input, values) => ({ input: { ...input, message: values.message }, errors: {} }),
  title: (row, locale) => localized(row.title, locale),
  defaultSort: { sort: "createdAt", order: "desc" },
  filters: [
    { name: "enabled", label: "news.fields.enabled", options: { fixed: [{ value: "true", label: "kit.yes" }, { value: "false", label: "kit.no" }] } },
  ],
};
