/**
 * Renders a form's fields from their definitions (resource.ts), bound to a form store: each control shows its own
 * error (client rule or API 400), localized fields put the three languages side by side, each input in its own
 * language and direction.
 */
import { useStore } from "@nanostores/react";
import { useT, type TFn } from "../../lib/i18n";
import { Suspense } from "react";
import { lazyPart } from "../../lib/lazy-part";
// The controls' own modules, not the ui index: the edge draws these fields (the theme page) without the dialogs and
// multi-choice behind the index.
import { Field, FieldError, FieldInput, FieldTextarea, Select, TextField, controlClass } from "../../components/ui/Field";
import { Switch } from "../../components/ui/Switch";
import { NumberField, moneyExample } from "../../components/ui/NumberInput";
import { LOCALES, LOCALE_INFO } from "../../shared/locales";
import { getPath, type FieldErrors, type FormStore } from "./form.store";
import { messageText, useOptions } from "./hooks";
import type { FieldDef } from "./resource";

// The searchable multi-choice (Headless UI's combobox and its positioning) loads only with a form that has one.
const multiSelect = lazyPart(() => import("../../components/ui/MultiSelect").then((m) => m.MultiSelect));
const MultiSelect = multiSelect.Part;

/** The parts these fields show, loaded before their form opens (no Suspense wait inside an opening dialog). */
export function loadFieldParts(fields: readonly FieldDef[]): Promise<unknown> {
  return Promise.all(fields.some((field) => field.kind === "multiselect") ? [multiSelect.load()] : []);
}

export const testIdOf = (path: string) => `field-${path.replace(/\./g, "-")}`;

interface FieldsProps<V> {
  fields: readonly FieldDef[];
  form: FormStore<V>;
  /** The currency of money fields (ISO 4217). */
  currency: string;
  /** Two columns from md up (default), or one (narrow places). */
  columns?: 1 | 2;
}

export function FormFields<V>({ fields, form, currency, columns = 2 }: FieldsProps<V>) {
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  return (
    <div className={`grid gap-4 ${columns === 2 ? "md:grid-cols-2" : ""}`}>
      {fields.map((field) => (
        <div key={field.name} className={columns === 2 && (field.wide || field.kind === "localized") ? "md:col-span-2" : ""}>
          <FormField field={field} value={getPath(values, field.name)} errors={errors} onValue={(v) => form.setValue(field.name, v)} currency={currency} />
        </div>
      ))}
    </div>
  );
}

/** Paths of the fields (and their languages) that show their own errors; the form shows the rest at its top. */
export function fieldPaths(fields: readonly FieldDef[]): Set<string> {
  const paths = new Set<string>();
  for (const field of fields) {
    paths.add(field.name);
    if (field.kind === "localized") for (const locale of LOCALES) paths.add(`${field.name}.${locale}`);
  }
  return paths;
}

interface FormFieldProps {
  field: FieldDef;
  value: unknown;
  errors: FieldErrors;
  onValue: (value: unknown) => void;
  currency: string;
}

function FormField({ field, value, errors, onValue, currency }: FormFieldProps) {
  const t = useT();
  const error = messageText(t, errors[field.name]) ?? errorUnder(t, errors, field.name);
  const label = t(field.label);
  const hint = field.hint ? t(field.hint) : undefined;
  const testId = testIdOf(field.name);
  switch (field.kind) {
    case "localized":
      return <LocalizedField field={field} value={value as Record<string, string>} errors={errors} onValue={onValue} />;
    case "switch":
      return <Switch label={label} hint={hint} checked={Boolean(value)} onChange={onValue} testId={testId} className="min-h-10" />;
    case "select":
      return <SelectField field={field} value={String(value ?? "")} error={error} onValue={onValue} />;
    case "multiselect":
      return <MultiSelectField field={field} value={(value as string[]) ?? []} error={error} onValue={onValue} />;
    case "money":
    case "number":
      // One input for amounts and counts (components/ui/NumberInput): the page's digits, any digits accepted.
      return (
        <NumberField
          kind={field.kind === "money" ? "money" : "whole"} currency={currency} label={label} required={field.required} value={String(value ?? "")} onValue={onValue} error={error} testId={testId}
          hint={hint ?? (field.kind === "money" ? t("money.hint", { currency, example: moneyExample(currency) }) : undefined)}
          end={field.kind === "number" && field.unit ? <span className="muted text-sm pe-3">{t(field.unit)}</span> : undefined}
        />
      );
    case "colour":
      return <ColourField label={label} value={String(value ?? "")} error={error} onValue={onValue} testId={testId} />;
    case "textarea":
      return <TextField label={label} hint={hint} required={field.required} value={String(value ?? "")} onValue={onValue} error={error} rows={field.rows ?? 3} testId={testId} />;
    case "text":
      return (
        <TextField
          label={label}
          hint={hint}
          required={field.required}
          value={String(value ?? "")}
          onValue={(v) => onValue(field.upperCase ? v.toUpperCase() : v)}
          error={error}
          dir={field.ltr ? "ltr" : undefined}
          className={field.ltr ? "rtl:text-end" : ""}
          maxLength={field.maxLength}
          placeholder={field.placeholder}
          testId={testId}
          autoComplete="off"
        />
      );
  }
}

/** An error reported under a field's path (e.g. "requirementIds.3"): shown on the field itself. */
function errorUnder(t: TFn, errors: FieldErrors, path: string): string | undefined {
  const key = Object.keys(errors).find((k) => k.startsWith(`${path}.`) && !/\.(en|ar|ku)$/.test(k));
  return key ? messageText(t, errors[key]) : undefined;
}

function LocalizedField({ field, value, errors, onValue }: { field: Extract<FieldDef, { kind: "localized" }>; value: Record<string, string>; errors: FieldErrors; onValue: (value: unknown) => void }) {
  const t = useT();
  const whole = messageText(t, errors[field.name]);
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testIdOf(field.name)}>
      <legend className="text-sm font-semibold">
        {t(field.label)}
        {field.required && <span aria-hidden="true" className="text-error-600 ms-0.5">*</span>}
      </legend>
      <div className="grid gap-3 md:grid-cols-3">
        {LOCALES.map((locale) => {
          const info = LOCALE_INFO[locale];
          const error = messageText(t, errors[`${field.name}.${locale}`]);
          const common = {
            value: value?.[locale] ?? "",
            onChange: (event: { target: { value: string } }) => onValue({ ...value, [locale]: event.target.value }),
            lang: info.htmlLang,
            dir: info.dir,
            invalid: Boolean(error),
            "data-testid": testIdOf(`${field.name}.${locale}`),
          };
          return (
            <Field key={locale} label={info.nativeName} labelLang={info.htmlLang} labelClassName="text-xs font-medium muted" error={error} errorTestId={`${testIdOf(`${field.name}.${locale}`)}-error`}>
              {field.rows ? (
                <FieldTextarea rows={field.rows} className={controlClass(Boolean(error), "rounded-2xl! py-2")} {...common} />
              ) : (
                <FieldInput className={controlClass(Boolean(error))} autoComplete="off" {...common} />
              )}
            </Field>
          );
        })}
      </div>
      {field.hint && <p className="muted text-xs px-4">{t(field.hint)}</p>}
      <FieldError error={whole} />
    </fieldset>
  );
}

function SelectField({ field, value, error, onValue }: { field: Extract<FieldDef, { kind: "select" }>; value: string; error?: string; onValue: (value: unknown) => void }) {
  const t = useT();
  const { options, loading } = useOptions(field.options);
  return (
    <Select
      label={t(field.label)}
      hint={field.hint ? t(field.hint) : undefined}
      required={field.required}
      value={value}
      onValue={onValue}
      options={options}
      placeholder={loading ? t("kit.loading") : t(field.placeholder ?? "kit.choose")}
      error={error}
      disabled={loading}
      testId={testIdOf(field.name)}
    />
  );
}

function MultiSelectField({ field, value, error, onValue }: { field: Extract<FieldDef, { kind: "multiselect" }>; value: string[]; error?: string; onValue: (value: unknown) => void }) {
  const t = useT();
  const { options } = useOptions(field.options);
  return (
    <Suspense fallback={<div className="min-h-16" aria-busy="true" />}>
      <MultiSelect
        label={t(field.label)}
        hint={field.hint ? t(field.hint) : undefined}
        value={value}
        onChange={onValue}
        options={options}
        error={error}
        testId={testIdOf(field.name)}
      />
    </Suspense>
  );
}

/** A colour: the browser's picker and the hex code side by side, kept in step. */
export function ColourField({ label, value, error, onValue, testId }: { label: string; value: string; error?: string; onValue: (value: string) => void; testId?: string }) {
  const t = useT();
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  return (
    <Field label={label} error={error}>
      <div className="flex items-center gap-2" dir="ltr">
        <input
          type="color"
          value={valid ? value.toLowerCase() : "#000000"}
          onChange={(event) => onValue(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-xl border border-[var(--border)] bg-[var(--surface)] p-1"
          aria-label={t("kit.pickColour", { label })}
          title={t("kit.pickColour", { label })}
        />
        <FieldInput value={value} onChange={(event) => onValue(event.target.value)} invalid={Boolean(error)} className={controlClass(Boolean(error), "font-mono")} data-testid={testId} spellCheck={false} maxLength={7} />
      </div>
    </Field>
  );
}
