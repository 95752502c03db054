/**
 * Visas: country, localized title and description, price (typed in major units, stored in minor units), processing
 * and validity days, entries, travel mode, featured/enabled, the applicant fields and the documents it asks for.
 * The main image is uploaded from the edit dialog; the rich content has its own full-width editor (VisaContentEditor).
 */
import { Flag } from "../../components/Flag";
import { ENTRIES, FIELD_KINDS, TRAVEL_MODES } from "../../contract/catalogue-constants";
import type { Visa, VisaSummary } from "../../contract/catalogue";
import { FIELD_KIND_LABELS } from "./field-kinds";
import { Money } from "../../components/ui/Money";
import { formatNumber } from "../../components/ui/format";
import { catalogueEndpoints } from "../kit/resource.store";
import { fromMinorUnits } from "../kit/money";
import { localized, type ResourceDefinition } from "../kit/resource";
import type { FormValues } from "../kit/fields";
import { countryOptions } from "../countries/countries.resource";
import { requirementOptions } from "../visa-requirements/requirements.resource";
import { DateCell, YesNo } from "../shared";
import { Suspense, lazy } from "react";

// The image upload shows inside the edit dialog only: it loads with it (issue 9).
const VisaImageUpload = lazy(() => import("./VisaImageUpload").then((m) => ({ default: m.VisaImageUpload })));

export const TRAVEL_MODE_LABELS: Record<(typeof TRAVEL_MODES)[number], string> = {
  Air: "resources.visas.travelMode.Air",
  Land: "resources.visas.travelMode.Land",
};
export const ENTRY_LABELS: Record<(typeof ENTRIES)[number], string> = {
  single: "resources.visas.entries.single",
  multiple: "resources.visas.entries.multiple",
};
export { FIELD_KIND_LABELS } from "./field-kinds";

const fixed = <K extends string>(labels: Record<K, string>, keys: readonly K[]) => ({ fixed: keys.map((value) => ({ value, label: labels[value] })) });
const travelModes = fixed(TRAVEL_MODE_LABELS, TRAVEL_MODES);
const yesNo = { fixed: [{ value: "true", label: "kit.yes" }, { value: "false", label: "kit.no" }] };

/** Rows of the admin list: summaries plus what admins see (their own price, hidden groups). */
export type AdminVisa = VisaSummary & Partial<Pick<Visa, "basePrice" | "hiddenFromGroups" | "content" | "fields" | "requirements">>;

export const visas: ResourceDefinition<AdminVisa, FormValues> = {
  name: "visas",
  endpoints: catalogueEndpoints("visa"),
  labels: {
    create: "resources.visas.create",
    edit: "resources.visas.edit",
    created: "resources.visas.created",
    saved: "resources.visas.saved",
    deleted: "resources.visas.deleted",
    deleteTitle: "resources.visas.deleteTitle",
    deleteMessage: "resources.visas.deleteMessage",
    search: "resources.visas.search",
    empty: "resources.visas.empty",
    emptyHint: "resources.visas.emptyHint",
  },
  columns: [
    {
      key: "title",
      label: "resources.visas.fields.title",
      sortable: (locale) => `title.${locale}`,
      primary: true,
      render: (row, { locale }) => (
        <span className="flex items-center gap-3">
          {row.image ? (
            <img src={row.image} alt="" className="size-10 shrink-0 rounded-lg object-cover" loading="lazy" />
          ) : (
            <span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-[var(--surface-2)]" />
          )}
          {/* A long title wraps onto two lines (full text in its title) instead of widening the table. */}
          <span className="line-clamp-2 min-w-40 max-w-72 font-medium" title={localized(row.title, locale)}>{localized(row.title, locale)}</span>
        </span>
      ),
    },
    {
      key: "country",
      label: "resources.visas.fields.countryId",
      sortable: true,
      render: (row, { locale }) => (
        <span className="inline-flex items-center gap-1.5">
          <Flag country={row.country} />
          {localized(row.country.name, locale)}
        </span>
      ),
    },
    {
      key: "price",
      label: "resources.visas.fields.price",
      sortable: true,
      align: "end",
      render: (row) => <Money minor={row.basePrice ?? row.price ?? 0} currency={row.currency ?? "USD"} />,
    },
    { key: "travelMode", label: "resources.visas.fields.travelMode", sortable: true, render: (row, { t }) => t(TRAVEL_MODE_LABELS[row.travelMode]) },
    {
      key: "processingDays",
      label: "resources.visas.fields.processingDays",
      sortable: true,
      align: "end",
      render: (row, { locale }) => formatNumber(row.processingDays, locale),
    },
    { key: "featured", label: "resources.visas.fields.featured", sortable: true, render: (row, { t }) => <YesNo value={row.featured} yes={t("kit.yes")} no={t("kit.no")} /> },
    { key: "enabled", label: "resources.visas.fields.enabled", sortable: true, render: (row, { t }) => <YesNo value={row.enabled} yes={t("kit.yes")} no={t("kit.no")} /> },
    { key: "updatedAt", label: "kit.updatedAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.updatedAt} locale={locale} timeZone={timeZone} /> },
  ],
  fields: [
    { kind: "select", name: "countryId", label: "resources.visas.fields.countryId", options: countryOptions, required: true },
    { kind: "select", name: "travelMode", label: "resources.visas.fields.travelMode", options: travelModes, required: true },
    { kind: "localized", name: "title", label: "resources.visas.fields.title", required: true },
    { kind: "localized", name: "description", label: "resources.visas.fields.description", rows: 2 },
    { kind: "money", name: "price", label: "resources.visas.fields.price", required: true },
    { kind: "select", name: "entries", label: "resources.visas.fields.entries", options: fixed(ENTRY_LABELS, ENTRIES), required: true },
    { kind: "number", name: "processingDays", label: "resources.visas.fields.processingDays", unit: "resources.visas.days", required: true },
    { kind: "number", name: "validityDays", label: "resources.visas.fields.validityDays", unit: "resources.visas.days", required: true },
    { kind: "switch", name: "featured", label: "resources.visas.fields.featured", hint: "resources.visas.featuredHint" },
    { kind: "switch", name: "enabled", label: "resources.visas.fields.enabled", hint: "resources.visas.enabledHint" },
    { kind: "multiselect", name: "fields", label: "resources.visas.fields.fields", hint: "resources.visas.fieldsHint", options: fixed(FIELD_KIND_LABELS, FIELD_KINDS), wide: true },
    { kind: "multiselect", name: "requirementIds", label: "resources.visas.fields.requirementIds", hint: "resources.visas.requirementsHint", options: requirementOptions, wide: true },
  ],
  schemas: () => import("../../contract/catalogue").then((m) => ({ create: m.visaInput, patch: m.visaPatch })),
  empty: () => ({
    countryId: "", travelMode: "Air", title: { en: "", ar: "", ku: "" }, description: { en: "", ar: "", ku: "" }, price: "", entries: "single",
    processingDays: "", validityDays: "", featured: false, enabled: true, fields: ["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry"], requirementIds: [],
  }),
  toValues: (visa, { currency }) => ({
    countryId: visa.country._id,
    travelMode: visa.travelMode,
    title: { ...visa.title },
    description: { ...visa.description },
    // Admins edit the visa's own price; `price` is the caller's price (the same for an admin).
    price: fromMinorUnits(visa.basePrice ?? visa.price ?? 0, currency),
    entries: visa.entries,
    processingDays: String(visa.processingDays),
    validityDays: String(visa.validityDays),
    featured: visa.featured,
    enabled: visa.enabled,
    fields: [...(visa.fields ?? [])],
    requirementIds: (visa.requirements ?? []).map((r) => r._id),
  }),
  title: (row, locale) => localized(row.title, locale),
  defaultSort: { sort: "createdAt", order: "desc" },
  filters: [
    { name: "countryId", label: "resources.visas.fields.countryId", options: countryOptions },
    { name: "travelMode", label: "resources.visas.fields.travelMode", options: travelModes },
    { name: "featured", label: "resources.visas.fields.featured", options: yesNo },
    { name: "enabled", label: "resources.visas.fields.enabled", options: yesNo },
  ],
  editAfterCreate: true,
  extra: (record, { onChange }) => (
    <Suspense fallback={null}>
      <VisaImageUpload visa={record} onChange={onChange} />
    </Suspense>
  ),
};
