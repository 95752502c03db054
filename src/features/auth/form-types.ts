/**
 * The shapes a form's stores hold (form.store.ts), apart from the stores: presentational forms the edge draws
 * (issue 9) read them without reaching a store.
 */

/** A message key of locales/*.json, or a text the API already wrote in the page's language. */
export type Notice = { key: string } | { text: string };

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
