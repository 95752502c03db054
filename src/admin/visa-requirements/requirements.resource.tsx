/** Visa requirements: the documents and information a visa asks for (localized name and description, kind, required). */
import { REQUIREMENT_KINDS } from "../../contract/catalogue-constants";
import type { VisaRequirement } from "../../contract/catalogue";
import { catalogueEndpoints } from "../kit/resource.store";
import { localized, type OptionsSource, type ResourceDefinition } from "../kit/resource";
import { optionsOf, wholeList } from "../kit/options";
import type { FormValues } from "../kit/fields";
import { DateCell, YesNo } from "../shared";

/** Message keys of the two kinds (written out, so the locale tests see them). */
export const REQUIREMENT_KIND_LABELS: Record<(typeof REQUIREMENT_KINDS)[number], string> = {
  document: "resources.requirements.kind.document",
  information: "resources.requirements.kind.information",
};

const kindOptions = { fixed: REQUIREMENT_KINDS.map((kind) => ({ value: kind, label: REQUIREMENT_KIND_LABELS[kind] })) };

export const requirements: ResourceDefinition<VisaRequirement, FormValues> = {
  name: "visa-requirements",
  endpoints: catalogueEndpoints("visa-requirements"),
  labels: {
    create: "resources.requirements.create",
    edit: "resources.requirements.edit",
    created: "resources.requirements.created",
    saved: "resources.requirements.saved",
    deleted: "resources.requirements.deleted",
    deleteTitle: "resources.requirements.deleteTitle",
    deleteMessage: "resources.requirements.deleteMessage",
    search: "resources.requirements.search",
    empty: "resources.requirements.empty",
    emptyHint: "resources.requirements.emptyHint",
  },
  columns: [
    {
      key: "name",
      label: "resources.requirements.fields.name",
      sortable: (locale) => `name.${locale}`,
      primary: true,
      render: (row, { locale }) => (
        <span className="flex flex-col">
          <span className="font-medium">{localized(row.name, locale)}</span>
          {localized(row.description, locale) && <span className="muted text-xs line-clamp-1">{localized(row.description, locale)}</span>}
        </span>
      ),
    },
    { key: "kind", label: "resources.requirements.fields.kind", sortable: true, render: (row, { t }) => t(REQUIREMENT_KIND_LABELS[row.kind]) },
    {
      key: "required",
      label: "resources.requirements.fields.required",
      sortable: true,
      render: (row, { t }) => <YesNo value={row.required} yes={t("kit.yes")} no={t("kit.no")} />,
    },
    { key: "updatedAt", label: "kit.updatedAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.updatedAt} locale={locale} timeZone={timeZone} /> },
  ],
  fields: [
    { kind: "localized", name: "name", label: "resources.requirements.fields.name", required: true },
    { kind: "localized", name: "description", label: "resources.requirements.fields.description", rows: 3 },
    { kind: "select", name: "kind", label: "resources.requirements.fields.kind", options: kindOptions, required: true },
    { kind: "switch", name: "required", label: "resources.requirements.fields.required", hint: "resources.requirements.requiredHint" },
  ],
  schemas: () => import("../../contract/catalogue").then((m) => ({ create: m.requirementInput, patch: m.requirementPatch })),
  empty: () => ({ name: { en: "", ar: "", ku: "" }, description: { en: "", ar: "", ku: "" }, kind: "document", required: true }),
  title: (row, locale) => localized(row.name, locale),
  defaultSort: { sort: (locale) => `name.${locale}`, order: "asc" },
  filters: [{ name: "kind", label: "resources.requirements.fields.kind", options: kindOptions }],
};

/** Every requirement as options (the visa form). */
export const requirementOptions: OptionsSource = {
  load: async (locale) => optionsOf(await wholeList<VisaRequirement>("visa-requirements/complete-list"), (r) => r.name, locale),
};
