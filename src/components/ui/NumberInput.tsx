/**
 * THE input for amounts and counts (issue 11): it shows the page's digits (Arabic-Indic in ar and ku, Latin in en —
 * the rule tables follow, format.ts), takes any digits a keyboard sends (numbers.ts), and hands the caller the typed
 * text with the parsed value: integer minor units for money, a whole number for counts, or the problem's message key.
 */
import type { InputHTMLAttributes, ReactNode } from "react";
import { pageLocale } from "../../lib/i18n";
import { Field, FieldInput, controlClass } from "./Field";
import { localizeDigits, minorToText, parseMoney, parseWholeNumber, type ParsedNumber } from "./numbers";

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "inputMode" | "type" | "size" | "dir">;

export interface NumberInputProps extends NativeInput {
  /** The text as typed (any digits); shown in the page's digits. */
  value: string;
  onValue: (text: string, parsed: ParsedNumber) => void;
  /** "money": major units with the currency's decimals → minor units; "whole": a count. */
  kind?: "money" | "whole";
  currency?: string;
  /** The page's language unless told (component tests, previews). */
  locale?: string;
  invalid?: boolean;
  testId?: string;
}

/** Parses text the way the input does (for stores that keep the text and convert on submit). */
export function parseNumberInput(text: string, kind: "money" | "whole", currency = "USD"): ParsedNumber {
  return kind === "money" ? parseMoney(text, currency) : parseWholeNumber(text);
}

/** A bare input (inside a Field it takes the label, hint and error ids; alone it needs an aria-label or <label>). */
export function NumberInput({ value, onValue, kind = "money", currency = "USD", locale, invalid = false, testId, className, ...rest }: NumberInputProps) {
  const lang = locale ?? pageLocale();
  return (
    <FieldInput
      {...rest}
      invalid={invalid}
      type="text"
      inputMode={kind === "money" ? "decimal" : "numeric"}
      // Digits of any system run left to right; the amount's end stays at the field's end in both directions.
      dir="ltr"
      autoComplete="off"
      spellCheck={false}
      className={className ?? controlClass(invalid, "text-end tabular-nums")}
      data-testid={testId}
      value={localizeDigits(value, lang)}
      onChange={(event) => {
        const input = event.target;
        const text = localizeDigits(input.value, lang);
        if (text !== input.value) {
          // One character for one: write it back in place so the caret stays where the person is typing.
          const { selectionStart, selectionEnd } = input;
          input.value = text;
          if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
        }
        onValue(text, parseNumberInput(text, kind, currency));
      }}
    />
  );
}

export interface NumberFieldProps extends NumberInputProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  required?: boolean;
  /** Shown at the inline end (a unit: "days", "pages"). */
  end?: ReactNode;
  fieldClassName?: string;
}

/** Label, the input (with the currency at its start for money), hint and error: the TextField of numbers. */
export function NumberField({ label, hint, error, required, disabled, end, fieldClassName, kind = "money", currency = "USD", ...input }: NumberFieldProps) {
  const invalid = Boolean(error);
  const start = kind === "money" ? currency : undefined;
  return (
    <Field label={label} hint={hint} error={error} required={required} disabled={disabled} className={fieldClassName}>
      <div className="relative" dir="ltr">
        {start && <div className="pointer-events-none absolute inset-y-0 start-3 flex items-center muted text-sm">{start}</div>}
        <NumberInput {...input} kind={kind} currency={currency} required={required} invalid={invalid} className={controlClass(invalid, `text-end tabular-nums ${start ? "ps-14" : ""} ${end ? "pe-16" : ""}`)} />
        {end && <div className="absolute inset-y-0 end-1 flex items-center">{end}</div>}
      </div>
    </Field>
  );
}

/** "125.50" in the page's digits and the currency's decimals: the example of a money field's hint. */
export function moneyExample(currency: string, locale?: string): string {
  return localizeDigits(minorToText(12550, currency), locale ?? pageLocale());
}
