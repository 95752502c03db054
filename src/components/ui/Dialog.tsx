/**
 * A modal dialog over Headless UI: focus is trapped and returned, Escape and the backdrop close it (through
 * `onClose`, so a form can refuse to close with unsaved changes), the title names it. Sizes: sm for questions,
 * md/lg for forms, "full" for full-width work (the rich-content editor).
 */
import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { X } from "./icons";
import type { ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { IconButton } from "./Button";

export type DialogSize = "sm" | "md" | "lg" | "xl" | "full";

const SIZES: Record<DialogSize, string> = {
  sm: "max-w-md",
  md: "max-w-2xl",
  lg: "max-w-4xl",
  xl: "max-w-6xl",
  full: "max-w-none h-full rounded-none!",
};

export interface DialogProps {
  open: boolean;
  /** Called for Escape, a click outside and the close button. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  /** Buttons at the bottom (inline end). */
  footer?: ReactNode;
  /** Extra controls next to the close button in the title bar. */
  actions?: ReactNode;
  children?: ReactNode;
  /** "alertdialog" for questions that need an answer. */
  role?: "dialog" | "alertdialog";
  testId?: string;
}

export function Dialog({ open, onClose, title, description, size = "md", footer, actions, children, role = "dialog", testId }: DialogProps) {
  const t = useT();
  const full = size === "full";
  return (
    <HeadlessDialog open={open} onClose={onClose} role={role} className="relative z-40">
      <DialogBackdrop className="fixed inset-0 bg-black/45" />
      <div className={`fixed inset-0 flex ${full ? "" : "items-end sm:items-center justify-center p-0 sm:p-4"} overflow-y-auto`}>
        <DialogPanel
          className={`card w-full ${SIZES[size]} flex flex-col max-h-full ${full ? "" : "sm:max-h-[calc(100dvh-2rem)] rounded-b-none sm:rounded-b-[var(--radius-card)]"}`}
          data-testid={testId}
        >
          <div className="flex items-center gap-3 border-b border-[var(--border)] px-5 py-3">
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-lg font-bold truncate">{title}</DialogTitle>
              {description && <Description className="muted text-sm">{description}</Description>}
            </div>
            {actions}
            <IconButton icon={X} label={t("ui.close")} onClick={onClose} data-testid={testId ? `${testId}-close` : undefined} />
          </div>
          <div className={`flex-1 overflow-y-auto px-5 py-4 ${full ? "" : ""}`}>{children}</div>
          {footer && <div className="flex flex-wrap items-center justify-end gap-2 border-t border-[var(--border)] px-5 py-3">{footer}</div>}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
