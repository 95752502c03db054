/**
 * Translation services (issue 12): localized name and description, price per page (typed in major units, stored in
 * minor units), the languages offered, turnaround days, certified (its orders are legal translations), enabled.
 */
import type { TranslationService } from "../../contract/translation";
import { Money } from "../../components/ui/Money";
import { formatNumber } from "../../components/ui/format";
import { localized, type ResourceDefinition } from "../kit/resource";
import type { FormValues } from "../kit/fields";
import { DateCell, YesNo } from "../shared";
import { translationLanguageOptions } from "./languages.resource";

const yesNo = { fixed: [{ value: "true", label: "kit.yes" }, { value: "false", label: "kit.no" }] };

export const translationServices: ResourceDefinition<TranslationService, FormValues> = {
  name: "translation-services",
  endpoints: {
    list: "translation-service",
    one: (id) => `translation-service/${encodeURIComponent(id)}`,
    create: "translation-service",
    update: (id) => `translation-service/${encodeURIComponent(id)}`,
    remove: (id) => `translation-service/${encodeURIComponent(id)}`,
  },
  labels: {
    create: "adminTranslation.services.create",
    edit: "adminTranslation.services.edit",
    created: "adminTranslation.services.created",
    saved: "adminTranslation.services.saved",
    deleted: "adminTranslation.services.deleted",
    deleteTitle: "adminTranslation.services.deleteTitle",
    deleteMessage: "adminTranslation.services.deleteMessage",
    search: "adminTranslation.services.search",
    empty: "adminTranslation.services.empty",
    emptyHint: "adminTranslation.services.emptyHint",
  },
  columns: [
    { key: "name", label: "adminTranslation.fields.name", sortable: (locale) => `name.${locale}`, primary: true, render: (row, { locale }) => localized(row.name, locale) },
    {
      key: "pricePerPage", label: "adminTranslation.fields.pricePerPage", sortable: true, align: "end",
      render: (row) => (row.pricePerPage === undefined ? null : <Money minor={row.pricePerPage} currency={row.currency ?? "USD"} />),
    },
    {
      key: "languages", label: "adminTranslation.fields.languages",
      render: (row, { locale }) => row.languageList.map((l) => localized(l.name, locale)).join(locale === "en" ? ", " : "، "),
    },
    { key: "turnaroundDays", label: "adminTranslation.fields.turnaroundDays", sortable: true, align: "end", render: (row, { locale }) => formatNumber(row.turnaroundDays, locale) },
    { key: "certified", label: "adminTranslation.fields.certified", sortable: true, render: (row, { t }) => <YesNo value={row.certified} yes={t("kit.yes")} no={t("kit.no")} /> },
    { key: "enabled", label: "adminTranslation.fields.enabled", sortable: true, render: (row, { t }) => <YesNo value={row.enabled} yes={t("kit.yes")} no={t("kit.no")} /> },
    { key: "updatedAt", label: "kit.updatedAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.updatedAt} locale={locale} timeZone={timeZone} /> },
  ],
  fields: [
    { kind: "localized", name: "name", label: "adminTranslation.fields.name", required: true },
    { kind: "localized", name: "description", label: "adminTranslation.fields.description", rows: 3, optional: true },
    { kind: "money", name: "pricePerPage", label: "adminTranslation.fields.pricePerPage", required: true },
    { kind: "number", name: "turnaroundDays", label: "adminTranslation.fields.turnaroundDays", unit: "adminTranslation.services.days", required: true, min: 1, max: 365 },
    { kind: "multiselect", name: "languages", label: "adminTranslation.fields.languages", hint: "adminTranslation.services.languagesHint", options: translationLanguageOptions, wide: true },
    { kind: "switch", name: "certified", label: "adminTranslation.fields.certified", hint: "adminTranslation.services.certifiedHint" },
    { kind: "switch", name: "enabled", label: "adminTranslation.fields.enabled", hint: "adminTranslation.services.enabledHint" },
  ],
  schemas: () => import("../../contract/translation").then((m) => ({ create: m.translationServiceInput, patch: m.translationServicePatch })),
  empty: () => ({ name: { en: "", ar: "", ku: "" }, description: { en: "", ar: "", ku: "" }, pricePerPage: "", turnaroundDays: "", languages: [], certified: false, enabled: true }),
  title: (row, locale) => localized(row.name, locale),
  defaultSort: { sort: (locale) => `name.${locale}`, order: "asc" },
  filters: [
    { name: "certified", label: "adminTranslation.fields.certified", options: yesNo },
    { name: "enabled", label: "adminTranslation.fields.enabled", options: yesNo },
  ],
};
