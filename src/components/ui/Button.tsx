/**
 * Buttons of spec §9: large, outlined, extra-large rounded. "primary" is the one filled call to action of a view;
 * "danger" confirms something that cannot be undone; "ghost" is for toolbars. A pending button shows a spinner,
 * says it is busy and cannot be pressed twice.
 */
import { LoaderCircle, type IconComponent } from "./icons";
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";

export type ButtonVariant = "outline" | "primary" | "danger" | "ghost";
export type ButtonSize = "md" | "sm";

const VARIANTS: Record<ButtonVariant, string> = {
  outline: "border-primary-600 text-primary-700 hover:bg-primary-500/10 dark:border-primary-400 dark:text-primary-300",
  primary: "border-primary-600 bg-primary-500 text-stone-950 hover:bg-primary-400 dark:border-primary-400",
  danger: "border-error-600 text-error-600 hover:bg-error-500/10",
  ghost: "border-transparent text-[var(--text)] hover:bg-[color-mix(in_srgb,var(--text)_8%,transparent)]",
};
const SIZES: Record<ButtonSize, string> = {
  md: "min-h-11 px-5 gap-2",
  sm: "min-h-9 px-3.5 gap-1.5 text-sm",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  pending?: boolean;
  /** Shown before the label; directional icons should also get `flipIcon`. */
  icon?: IconComponent;
  flipIcon?: boolean;
  children?: ReactNode;
}

export function buttonClass(variant: ButtonVariant = "outline", size: ButtonSize = "md", extra = ""): string {
  return [
    "inline-flex items-center justify-center rounded-[var(--radius-control)] border-[1.5px] font-semibold cursor-pointer",
    "transition-colors disabled:cursor-not-allowed disabled:opacity-55 data-disabled:cursor-not-allowed data-disabled:opacity-55",
    VARIANTS[variant],
    SIZES[size],
    extra,
  ].join(" ");
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "outline", size = "md", pending = false, icon: Icon, flipIcon, className = "", type = "button", disabled, children, ...rest },
  ref,
) {
  const iconSize = size === "sm" ? 18 : 20;
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass(variant, size, `${pending ? "cursor-wait" : ""} ${className}`)}
      {...rest}
    >
      {pending ? (
        <LoaderCircle size={iconSize} aria-hidden="true" className="animate-spin shrink-0" />
      ) : (
        Icon && <Icon size={iconSize} aria-hidden="true" className={`shrink-0 ${flipIcon ? "flip-rtl" : ""}`} />
      )}
      {children}
    </button>
  );
});

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  /** The accessible name, also shown as a tooltip: an icon alone says nothing to a screen reader. */
  label: string;
  icon: IconComponent;
  flipIcon?: boolean;
  tone?: "default" | "danger";
  size?: ButtonSize;
}

/** A round icon-only button with a required label. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon: Icon, flipIcon, tone = "default", size = "md", className = "", type = "button", ...rest },
  ref,
) {
  const box = size === "sm" ? "size-9" : "size-11";
  const color = tone === "danger" ? "text-error-600 hover:bg-error-500/10" : "hover:bg-[color-mix(in_srgb,var(--text)_8%,transparent)]";
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={`inline-grid place-items-center rounded-full cursor-pointer shrink-0 disabled:opacity-45 disabled:cursor-not-allowed ${box} ${color} ${className}`}
      {...rest}
    >
      <Icon size={size === "sm" ? 20 : 24} aria-hidden="true" className={flipIcon ? "flip-rtl" : undefined} />
    </button>
  );
});
