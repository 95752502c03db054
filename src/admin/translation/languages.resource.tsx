/** Translation languages (issue 12): code, localized name, enabled. A language a service offers cannot be deleted (409). */
import type { TranslationLanguage } from "../../contract/translation";
import { localized, type OptionsSource, type ResourceDefinition } from "../kit/resource";
import { optionsOf, wholeList } from "../kit/options";
import type { FormValues } from "../kit/fields";
import { DateCell, YesNo } from "../shared";

export const translationLanguages: ResourceDefinition<TranslationLanguage, FormValues> = {
  name: "translation-languages",
  endpoints: {
    list: "translation-language",
    one: (id) => `translation-language/${encodeURIComponent(id)}`,
    create: "translation-language",
    update: (id) => `translation-language/${encodeURIComponent(id)}`,
    remove: (id) => `translation-language/${encodeURIComponent(id)}`,
  },
  labels: {
    create: "adminTranslation.languages.create",
    edit: "adminTranslation.languages.edit",
    created: "adminTranslation.languages.created",
    saved: "adminTranslation.languages.saved",
    deleted: "adminTranslation.languages.deleted",
    deleteTitle: "adminTranslation.languages.deleteTitle",
    deleteMessage: "adminTranslation.languages.deleteMessage",
    search: "adminTranslation.languages.search",
    empty: "adminTranslation.languages.empty",
    emptyHint: "adminTranslation.languages.emptyHint",
  },
  columns: [
    { key: "name", label: "adminTranslation.fields.name", sortable: (locale) => `name.${locale}`, primary: true, render: (row, { locale }) => localized(row.name, locale) },
    { key: "code", label: "adminTranslation.fields.code", sortable: true, render: (row) => <span className="font-mono" dir="ltr">{row.code}</span> },
    { key: "enabled", label: "adminTranslation.fields.enabled", sortable: true, render: (row, { t }) => <YesNo value={row.enabled} yes={t("kit.yes")} no={t("kit.no")} /> },
    { key: "updatedAt", label: "kit.updatedAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.updatedAt} locale={locale} timeZone={timeZone} /> },
  ],
  fields: [
    { kind: "localized", name: "name", label: "adminTranslation.fields.name", required: true },
    { kind: "text", name: "code", label: "adminTranslation.fields.code", hint: "adminTranslation.languages.codeHint", required: true, ltr: true, maxLength: 12 },
    { kind: "switch", name: "enabled", label: "adminTranslation.fields.enabled", hint: "adminTranslation.languages.enabledHint" },
  ],
  schemas: () => import("../../contract/translation").then((m) => ({ create: m.translationLanguageInput, patch: m.translationLanguagePatch })),
  empty: () => ({ name: { en: "", ar: "", ku: "" }, code: "", enabled: true }),
  title: (row, locale) => localized(row.name, locale),
  defaultSort: { sort: (locale) => `name.${locale}`, order: "asc" },
  filters: [{ name: "enabled", label: "adminTranslation.fields.enabled", options: { fixed: [{ value: "true", label: "kit.yes" }, { value: "false", label: "kit.no" }] } }],
};

/** Every language as options (the service form's "languages offered"). */
export const translationLanguageOptions: OptionsSource = {
  load: async (locale) => optionsOf(await wholeList<TranslationLanguage>("translation-language", { limit: 100 }), (l) => l.name, locale),
};
