/**
 * A small form as stores (values, field errors, a form-level error, pending), validated with the API's own zod
 * schema (STYLE habit 2): the same rules, and the same message keys ("validation.*"), on the form and at the API.
 * Components render these stores; tests drive the same functions.
 *
 * The schema arrives through a loader: zod is about 26 KB gzip, more than the rest of a sign-in form, so the
 * contract is a lazy chunk fetched while the person types (preload) and certainly before the first check.
 */
import { atom, map } from "nanostores";
import type * as z from "zod/mini";

import type { FieldErrors, Notice } from "./form-types";

export type { FieldErrors, Notice } from "./form-types";

export interface FormOptions<F extends string, S extends z.ZodMiniType> {
  /** The API's schema, e.g. `() => import("../../contract/auth").then((m) => m.loginInput)`. */
  schema: () => Promise<S>;
  initial: Record<F, string>;
  /** Rules the schema cannot see (a confirmation field): answers message keys per field. */
  extra?: (values: Record<F, string>) => FieldErrors<F>;
  /** What the schema receives (e.g. without empty optional fields); the values as typed by default. */
  input?: (values: Record<F, string>) => unknown;
}

/** The first problem of each field, as message keys, or the parsed input when there is none. */
export function validate<F extends string, S extends z.ZodMiniType>(
  schema: S,
  options: Pick<FormOptions<F, S>, "extra" | "input">,
  values: Record<F, string>,
): { data: z.output<S> | null; errors: FieldErrors<F> } {
  const errors: FieldErrors<F> = {};
  const result = schema.safeParse(options.input ? options.input(values) : values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "") as F;
      if (field && !errors[field]) errors[field] = issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
    }
  }
  for (const [field, key] of Object.entries(options.extra?.(values) ?? {}) as [F, string | undefined][]) {
    if (key && !errors[field]) errors[field] = key;
  }
  return { data: Object.keys(errors).length === 0 && result.success ? result.data : null, errors };
}

export function createForm<F extends string, S extends z.ZodMiniType>(options: FormOptions<F, S>) {
  const $values = map<Record<F, string>>({ ...options.initial });
  const $errors = map<FieldErrors<F>>({});
  const $formError = atom<Notice | null>(null);
  const $pending = atom(false);
  /** After the first submit, each change is checked again at once, so a fixed field loses its message. */
  let submitted = false;
  let schema: S | null = null;
  let loading: Promise<S> | null = null;

  /** Fetches the schema once; call it early (on mount) so the first submit does not wait for it. */
  function preload(): Promise<S> {
    loading ??= options.schema().then(
      (loaded) => (schema = loaded),
      (error: unknown) => {
        loading = null; // a chunk that failed to load is tried again on the next submit
        throw error;
      },
    );
    return loading;
  }

  function setField(field: F, value: string): void {
    $values.set({ ...$values.get(), [field]: value });
    if (!submitted || !schema) return;
    $errors.set(validate(schema, options, $values.get()).errors);
  }

  function setFieldError(field: F, key: string | undefined): void {
    $errors.set({ ...$errors.get(), [field]: key });
  }

  /**
   * Validates, then runs `action` with the parsed input unless the form is invalid or already pending.
   * Answers whether the action ran and succeeded; a thrown error is handed to `onError`.
   */
  async function submit(action: (data: z.output<S>) => Promise<void>, onError: (error: unknown) => void): Promise<boolean> {
    if ($pending.get()) return false;
    submitted = true;
    $formError.set(null);
    $pending.set(true);
    try {
      const { data, errors } = validate(await preload(), options, $values.get());
      $errors.set(errors);
      if (!data) return false;
      await action(data);
      return true;
    } catch (error) {
      onError(error);
      return false;
    } finally {
      $pending.set(false);
    }
  }

  function reset(values: Record<F, string> = options.initial): void {
    submitted = false;
    $values.set({ ...values });
    $errors.set({});
    $formError.set(null);
  }

  return { $values, $errors, $formError, $pending, preload, setField, setFieldError, submit, reset };
}

export type Form<F extends string, S extends z.ZodMiniType> = ReturnType<typeof createForm<F, S>>;
