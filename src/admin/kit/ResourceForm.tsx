/**
 * The form of a resource, driven by its field definitions and the API's zod schema (through a form store), in a
 * dialog with an unsaved-changes guard: closing it with changes asks first, and leaving the page makes the
 * browser ask. Errors the fields do not show (a 409, no answer, an unknown field) appear above the form.
 */
import { useStore } from "@nanostores/react";
import { Save } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { Alert, Button, Dialog, type DialogSize } from "../../components/ui";
import type { FormStore } from "./form.store";
import { FormFields, fieldPaths, loadFieldParts as loadFields } from "./FormFields";
import { messageText, useUnsavedChangesGuard } from "./hooks";
import type { FieldDef } from "./resource";
import { UnsavedChangesDialog, loadUnsavedChangesDialog } from "./UnsavedChangesDialog";

type AnyForm = FormStore<Record<string, unknown>>;

/** What a form of these fields shows besides itself: its fields' parts and the "unsaved changes" question. */
export const loadFieldParts = (fields: readonly FieldDef[]) => Promise.all([loadFields(fields), loadUnsavedChangesDialog()]);

export interface ResourceFormProps {
  form: AnyForm;
  fields: readonly FieldDef[];
  currency: string;
  /** Runs with the validated API input; a thrown 400 lands on the fields. */
  onSubmit: (input: unknown) => Promise<unknown>;
  id?: string;
  children?: ReactNode;
  /** Parts of the values edited beside the form that show their own errors (a rich-text message), by name. */
  beside?: readonly { name: string }[];
}

/** The form itself (no buttons: the dialog's footer submits it through the form's id). */
export function ResourceForm({ form, fields, currency, onSubmit, id, children, beside = [] }: ResourceFormProps) {
  const t = useT();
  const errors = useStore(form.$errors);
  const formError = useStore(form.$formError);
  const shown = fieldPaths(fields);
  // Parts edited beside the form show their own errors (the rich-text message under its editor): not twice.
  for (const part of beside) shown.add(part.name);
  const others = Object.entries(errors).filter(([path]) => !shown.has(path) && ![...shown].some((p) => path.startsWith(`${p}.`)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    await form.submit(onSubmit);
    // Keyboard and screen-reader users land on the first field that needs them.
    requestAnimationFrame(() => element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="resource-form">
      {(formError || others.length > 0) && (
        <Alert testId="form-error">
          {formError && <p>{messageText(t, formError)}</p>}
          {others.map(([path, message]) => (
            <p key={path}>{path ? `${path}: ${messageText(t, message)}` : messageText(t, message)}</p>
          ))}
        </Alert>
      )}
      <FormFields fields={fields} form={form} currency={currency} />
      {children}
    </form>
  );
}

export interface FormDialogProps extends Omit<ResourceFormProps, "id"> {
  open: boolean;
  title: ReactNode;
  /** Called when the dialog may close (saved, or changes discarded). */
  onClose: () => void;
  submitLabel?: string;
  size?: DialogSize;
  /** Shown after the form, outside it (uploads that save on their own). */
  after?: ReactNode;
  testId?: string;
}

export function FormDialog({ open, title, onClose, submitLabel, size = "lg", after, testId = "form-dialog", form, ...formProps }: FormDialogProps) {
  const t = useT();
  const id = useId();
  const dirty = useStore(form.$dirty);
  const pending = useStore(form.$pending);
  const [asking, setAsking] = useState(false);
  useUnsavedChangesGuard(open && dirty);

  const requestClose = () => {
    if (pending) return;
    if (dirty) setAsking(true);
    else onClose();
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
        title={title}
        size={size}
        testId={testId}
        footer={
          <>
            <Button onClick={requestClose} disabled={pending} data-testid="form-cancel">
              {t("ui.cancel")}
            </Button>
            <Button type="submit" form={id} variant="primary" icon={Save} pending={pending} data-testid="form-submit">
              {submitLabel ?? t("kit.save")}
            </Button>
          </>
        }
      >
        <ResourceForm id={id} form={form} {...formProps} />
        {after}
      </Dialog>
      <UnsavedChangesDialog
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          form.reset();
          onClose();
        }}
      />
    </>
  );
}
