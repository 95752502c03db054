/** Countries (destinations): localized name, ISO code (the flag follows from it), enabled. */
import { Flag } from "../../components/Flag";
import type { Country } from "../../contract/catalogue";
import { formatNumber } from "../../components/ui/format";
import { catalogueEndpoints } from "../kit/resource.store";
import { localized, type ResourceDefinition, type OptionsSource } from "../kit/resource";
import { wholeList, optionsOf } from "../kit/options";
import type { FormValues } from "../kit/fields";
import { DateCell, YesNo } from "../shared";

export const countries: ResourceDefinition<Country, FormValues> = {
  name: "countries",
  endpoints: catalogueEndpoints("countries"),
  labels: {
    create: "resources.countries.create",
    edit: "resources.countries.edit",
    created: "resources.countries.created",
    saved: "resources.countries.saved",
    deleted: "resources.countries.deleted",
    deleteTitle: "resources.countries.deleteTitle",
    deleteMessage: "resources.countries.deleteMessage",
    search: "resources.countries.search",
    empty: "resources.countries.empty",
    emptyHint: "resources.countries.emptyHint",
  },
  columns: [
    {
      key: "name",
      label: "resources.countries.fields.name",
      sortable: (locale) => `name.${locale}`,
      primary: true,
      render: (row, { locale }) => (
        <span className="inline-flex items-center gap-2">
          <Flag country={row} />
          <span>{localized(row.name, locale)}</span>
        </span>
      ),
    },
    { key: "code", label: "resources.countries.fields.code", sortable: true, render: (row) => <span className="font-mono" dir="ltr">{row.code}</span> },
    {
      key: "visaCount",
      label: "resources.countries.fields.visaCount",
      sortable: true,
      align: "end",
      render: (row, { locale }) => formatNumber(row.visaCount ?? 0, locale),
    },
    {
      key: "enabled",
      label: "resources.countries.fields.enabled",
      sortable: true,
      render: (row, { t }) => <YesNo value={row.enabled} yes={t("kit.yes")} no={t("kit.no")} />,
    },
    { key: "updatedAt", label: "kit.updatedAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.updatedAt} locale={locale} timeZone={timeZone} /> },
  ],
  fields: [
    { kind: "localized", name: "name", label: "resources.countries.fields.name", required: true },
    { kind: "text", name: "code", label: "resources.countries.fields.code", hint: "resources.countries.codeHint", required: true, ltr: true, upperCase: true, maxLength: 2 },
    { kind: "switch", name: "enabled", label: "resources.countries.fields.enabled", hint: "resources.countries.enabledHint" },
  ],
  schemas: () => import("../../contract/catalogue").then((m) => ({ create: m.countryInput, patch: m.countryPatch })),
  empty: () => ({ name: { en: "", ar: "", ku: "" }, code: "", enabled: true }),
  title: (row, locale) => localized(row.name, locale),
  defaultSort: { sort: (locale) => `name.${locale}`, order: "asc" },
  filters: [
    {
      name: "enabled",
      label: "resources.countries.fields.enabled",
      options: { fixed: [{ value: "true", label: "kit.yes" }, { value: "false", label: "kit.no" }] },
    },
  ],
};

/** Every country as select options (visa form, visa filters), flag first. */
export const countryOptions: OptionsSource = {
  load: async (locale) => optionsOf(await wholeList<Country>("countries/complete-list"), (c) => c.name, locale, (c) => c.flag),
};
