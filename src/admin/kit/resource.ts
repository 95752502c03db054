/**
 * What an admin resource is (react-admin style): a name, its calls, the columns of its table, the fields of its
 * form and the API's zod schema. A resource page is then `<ResourcePage resource={…} />`: every admin list, form,
 * delete question and upload comes from the kit, and each resource is a small definition.
 * Labels are message keys written out in full ("resources.countries.fields.name"), so the locale tests see them.
 */
import type { IconComponent } from "../../components/ui/icons";
import type { ReactNode } from "react";
import type { DialogSize } from "../../components/ui/Dialog";
import type { TFn } from "../../lib/i18n";
import type * as z from "zod/mini";
import type { LocalizedText } from "../../contract/common";
import type { SelectOption } from "../../components/ui";
import type { Locale } from "../../shared/locales";
import type { FieldErrors, InputResult } from "./form.store";
import type { ResourceEndpoints, ResourceStore } from "./resource.store";

export interface ResourceSchemas {
  create: z.ZodMiniType;
  patch?: z.ZodMiniType;
}

// The table's parts live in table.ts (no store there: the edge draws tables with them); re-exported for the kit.
import type { Column, FilterDef, OptionsSource, RenderContext } from "./table";
export type { Column, FilterDef, OptionsSource, RenderContext };

interface FieldBase {
  /** Path in the form values and in the API input ("price", "name"). */
  name: string;
  /** Message key of the label. */
  label: string;
  hint?: string;
  required?: boolean;
  /** Takes the whole row of the form grid. */
  wide?: boolean;
}

export type FieldDef =
  | (FieldBase & { kind: "text"; ltr?: boolean; upperCase?: boolean; maxLength?: number; placeholder?: string })
  | (FieldBase & { kind: "textarea"; rows?: number })
  /** The three languages side by side, each input in its own direction and language. */
  | (FieldBase & { kind: "localized"; rows?: number; optional?: boolean })
  | (FieldBase & { kind: "number"; min?: number; max?: number; unit?: string })
  /** An amount typed in major units, sent as integer minor units (DESIGN §5). */
  | (FieldBase & { kind: "money" })
  | (FieldBase & { kind: "switch" })
  | (FieldBase & { kind: "select"; options: OptionsSource; placeholder?: string })
  | (FieldBase & { kind: "multiselect"; options: OptionsSource })
  | (FieldBase & { kind: "colour" });


/** Message keys of one resource's own sentences (their grammar differs per noun, so each resource has its own). */
export interface ResourceLabels {
  create: string;
  edit: string;
  created: string;
  saved: string;
  deleted: string;
  deleteTitle: string;
  /** Takes {{name}}. */
  deleteMessage: string;
  search: string;
  empty: string;
  emptyHint: string;
}

export interface ExtraAction<T> {
  id: string;
  /** Message key; the button is named "label: row title". */
  label: string;
  icon: IconComponent;
  /** Another label and icon by the row's state (mark seen / mark unseen). */
  stateOf?: (row: T) => { label: string; icon: IconComponent };
  run: (row: T, store: ResourceStore<T & { _id: string }>) => void;
}

export interface ResourceDefinition<T extends { _id: string }, V = Record<string, unknown>> {
  /** Plural, as the API and the message keys name it ("countries"). */
  name: string;
  endpoints: ResourceEndpoints;
  labels: ResourceLabels;
  columns: Column<T>[];
  fields: FieldDef[];
  /**
   * The API's create schema, and `patch` for edits (defaults to the create schema), loaded when a form first opens
   * (`() => import("../../contract/…").then((m) => ({ create: m.xInput, patch: m.xPatch }))`): the table ships no zod.
   */
  schemas: () => Promise<ResourceSchemas>;
  /** Form values for a new record. */
  empty: () => V;
  /** Form values from a record (edit); by default the fields' paths are read from the record. */
  toValues?: (record: T, ctx: { currency: string }) => V;
  /** Extra conversions after the field kinds' own: gets their input and the raw form values. */
  toInput?: (input: V, values: V) => InputResult;
  /** The row's name in the page's language (delete question, action labels). */
  title: (row: T, locale: Locale) => string;
  /** The first order of the list; a function picks the sort name per language ("name.ar"). */
  defaultSort?: { sort: string | ((locale: Locale) => string); order: "asc" | "desc" };
  filters?: FilterDef[];
  actions?: ExtraAction<T>[];
  /** More of the edit dialog after the form (image upload): only for saved records. */
  extra?: (record: T, ctx: RenderContext & { onChange: (record: T) => void }) => ReactNode;
  /**
   * A localized rich-text value edited in the dialog by one editor per language, after the fields (news messages).
   * The editors load with the dialog; `testId` prefixes their tabs and areas.
   */
  richText?: { name: string; label: string; testId: string };
  /** Rows are written by the product, not edited (events): no edit button. */
  readOnlyRows?: boolean;
  /** Message key of the dialog's submit button (default "Save"). */
  submitLabel?: string;
  dialogSize?: DialogSize;
  /** After a create, keep the dialog open on the new record (to upload its image). */
  editAfterCreate?: boolean;
  /** Which list field holds the currency of money fields (default "currency"). */
  currencyOf?: (row: T) => string | undefined;
}

/** The text of a localized value in the page's language, falling back to English, then to any language. */
export function localized(text: LocalizedText | null | undefined, locale: Locale): string {
  if (!text) return "";
  return text[locale] || text.en || text.ar || text.ku || "";
}

export type { FieldErrors };
