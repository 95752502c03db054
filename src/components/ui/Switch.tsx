/**
 * An on/off switch with its label: a native button with role="switch" and aria-checked (Space and Enter toggle it,
 * as buttons do), the label and hint tied to it; the knob moves to the inline end. Native, not Headless UI, so
 * pages with a switch in a table stay light (issue 9).
 */
import { useId, type ReactNode } from "react";

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
  const id = useId();
  return (
    <div className={`flex items-center gap-3 ${className}`} data-disabled={disabled ? "" : undefined}>
      <button
        type="button"
        role="switch"
        id={`${id}s`}
        aria-checked={checked}
        aria-labelledby={`${id}l`}
        aria-describedby={hint ? `${id}h` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-checked={checked ? "" : undefined}
        data-disabled={disabled ? "" : undefined}
        data-testid={testId}
        className="group relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-[var(--border)] bg-[color-mix(in_srgb,var(--text)_15%,transparent)] transition-colors data-checked:border-primary-600 data-checked:bg-primary-500 data-disabled:cursor-not-allowed data-disabled:opacity-55 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-500"
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-1 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-6 rtl:-translate-x-1 rtl:group-data-checked:-translate-x-6"
        />
      </button>
      <span className={labelHidden ? "sr-only" : "flex flex-col"}>
        <label id={`${id}l`} htmlFor={`${id}s`} className="text-sm font-medium cursor-pointer">{label}</label>
        {hint && <span id={`${id}h`} className="muted text-xs">{hint}</span>}
      </span>
    </div>
  );
}
