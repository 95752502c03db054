/**
 * "You have unsaved changes" (kit). Its own module, apart from the form dialog: pages with an inline form (the theme)
 * import it without pulling in the dialog, and the question itself (Headless UI's dialog) loads only when asked.
 */
import { Suspense } from "react";
import { useT } from "../../lib/i18n";
import { confirmDialog } from "../../components/ui/confirm-dialog-part";

const ConfirmDialog = confirmDialog.Part;

/** Loaded with the form that may ask it (ResourceForm's loadFieldParts), so the question shows at once. */
export const loadUnsavedChangesDialog = () => confirmDialog.load();

/** "You have unsaved changes": keep editing (the safe answer, focused) or discard them. */
export function UnsavedChangesDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const t = useT();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        title={t("kit.unsavedTitle")}
        message={t("kit.unsavedMessage")}
        confirmLabel={t("kit.discard")}
        cancelLabel={t("kit.keepEditing")}
        onConfirm={onDiscard}
        onCancel={onKeep}
        testId="unsaved-dialog"
      />
    </Suspense>
  );
}
