/**
 * The auth forms' controls: the shared building blocks of components/ui (spec §9 look, label, hint and error tied
 * to the control) with what these forms add: message keys instead of texts, left-to-right values (email, phone,
 * password) inside right-to-left pages, a show/hide switch for passwords, and a submit button that waits for
 * hydration.
 */
import { Eye, EyeOff, type IconComponent } from "../../components/ui/icons";
import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { useT } from "../../lib/i18n";
import { Button, IconButton } from "../../components/ui/Button";
import { TextField as UiTextField, type TextFieldProps as UiTextFieldProps } from "../../components/ui/Field";
import { Alert } from "../../components/ui/Feedback";
import type { ReadableAtom } from "nanostores";
import type { Notice } from "./form.store";

export interface FieldProps extends Omit<UiTextFieldProps, "error" | "id" | "name" | "hint"> {
  /**
   * The control's name (`${form}-${field}`), also its test id; values typed before hydration are found by it
   * (useTypedBeforeHydration). The id is the Field's own, so the label stays tied to the control.
   */
  name: string;
  /** A message key ("validation.*" or "auth.*"). */
  error?: string | undefined;
  hint?: string;
  /** Latin-script values (email, phone, password) read left to right, aligned with the page's start. */
  ltr?: boolean;
}

/**
 * A left-to-right value in a right-to-left page has its own start and end swapped: align it with the page's start,
 * and give the end control (the password switch) its room on the side where the page's end is.
 */
function ltrClass(end: boolean): string {
  return `rtl:text-end ${end ? "rtl:pe-4 rtl:ps-12" : ""}`;
}

export function TextField({ name, error, ltr, className = "", end, ...props }: FieldProps) {
  const t = useT();
  return (
    <UiTextField
      {...props}
      name={name}
      end={end}
      dir={ltr ? "ltr" : undefined}
      className={`${ltr ? ltrClass(Boolean(end)) : ""} ${className}`}
      error={error ? t(error) : undefined}
      testId={name}
    />
  );
}

/** A password with a show/hide switch; the value stays left to right in every language. */
export function PasswordField(props: Omit<FieldProps, "type" | "end" | "ltr">) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      ltr
      spellCheck={false}
      autoCapitalize="off"
      end={
        <IconButton
          icon={visible ? EyeOff : Eye}
          label={t(visible ? "auth.hidePassword" : "auth.showPassword")}
          size="sm"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
        />
      }
    />
  );
}

/** The form-level message (also announced), next to the form that failed. */
export function FormNotice({ notice }: { notice: Notice | null }) {
  const t = useT();
  if (!notice) return null;
  return <Alert testId="form-error">{"key" in notice ? t(notice.key) : notice.text}</Alert>;
}

/**
 * The form's large outlined button: it cannot be pressed twice while its call is running, and it is disabled in
 * the pre-rendered HTML until the island has hydrated: a native submit would send the form (password included)
 * somewhere the app never meant to, and with the default button disabled, Enter submits nothing either.
 */
export function SubmitButton({ pending, children, testId, icon, flipIcon }: { pending: boolean; children: ReactNode; testId?: string; icon?: IconComponent; flipIcon?: boolean }) {
  const t = useT();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Button type="submit" className="w-full" pending={pending} disabled={!hydrated} icon={icon} flipIcon={flipIcon} data-testid={testId}>
      {pending ? t("common.pleaseWait") : children}
    </Button>
  );
}

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
