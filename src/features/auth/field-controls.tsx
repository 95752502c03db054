/**
 * The auth forms' controls: the shared building blocks of components/ui (spec §9 look, label, hint and error tied
 * to the control) with what these forms add: message keys instead of texts, left-to-right values (email, phone,
 * password) inside right-to-left pages, a show/hide switch for passwords, and a submit button that waits for
 * hydration. No browser state here: the edge draws these too (issue 9); the DOM helpers of the forms are in fields.tsx.
 */
import { Eye, EyeOff, type IconComponent } from "../../components/ui/icons";
import { useEffect, useState, type ReactNode } from "react";
import { useT } from "../../lib/i18n";
import { Button, IconButton } from "../../components/ui/Button";
import { TextField as UiTextField, type TextFieldProps as UiTextFieldProps } from "../../components/ui/Field";
import { Alert } from "../../components/ui/Feedback";
import type { Notice } from "./form-types";

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
export function SubmitButton({
  pending, children, testId, icon, flipIcon, held = false,
}: { pending: boolean; children: ReactNode; testId?: string; icon?: IconComponent; flipIcon?: boolean; held?: boolean }) {
  const t = useT();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // `held`: drawn by the edge, its island not there yet (issue 9). A plain button cannot submit the form natively
  // (and with several fields Enter submits nothing either); the press brings the island, which is then pressed in
  // its place (src/lib/edge-view-press.ts).
  if (held) {
    return (
      <Button type="button" className="w-full" icon={icon} flipIcon={flipIcon} data-testid={testId}>
        {children}
      </Button>
    );
  }
  return (
    <Button type="submit" className="w-full" pending={pending} disabled={!hydrated} icon={icon} flipIcon={flipIcon} data-testid={testId}>
      {pending ? t("common.pleaseWait") : children}
    </Button>
  );
}
