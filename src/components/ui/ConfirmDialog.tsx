/**
 * Asks before something that cannot be undone (delete, discard changes). The safe answer has the focus; the
 * confirm button shows progress while the action runs and the dialog stays open until it is done.
 */
import { useRef } from "react";
import { useT } from "../../lib/i18n";
import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { TriangleAlert } from "./icons";
import type { ReactNode } from "react";
import { Button } from "./Button";

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  /** Label of the confirm button; "Confirm" by default. */
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "danger" | "default";
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

export function ConfirmDialog({
  open, title, message, confirmLabel, cancelLabel, tone = "danger", pending = false, onConfirm, onCancel, testId = "confirm-dialog",
}: ConfirmDialogProps) {
  const t = useT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <HeadlessDialog open={open} onClose={() => !pending && onCancel()} role="alertdialog" initialFocus={cancelRef} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/45" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="card w-full max-w-md p-6 flex flex-col gap-4" data-testid={testId}>
          <div className="flex items-start gap-3">
            {tone === "danger" && <TriangleAlert size={24} aria-hidden="true" className="text-error-600 shrink-0" />}
            <div className="min-w-0">
              <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
              {message && <Description className="muted mt-1 text-sm">{message}</Description>}
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button ref={cancelRef} onClick={onCancel} disabled={pending} data-testid={`${testId}-cancel`}>
              {cancelLabel ?? t("ui.cancel")}
            </Button>
            <Button variant={tone === "danger" ? "danger" : "primary"} pending={pending} onClick={onConfirm} data-testid={`${testId}-confirm`}>
              {confirmLabel ?? t("ui.confirm")}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
