/**
 * Choose several items from a list that may be long (documents a visa needs): a searchable Headless UI combobox
 * whose choices stay visible as chips above it. Keyboard: type to filter, arrows to move, Enter to toggle,
 * Backspace in an empty box removes the last chip; each chip has its own remove button.
 */
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field as HeadlessField, Label } from "@headlessui/react";
import { CircleAlert } from "lucide-react";
import { Check, ChevronDown, X } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { controlClass, type SelectOption } from "./Field";

export interface MultiSelectProps {
  label: ReactNode;
  value: readonly string[];
  onChange: (value: string[]) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

export function MultiSelect({ label, value, onChange, options, placeholder, hint, error, disabled, className = "", testId }: MultiSelectProps) {
  const t = useT();
  const [query, setQuery] = useState("");
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLocaleLowerCase().includes(needle)) : options;
  const remove = (item: string) => onChange(value.filter((v) => v !== item));

  return (
    <HeadlessField className={`flex flex-col gap-1 ${className}`} disabled={disabled} data-testid={testId}>
      <Label className="text-sm font-medium">{label}</Label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("ui.selected")}>
          {value.map((item) => (
            <li key={item} className="inline-flex items-center gap-1 rounded-full border border-[var(--border)] bg-[var(--surface-2)] ps-3 pe-1 py-0.5 text-sm">
              {byValue.get(item)?.label ?? item}
              <button
                type="button"
                className="inline-grid size-6 place-items-center rounded-full hover:bg-[color-mix(in_srgb,var(--text)_10%,transparent)] cursor-pointer"
                aria-label={t("ui.removeItem", { item: byValue.get(item)?.label ?? item })}
                onClick={() => remove(item)}
                disabled={disabled}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Combobox immediate multiple value={[...value]} onChange={(next: string[]) => onChange(next)} onClose={() => setQuery("")} disabled={disabled}>
        <div className="relative">
          <ComboboxInput
            className={controlClass(Boolean(error), "pe-10")}
            placeholder={placeholder ?? t("ui.searchToAdd")}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Backspace" && !query && value.length) remove(value[value.length - 1]!);
            }}
            displayValue={() => query}
            data-testid={testId ? `${testId}-input` : undefined}
          />
          <ComboboxButton className="absolute inset-y-0 end-1 grid w-9 place-items-center cursor-pointer" aria-label={t("ui.showOptions")}>
            <ChevronDown size={18} aria-hidden="true" className="muted" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 w-(--input-width) max-h-72 overflow-y-auto rounded-2xl border border-[var(--border)] bg-[var(--surface)] p-1 shadow-[var(--shadow-card)] [--anchor-gap:4px] empty:invisible"
        >
          {shown.length === 0 && <div className="muted px-3 py-2 text-sm">{t("ui.noMatches")}</div>}
          {shown.map((option) => (
            <ComboboxOption
              key={option.value}
              value={option.value}
              className="group flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm data-focus:bg-primary-500/15"
            >
              <Check size={16} aria-hidden="true" className="invisible shrink-0 group-data-selected:visible text-primary-700" />
              {option.label}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {hint && <p className="muted text-xs px-4">{hint}</p>}
      {error && (
        // Headless UI's Description, so the combobox's input is described by it (the Field of ./Field is native).
        <Description as="p" className="text-error-600 text-sm px-4 flex items-center gap-1" data-testid="field-error" data-field-error="">
          <CircleAlert size={16} aria-hidden="true" className="shrink-0" />
          <span>{error}</span>
        </Description>
      )}
    </HeadlessField>
  );
}
