/**
 * Form values ⇄ records ⇄ API input, per field kind: the form holds what people type (texts, amounts in major
 * units), the API takes numbers and integer minor units. Conversions that fail answer message keys on the field.
 */
import type { LocalizedText } from "../../contract/common";
import { LOCALES } from "../../shared/locales";
import type { FieldDef } from "./resource";
import { getPath, setPath, type FieldErrors, type InputResult } from "./form.store";
import { parseMoney } from "../../components/ui/numbers";
import { fromMinorUnits, normalizeNumberText } from "./money";

export type FormValues = Record<string, unknown>;

const emptyText = (): LocalizedText => ({ en: "", ar: "", ku: "" });

/** The form's starting value for one field kind. */
export function emptyValue(field: FieldDef): unknown {
  switch (field.kind) {
    case "localized":
      return emptyText();
    case "switch":
      return false;
    case "multiselect":
      return [];
    case "colour":
      return "#000000";
    default:
      return "";
  }
}

/** Form values of a record: each field's path read and put in the form's shape. */
export function valuesFromRecord(fields: readonly FieldDef[], record: unknown, currency: string): FormValues {
  let values: FormValues = {};
  for (const field of fields) {
    const raw = getPath(record, field.name);
    let value: unknown;
    switch (field.kind) {
      case "localized": {
        const text = (raw ?? {}) as Partial<LocalizedText>;
        value = Object.fromEntries(LOCALES.map((l) => [l, text[l] ?? ""]));
        break;
      }
      case "number":
        value = typeof raw === "number" ? String(raw) : "";
        break;
      case "money":
        value = typeof raw === "number" ? fromMinorUnits(raw, currency) : "";
        break;
      case "switch":
        value = Boolean(raw);
        break;
      case "multiselect":
        value = Array.isArray(raw) ? raw.map(String) : [];
        break;
      default:
        value = raw == null ? emptyValue(field) : String(raw);
    }
    values = setPath(values, field.name, value);
  }
  return values;
}

export function emptyValues(fields: readonly FieldDef[]): FormValues {
  let values: FormValues = {};
  for (const field of fields) values = setPath(values, field.name, emptyValue(field));
  return values;
}

const WHOLE = /^-?\d+$/;

/** The API input of the form values; fields the kit cannot convert (an amount that is none) get a message key. */
export function inputFromValues(fields: readonly FieldDef[], values: FormValues, currency: string): InputResult {
  let input: FormValues = {};
  const errors: FieldErrors = {};
  for (const field of fields) {
    const raw = getPath(values, field.name);
    const empty = typeof raw === "string" && raw.trim() === "";
    if (field.required && empty) {
      errors[field.name] = { key: "validation.required" };
      continue;
    }
    let value: unknown = raw;
    switch (field.kind) {
      case "number": {
        if (empty) continue; // left out: the schema says whether it was needed
        const text = normalizeNumberText(String(raw));
        if (!WHOLE.test(text)) {
          errors[field.name] = { key: "validation.integer" };
          continue;
        }
        value = Number(text);
        break;
      }
      case "money": {
        if (empty) continue;
        const parsed = parseMoney(String(raw), currency);
        if (parsed.problem) {
          errors[field.name] = { key: parsed.problem };
          continue;
        }
        value = parsed.value;
        break;
      }
      case "select":
        if (empty) continue;
        break;
      case "text":
      case "textarea":
        value = String(raw ?? "");
        break;
      default:
        break;
    }
    input = setPath(input, field.name, value);
  }
  return Object.keys(errors).length ? { input, errors } : { input };
}
