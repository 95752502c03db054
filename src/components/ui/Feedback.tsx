/** Small status pieces: skeleton blocks, a spinner, a progress bar, an alert with an optional action, an empty state. */
import { CircleAlert, Inbox, LoaderCircle, type IconComponent } from "./icons";
import type { ReactNode } from "react";

export function Skeleton({ className = "h-4 w-full" }: { className?: string }) {
  return <span aria-hidden="true" className={`skeleton block ${className}`} />;
}

export function Spinner({ label, size = 20 }: { label: string; size?: number }) {
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <LoaderCircle size={size} aria-hidden="true" className="animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A determinate progress bar; `value` from 0 to 1. It fills from the inline start. */
export function ProgressBar({ value, label, testId }: { value: number; label: string; testId?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-[color-mix(in_srgb,var(--text)_12%,transparent)]"
      data-testid={testId}
    >
      <div className="h-full rounded-full bg-primary-500 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

export function Alert({ children, action, tone = "error", testId }: { children: ReactNode; action?: ReactNode; tone?: "error" | "warning" | "info"; testId?: string }) {
  const color = tone === "error" ? "border-error-600 text-error-600" : tone === "warning" ? "border-warning-600 text-warning-600" : "border-info-600 text-info-600";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`flex flex-wrap items-center gap-3 rounded-2xl border px-4 py-3 text-sm ${color}`} data-testid={testId}>
      <CircleAlert size={20} aria-hidden="true" className="shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}

export function EmptyState({ title, hint, icon: Icon = Inbox, action, testId }: { title: ReactNode; hint?: ReactNode; icon?: IconComponent; action?: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-10 text-center" data-testid={testId}>
      <Icon size={24} aria-hidden="true" className="text-primary-600" />
      <p className="font-semibold">{title}</p>
      {hint && <p className="muted text-sm">{hint}</p>}
      {action}
    </div>
  );
}
