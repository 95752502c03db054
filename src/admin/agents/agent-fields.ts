/**
 * The agency's profile as the office edits it (agents/editByAdmin): the same fields, labels and rules as the agency's
 * own profile form and the registration form (the API's zod schema checks them on both sides).
 */
import { LOCALES, LOCALE_INFO } from "../../shared/locales";
import type { FieldDef } from "../kit/resource";

export const AGENT_PROFILE_FIELDS: FieldDef[] = [
  { name: "name", label: "auth.agencyName", kind: "text", required: true, maxLength: 120 },
  { name: "contactName", label: "auth.contactName", kind: "text", required: true, maxLength: 120 },
  { name: "email", label: "auth.email", kind: "text", required: true, ltr: true },
  { name: "phone", label: "auth.phone", kind: "text", required: true, ltr: true },
  { name: "address", label: "auth.address", kind: "text", maxLength: 300, wide: true },
  { name: "city", label: "auth.city", kind: "text", maxLength: 80 },
  {
    name: "locale", label: "account.language", hint: "account.languageHint", kind: "select",
    // Each language in its own name, as on the agency's own profile page.
    options: { load: async () => LOCALES.map((l) => ({ value: l, label: LOCALE_INFO[l].nativeName })) },
  },
];

/** Message key of each field's label in the history ("name: A → B"). */
export const HISTORY_FIELD_LABELS: Record<string, string> = {
  name: "auth.agencyName", contactName: "auth.contactName", email: "auth.email", phone: "auth.phone",
  address: "auth.address", city: "auth.city", locale: "account.language", group: "agents.columns.group",
  // The credit line (issue 30: PATCH agents/{id}/credit writes these).
  creditLimit: "credit.ownLimit", creditTermsDays: "credit.terms", creditFrozen: "credit.state",
};
