/**
 * Agent groups: a name, a description, the default group new agencies join, the low-balance threshold under which
 * their agencies are warned, the credit line and terms their agencies follow by default (issue 30); how many agencies
 * each has.
 */
import type { Group } from "../../contract/catalogue";
import { Money } from "../../components/ui/Money";
import { formatNumber } from "../../components/ui/format";
import type { FormValues } from "../kit/fields";
import type { ResourceDefinition } from "../kit/resource";
import { DateCell, YesNo } from "../shared";

export const groups: ResourceDefinition<Group, FormValues> = {
  name: "groups",
  // Spec §7: GET groups (query) lists, GET groups/{id} reads one.
  endpoints: {
    list: "groups",
    one: (id) => `groups/${encodeURIComponent(id)}`,
    create: "groups",
    update: (id) => `groups/${encodeURIComponent(id)}`,
    remove: (id) => `groups/${encodeURIComponent(id)}`,
  },
  labels: {
    create: "resources.groups.create",
    edit: "resources.groups.edit",
    created: "resources.groups.created",
    saved: "resources.groups.saved",
    deleted: "resources.groups.deleted",
    deleteTitle: "resources.groups.deleteTitle",
    deleteMessage: "resources.groups.deleteMessage",
    search: "resources.groups.search",
    empty: "resources.groups.empty",
    emptyHint: "resources.groups.emptyHint",
  },
  columns: [
    {
      key: "name",
      label: "resources.groups.fields.name",
      sortable: true,
      primary: true,
      render: (row) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.name}</span>
          {row.description && <span className="muted text-xs line-clamp-1">{row.description}</span>}
        </span>
      ),
    },
    { key: "isDefault", label: "resources.groups.fields.isDefault", sortable: true, render: (row, { t }) => <YesNo value={row.isDefault} yes={t("kit.yes")} no={t("kit.no")} /> },
    {
      key: "lowBalanceThreshold", label: "balance.threshold", sortable: true, align: "end",
      render: (row) => <Money minor={row.lowBalanceThreshold ?? 0} currency={row.currency ?? "USD"} />,
    },
    {
      // Issue 30: the credit line its agencies follow unless they have their own.
      key: "creditLimit", label: "credit.groupLimit", align: "end",
      render: (row) => <Money minor={row.creditLimit ?? 0} currency={row.currency ?? "USD"} />,
    },
    { key: "agentCount", label: "resources.groups.fields.agentCount", sortable: true, align: "end", render: (row, { locale }) => formatNumber(row.agentCount, locale) },
    { key: "updatedAt", label: "kit.updatedAt", sortable: true, render: (row, { locale, timeZone }) => <DateCell value={row.updatedAt} locale={locale} timeZone={timeZone} /> },
  ],
  fields: [
    { kind: "text", name: "name", label: "resources.groups.fields.name", required: true, maxLength: 80 },
    { kind: "switch", name: "isDefault", label: "resources.groups.fields.isDefault", hint: "resources.groups.defaultHint" },
    // Typed in major units of the platform currency, stored in minor units; empty keeps the default (0: no warning).
    { kind: "money", name: "lowBalanceThreshold", label: "balance.threshold", hint: "balance.thresholdHint" },
    // The credit line's default for the group's agencies (issue 30): typed like the threshold; an agency's own limit wins.
    { kind: "money", name: "creditLimit", label: "credit.groupLimit", hint: "credit.groupLimitHint" },
    { kind: "number", name: "creditTermsDays", label: "credit.terms", hint: "credit.groupTermsHint", unit: "resources.visas.days", min: 1, max: 365 },
    { kind: "textarea", name: "description", label: "resources.groups.fields.description", wide: true, rows: 2 },
  ],
  schemas: () => import("../../contract/catalogue").then((m) => ({ create: m.groupInput, patch: m.groupPatch })),
  empty: () => ({ name: "", description: "", isDefault: false, lowBalanceThreshold: "", creditLimit: "", creditTermsDays: "" }),
  title: (row) => row.name,
  defaultSort: { sort: "name", order: "asc" },
};
