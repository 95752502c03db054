/** An on/off switch with its label (Headless UI Switch: role="switch", Space toggles it); the knob moves to the inline end. */
import { Description, Field as HeadlessField, Label, Switch as HeadlessSwitch } from "@headlessui/react";
import type { ReactNode } from "react";

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
  testId?: string;
  /** Hide the label visually (it still names the switch), e.g. inside a table cell. */
  labelHidden?: boolean;
}

export function Switch({ label, checked, onChange, hint, disabled, className = "", testId, labelHidden }: SwitchProps) {
  return (
    <HeadlessField className={`flex items-center gap-3 ${className}`} disabled={disabled}>
      <HeadlessSwitch
        checked={checked}
        onChange={onChange}
        data-testid={testId}
        className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-[var(--border)] bg-[color-mix(in_srgb,var(--text)_15%,transparent)] transition-colors data-checked:border-primary-600 data-checked:bg-primary-500 data-disabled:cursor-not-allowed data-disabled:opacity-55 focus:outline-none data-focus:outline-3 data-focus:outline-accent-500"
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-6 rtl:-translate-x-1 rtl:group-data-checked:-translate-x-6"
        />
      </HeadlessSwitch>
      <span className={labelHidden ? "sr-only" : "flex flex-col"}>
        <Label className="text-sm font-medium cursor-pointer">{label}</Label>
        {hint && <Description className="muted text-xs">{hint}</Description>}
      </span>
    </HeadlessField>
  );
}
