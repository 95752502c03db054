/**
 * Form controls of spec §9 (outlined, compact, extra-large rounded), on native elements: the label, the hint and
 * the error are tied to the control (htmlFor, aria-describedby) through a small context, an error also sets
 * aria-invalid. No Headless UI here (issue 9): these blocks sit on pages that must stay light (tables, filters).
 * Texts arrive already translated: these blocks know nothing of message keys.
 */
import { ChevronDown, CircleAlert } from "./icons";
import { createContext, useContext, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

interface FieldIds {
  control: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
}
const FieldContext = createContext<FieldIds | null>(null);

/** The attributes that tie a control to the Field around it (id, aria-describedby, aria-invalid, disabled). */
export function useFieldControl(invalid: boolean) {
  const ids = useContext(FieldContext);
  const describedBy = [ids?.hint, ids?.error].filter(Boolean).join(" ") || undefined;
  return {
    id: ids?.control,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
    disabled: ids?.disabled || undefined,
    "data-disabled": ids?.disabled ? "" : undefined,
  };
}

export const controlClass = (invalid?: boolean, extra = "") =>
  [
    "block w-full min-h-10 rounded-[var(--radius-control)] border bg-[var(--surface)] px-4 py-1.5 text-[var(--text)]",
    "focus:outline-2 focus:outline-primary-500/40 focus:border-primary-500 data-disabled:opacity-60",
    invalid ? "border-error-600" : "border-[var(--border)]",
    extra,
  ].join(" ");

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** The error, in words; its presence marks the control invalid. */
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
  testId?: string;
  labelClassName?: string;
  labelLang?: string;
  errorTestId?: string;
}

/** Label above, the control, then the hint and the error below it. */
export function Field({ label, hint, error, required, disabled, className = "", children, testId, labelClassName = "text-sm font-medium", labelLang, errorTestId }: FieldProps) {
  const id = useId();
  const ids: FieldIds = { control: `${id}c`, hint: hint ? `${id}h` : undefined, error: error ? `${id}e` : undefined, disabled };
  return (
    <FieldContext.Provider value={ids}>
      <div className={`flex flex-col gap-1 ${className}`} data-disabled={disabled ? "" : undefined} data-testid={testId}>
        <label className={labelClassName} htmlFor={ids.control} lang={labelLang}>
          {label}
          {required && <span aria-hidden="true" className="text-error-600 ms-0.5">*</span>}
        </label>
        {children}
        {hint && <p id={ids.hint} className="muted text-xs px-4">{hint}</p>}
        <FieldError error={error} describes testId={errorTestId} />
      </div>
    </FieldContext.Provider>
  );
}

/**
 * An error line. `describes`: inside a Field, tie it to the control (aria-describedby); elsewhere (under a group of
 * controls, an upload) it is a plain line.
 */
export function FieldError({ error, testId, describes = false }: { error?: string | null | undefined; testId?: string; describes?: boolean }) {
  const ids = useContext(FieldContext);
  if (!error) return null;
  const props = { className: "text-error-600 text-sm px-4 flex items-center gap-1", "data-testid": testId ?? "field-error", "data-field-error": "" };
  const content = (
    <>
      <CircleAlert size={16} aria-hidden="true" className="shrink-0" />
      <span>{error}</span>
    </>
  );
  return (
    <p id={describes ? ids?.error : undefined} {...props}>
      {content}
    </p>
  );
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "size">;

export interface TextFieldProps extends NativeInput {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** A multi-line text area with this many rows. */
  rows?: number;
  /** Something inside the control at the inline start / end (a currency, an icon button). */
  start?: ReactNode;
  end?: ReactNode;
  fieldClassName?: string;
  testId?: string;
}

export function TextField({
  label, value, onValue, hint, error, rows, start, end, required, disabled, fieldClassName, className = "", testId, ...input
}: TextFieldProps) {
  const invalid = Boolean(error);
  const pad = `${start ? "ps-12" : ""} ${end ? "pe-12" : ""}`;
  return (
    <Field label={label} hint={hint} error={error} required={required} disabled={disabled} className={fieldClassName}>
      {/* Adornments sit on the sides of the input's own direction (a left-to-right amount keeps its currency on the left). */}
      <div className="relative" dir={input.dir}>
        {start && <div className="pointer-events-none absolute inset-y-0 start-3 flex items-center muted text-sm">{start}</div>}
        {rows ? (
          <FieldTextarea
            value={value}
            onChange={(event) => onValue(event.target.value)}
            rows={rows}
            invalid={invalid}
            required={required}
            data-testid={testId}
            className={controlClass(invalid, `rounded-2xl! py-2 ${pad} ${className}`)}
            {...(input as Record<string, unknown>)}
          />
        ) : (
          <FieldInput
            value={value}
            onChange={(event) => onValue(event.target.value)}
            invalid={invalid}
            required={required}
            data-testid={testId}
            className={controlClass(invalid, `${pad} ${className}`)}
            {...input}
          />
        )}
        {end && <div className="absolute inset-y-0 end-1 flex items-center">{end}</div>}
      </div>
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose…", "All"). */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
  name?: string;
}

/** A native select (the most accessible choice on every device), styled like the other controls. */
export function Select({ label, value, onValue, options, placeholder, hint, error, required, disabled, className, testId, name }: SelectProps) {
  const invalid = Boolean(error);
  return (
    <Field label={label} hint={hint} error={error} required={required} disabled={disabled} className={className}>
      <div className="relative">
        <FieldSelect
          value={value}
          name={name}
          onChange={(event) => onValue(event.target.value)}
          invalid={invalid}
          required={required}
          data-testid={testId}
          className={controlClass(invalid, "appearance-none pe-10")}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FieldSelect>
        <ChevronDown size={18} aria-hidden="true" className="pointer-events-none absolute inset-y-0 end-3 my-auto muted" />
      </div>
    </Field>
  );
}

type Invalid = { invalid?: boolean };

/** An <input> wired to its Field (Headless UI's `invalid` prop kept, so callers read the same). */
export function FieldInput({ invalid = false, ...rest }: InputHTMLAttributes<HTMLInputElement> & Invalid) {
  return <input {...useFieldControl(invalid)} {...rest} />;
}

export function FieldTextarea({ invalid = false, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & Invalid) {
  return <textarea {...useFieldControl(invalid)} {...rest} />;
}

export function FieldSelect({ invalid = false, ...rest }: SelectHTMLAttributes<HTMLSelectElement> & Invalid) {
  return <select {...useFieldControl(invalid)} {...rest} />;
}
