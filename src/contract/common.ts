/**
 * Building blocks of the API contract (DESIGN §4), shared by the Worker (validation at the boundary) and the
 * browser (the same rules on the forms). Messages are message keys of locales/*.json ("validation.*"): the API
 * turns them into English sentences naming the field, the forms into the page's language.
 */
import * as z from "zod/mini";
import { isSiteLink } from "../shared/links";
import { LOCALES } from "../shared/locales";

// zod/mini, not classic zod (issue 9): every rule is a function the bundler keeps only when a schema uses it, so a
// page that validates one form ships the checks of that form, not every method of every zod type.

/**
 * `schema.check(...checks)` as a plain call marked free of side effects, like zod/mini's own functions: a bundler then
 * drops any schema nobody uses, so a page that imports only a constant or a type of the contract ships no zod (a
 * method call at the top of a module would keep the whole module, and zod with it). Use it instead of `.check`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function checked<T extends z.ZodMiniType>(schema: T, ...checks: (z.core.CheckFn<z.output<T>> | z.core.$ZodCheck<z.output<T>>)[]): T {
  return schema.check(...checks);
}

// zod compiles object parsers with `new Function` after probing whether eval works; the probe alone is a CSP
// `script-src` violation on every page that validates (our CSP has no 'unsafe-eval'), and workerd forbids eval too.
// Every schema module imports this one first, so the setting is in place before any schema parses.
z.config({ jitless: true });

/** Entity id: UUIDv7 text. Also accepts the fixed ids of demo data, so it only checks the shape. */
export const id = checked(z.string(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "validation.id" }));

export const email = z.pipe(
  checked(z.string({ error: "validation.required" }),
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, { error: "validation.required" }),
    z.maxLength(254, { error: "validation.tooLong" }),
  ),
  z.email({ error: "validation.email" }),
);

/** New passwords: 8 to 128 characters, at least one letter and one digit. */
export const newPassword = checked(z.string({ error: "validation.required" }),
  z.minLength(8, { error: "validation.passwordTooShort" }),
  z.maxLength(128, { error: "validation.tooLong" }),
  z.regex(/[A-Za-z\p{L}]/u, { error: "validation.passwordLetter" }),
  z.regex(/\d|[\u0660-\u0669\u06F0-\u06F9]/, { error: "validation.passwordDigit" }),
);

/**
 * What a one-line name (agency, country, group, visa title, …) must not carry: C0 and C1 control characters (NUL,
 * tabs, newlines, escape) and the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which
 * reorder the text around a name wherever it is shown, in lists, exports and notifications ("Trojan source").
 * The directional marks LRM, RLM and ALM and the zero-width non-joiner stay: Arabic and Sorani typists use them.
 */
export const UNSAFE_LINE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const isSafeLine = (value: string) => !UNSAFE_LINE_CHARACTERS.test(value);
const unsafeLine = { error: "validation.controlCharacters" } as const;

/** A trimmed string of at most `max` characters (empty allowed): the base of optional texts. */
/* @__NO_SIDE_EFFECTS__ */
export const trimmed = (max: number) => checked(z.string(), z.trim(), z.maxLength(max, { error: "validation.tooLong" }));

/** A required line of text, trimmed; `max` characters at most; no control or bidi override characters. */
/* @__NO_SIDE_EFFECTS__ */
export const text = (min: number, max: number) =>
  checked(z.string({ error: "validation.required" }),
    z.trim(),
    // An empty field is "required", not also "too short": one message per problem.
    z.minLength(1, { error: "validation.required", abort: true }),
    z.minLength(min, { error: "validation.tooShort" }),
    z.maxLength(max, { error: "validation.tooLong" }),
    z.refine(isSafeLine, unsafeLine),
  );

/** A line of text that may be empty, with the rules of `text`. */
/* @__NO_SIDE_EFFECTS__ */
export const line = (max: number) => checked(trimmed(max), z.refine(isSafeLine, unsafeLine));

/** An optional line of text: empty means "none". */
/* @__NO_SIDE_EFFECTS__ */
export const optionalText = (max: number) => z.optional(line(max));

/** A banner or theme link: a path of this site (one leading slash) or an absolute https URL; empty means none. */
export const siteLink = checked(trimmed(300), z.refine((value) => value === "" || isSiteLink(value), { error: "validation.link" }));

/** International phone numbers as people type them: digits with spaces, dashes, brackets and a leading +. */
export const phone = checked(z.string({ error: "validation.required" }),
  z.trim(),
  z.minLength(1, { error: "validation.required" }),
  z.regex(/^\+?[0-9\u0660-\u0669\u06F0-\u06F9][0-9\u0660-\u0669\u06F0-\u06F9 ()-]{5,24}$/, { error: "validation.phone" }),
);

export const locale = z.enum(LOCALES, { error: "validation.locale" });

/** A whole number (`coerce`: from query text) between `min` and `max`, each bound with its own message. */
/* @__NO_SIDE_EFFECTS__ */
export const wholeNumber = (min: number, max?: number) => {
  const value = checked(z.number({ error: "validation.integer" }), z.int({ error: "validation.integer" }), z.gte(min, { error: "validation.min" }));
  return max === undefined ? value : checked(value, z.lte(max, { error: "validation.max" }));
};
/** `wholeNumber` of a query string (text coerced to a number). */
/* @__NO_SIDE_EFFECTS__ */
export const wholeNumberText = (min: number, max?: number) => {
  const value = checked(z.coerce.number({ error: "validation.integer" }), z.int({ error: "validation.integer" }), z.gte(min, { error: "validation.min" }));
  return max === undefined ? value : checked(value, z.lte(max, { error: "validation.max" }));
};

/** "true" / "false" of a query string. */
/* @__NO_SIDE_EFFECTS__ */
export const flagText = (error?: string) => z.enum(["true", "false"], error ? { error } : undefined);

/** List query of DESIGN §4: page from 1, limit default 20 and at most 100. */
export const listQuery = z.object({
  page: z._default(wholeNumberText(1), 1),
  limit: z._default(wholeNumberText(1, 100), 20),
  search: z.optional(trimmed(100)),
  sort: z.optional(checked(z.string(), z.regex(/^[A-Za-z_.]{1,40}$/, { error: "validation.sort" }))),
  order: z.optional(z.enum(["asc", "desc"], { error: "validation.order" })),
});
export type ListQuery = z.infer<typeof listQuery>;

export interface ListResponse<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
}

/** The error envelope of DESIGN §4. */
export interface ApiErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
  code: string;
  requestId?: string;
}

/** Text shown to agents in several languages. */
export type LocalizedText = Record<(typeof LOCALES)[number], string>;
