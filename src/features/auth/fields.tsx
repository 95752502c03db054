/**
 * The auth forms' controls (field-controls.tsx, which the edge draws too) and the browser-side helpers of the forms:
 * values typed before hydration, the caret, the first invalid field.
 */
import { useEffect, type RefObject } from "react";
import type { ReadableAtom } from "nanostores";

export { FormNotice, PasswordField, SubmitButton, TextField, type FieldProps } from "./field-controls";

/** The field that had the caret when the island mounted, and where the caret was in it. */
export interface TypedFocus {
  name: string;
  start: number | null;
  end: number | null;
}

/**
 * What the pre-rendered form holds when its island mounts (issue 9): the sign-in forms are usable before any script,
 * so a visitor may have typed (and may still be typing) while React loads. The island starts from these values, not
 * from empty ones, so hydration can never put an empty state over typed text, even when React has to draw the form
 * again instead of adopting the server's HTML. Fields are found by name, which is also their id: `${prefix}-${field}`.
 */
export function readTypedForm<F extends string>(prefix: string, fields: Record<F, string>): { values: Record<F, string>; focus: TypedFocus | null } {
  const values = { ...fields };
  let focus: TypedFocus | null = null;
  if (typeof document === "undefined") return { values, focus };
  for (const field of Object.keys(fields) as F[]) {
    const input = document.getElementsByName(`${prefix}-${field}`)[0];
    if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
    values[field] = input.value;
    if (input === document.activeElement) focus = { name: input.name, ...selectionOf(input) };
  }
  return { values, focus };
}

/** The caret of a text control (email inputs have none: null). */
function selectionOf(input: HTMLInputElement | HTMLTextAreaElement): { start: number | null; end: number | null } {
  try {
    return { start: input.selectionStart, end: input.selectionEnd };
  } catch {
    return { start: null, end: null };
  }
}

/**
 * After the island mounted: anything typed between its first render and now is handed to the form, and the caret is
 * where the visitor left it (the field keeps the focus, at the same place) should React have drawn the form anew.
 */
export function useTypedBeforeHydration<F extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  prefix: string,
  form: { $values: ReadableAtom<Record<F, string>>; setField: (field: F, value: string) => void },
  focus: TypedFocus | null = null,
) {
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    for (const [field, value] of Object.entries(form.$values.get()) as [F, string][]) {
      const input = element.elements.namedItem(`${prefix}-${field}`);
      if (input instanceof HTMLInputElement && input.value !== value) form.setField(field, input.value);
    }
    const input = focus && element.elements.namedItem(focus.name);
    if (!focus || !(input instanceof HTMLInputElement) || document.activeElement === input) return;
    // Focus moved on meanwhile (to another field, or out of the form): leave it where the visitor put it.
    if (document.activeElement && document.activeElement !== document.body) return;
    input.focus();
    try {
      if (focus.start !== null && focus.end !== null) input.setSelectionRange(focus.start, focus.end);
    } catch {
      // A control without a caret (email): the focus is enough.
    }
  }, []); // once, right after hydration
}

/** Moves the focus to the first field the form marked invalid, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement): void {
  // After React has rendered the messages.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
