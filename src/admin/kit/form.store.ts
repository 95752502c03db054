/**
 * An admin form as stores, checked with the API's own zod schema (STYLE habit 2): the same rules and the same
 * message keys ("validation.*") on the form and at the API. Values are kept in the form's shape (texts as typed,
 * amounts in major units); `toInput` turns them into the API's input, and may itself refuse a value (an amount
 * that is not one) with a message key. Errors are keyed by dotted path ("name.ar"), like the API's 400 entries.
 */
import { FetchError } from "ofetch";
import { atom, computed } from "nanostores";
import type * as z from "zod/mini";
import type { ApiErrorBody } from "../../contract/common";

/** A message key of locales/*.json, or text the API already wrote in the page's language. */
export type FieldMessage = { key: string } | { text: string };
export type FieldErrors = Record<string, FieldMessage>;

/** What `toInput` answers: the API input, and the fields it could not convert (left out of the input). */
export interface InputResult {
  input: unknown;
  errors?: FieldErrors;
}

export interface FormStoreOptions<V> {
  /** null until loaded (a lazily loaded schema is given to `reset` before the form opens). */
  schema: z.ZodMiniType | null;
  initial: V;
  toInput?: (values: V) => InputResult;
}

const clone = <V>(value: V): V => structuredClone(value);

/** Reads a dotted path ("name.en") from a nested value. */
export function getPath(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** A copy of `value` with `path` set; the objects on the way are copied, the rest is shared. */
export function setPath<V>(value: V, path: string, next: unknown): V {
  const [head, ...rest] = path.split(".");
  const node = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const copy = Array.isArray(node) ? ([...node] as unknown as Record<string, unknown>) : { ...node };
  copy[head!] = rest.length ? setPath(node[head!], rest.join("."), next) : next;
  return copy as V;
}

/** The first problem of each path, as message keys. */
export function zodErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.code === "unrecognized_keys" ? issue.keys.join(",") : issue.path.map(String).join(".");
    const key = issue.code === "unrecognized_keys" ? "validation.unknownField" : issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
    if (!errors[path]) errors[path] = { key };
  }
  return errors;
}

/**
 * The API's 400 answer as field errors: each entry is "field.path: sentence" (already in the page's language).
 * Entries without a field name come back under "" (the form shows them at its top).
 */
export function serverErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof FetchError) || (error.status !== 400 && error.status !== 409)) return null;
  const message = (error.data as Partial<ApiErrorBody> | undefined)?.message;
  const entries = Array.isArray(message) ? message : typeof message === "string" ? [message] : [];
  // A conflict belongs on a field only when the API named one ("code: …"); otherwise it is about the whole form.
  if (error.status === 409 && !entries.every((entry) => FIELD_ENTRY.test(entry))) return null;
  const errors: FieldErrors = {};
  for (const entry of entries) {
    const match = FIELD_ENTRY.exec(entry);
    const path = match ? match[1]! : "";
    const text = match ? match[2]! : entry;
    if (errors[path]) {
      const before = errors[path];
      errors[path] = { text: `${"text" in before ? before.text : ""} ${text}`.trim() };
    } else errors[path] = { text };
  }
  return errors;
}

const FIELD_ENTRY = /^([A-Za-z0-9_.,]+): (.+)$/s;

export function createFormStore<V>(options: FormStoreOptions<V>) {
  let schema = options.schema;
  let baseline = JSON.stringify(options.initial);
  const $values = atom<V>(clone(options.initial));
  const $errors = atom<FieldErrors>({});
  const $pending = atom(false);
  /** A failure that is not about one field (no answer, 409, 500): shown above the form. */
  const $formError = atom<FieldMessage | null>(null);
  const $baseline = atom(baseline);
  /** Whether the values differ from what was loaded or last saved: the unsaved-changes guard reads it. */
  const $dirty = computed([$values, $baseline], (values, saved) => JSON.stringify(values) !== saved);
  let submitted = false;

  /**
   * Checks the values; answers the API input or null, and shows every error at once: the conversions' own (an
   * amount that is none) and the schema's for everything else.
   */
  function check(values: V = $values.get()): unknown | null {
    const converted: InputResult = options.toInput ? options.toInput(values) : { input: values };
    const result = schema?.safeParse(converted.input);
    const errors = { ...(result && !result.success ? zodErrors(result.error) : {}), ...converted.errors };
    $errors.set(errors);
    // The input as converted, not zod's output: a PATCH must not gain the schema's defaults for fields it leaves out.
    return Object.keys(errors).length === 0 ? converted.input : null;
  }

  function setValue(path: string, value: unknown): void {
    $values.set(setPath($values.get(), path, value));
    // After the first submit each change is checked again, so a fixed field loses its message at once.
    if (submitted) check();
    else if ($errors.get()[path]) {
      const { [path]: _fixed, ...rest } = $errors.get();
      $errors.set(rest);
    }
  }

  /**
   * Validates and runs `action` with the API input. A 400 puts the API's messages on their fields; any other
   * failure becomes the form-level error. Answers what the action answered, or null when it did not run or failed.
   */
  async function submit<R>(action: (input: unknown) => Promise<R>): Promise<R | null> {
    if ($pending.get()) return null;
    submitted = true;
    $formError.set(null);
    const input = check();
    if (input === null) return null;
    $pending.set(true);
    try {
      const result = await action(input);
      markSaved();
      return result;
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) $errors.set(fields);
      else $formError.set(errorMessage(error));
      return null;
    } finally {
      $pending.set(false);
    }
  }

  /** The current values become the saved state (no longer "unsaved"). */
  function markSaved(): void {
    baseline = JSON.stringify($values.get());
    $baseline.set(baseline);
  }

  /** Starts over from `values` (another record opened), checked with `next` from now on when given (create vs. edit). */
  function reset(values: V = options.initial, next?: z.ZodMiniType): void {
    if (next) schema = next;
    submitted = false;
    $values.set(clone(values));
    $errors.set({});
    $formError.set(null);
    baseline = JSON.stringify(values);
    $baseline.set(baseline);
  }

  return { $values, $errors, $pending, $formError, $dirty, setValue, submit, check, markSaved, reset };
}

export type FormStore<V> = ReturnType<typeof createFormStore<V>>;

/** A failure in words for the top of a form: the API's own message, or "no answer". */
export function errorMessage(error: unknown): FieldMessage {
  if (error instanceof FetchError) {
    if (error.status === undefined) return { key: "kit.noResponse" };
    const message = (error.data as Partial<ApiErrorBody> | undefined)?.message;
    const text = Array.isArray(message) ? message.join(" ") : message;
    if (text) return { text };
  }
  return { key: "kit.unexpected" };
}
