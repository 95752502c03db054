/**
 * Building blocks of the API contract (DESIGN §4), shared by the Worker (validation at the boundary) and the
 * browser (the same rules on the forms). Messages are message keys of locales/*.json ("validation.*"): the API
 * turns them into English sentences naming the field, the forms into the page's language.
 */
import { z } from "zod";
import { isSiteLink } from "../shared/links";
import { LOCALES } from "../shared/locales";

// zod compiles object parsers with `new Function` after probing whether eval works; the probe alone is a CSP
// `script-src` violation on every page that validates (our CSP has no 'unsafe-eval'), and workerd forbids eval too.
// Every schema module imports this one first, so the setting is in place before any schema parses.
z.config({ jitless: true });

/** Entity id: UUIDv7 text. Also accepts the fixed ids of demo data, so it only checks the shape. */
export const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "validation.id" });

export const email = z
  .string({ error: "validation.required" })
  .trim()
  .toLowerCase()
  .min(1, { error: "validation.required" })
  .max(254, { error: "validation.tooLong" })
  .pipe(z.email({ error: "validation.email" }));

/** New passwords: 8 to 128 characters, at least one letter and one digit. */
export const newPassword = z
  .string({ error: "validation.required" })
  .min(8, { error: "validation.passwordTooShort" })
  .max(128, { error: "validation.tooLong" })
  .regex(/[A-Za-z\p{L}]/u, { error: "validation.passwordLetter" })
  .regex(/\d|[\u0660-\u0669\u06F0-\u06F9]/, { error: "validation.passwordDigit" });

/**
 * What a one-line name (agency, country, group, visa title, …) must not carry: C0 and C1 control characters (NUL,
 * tabs, newlines, escape) and the bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which
 * reorder the text around a name wherever it is shown, in lists, exports and notifications ("Trojan source").
 * The directional marks LRM, RLM and ALM and the zero-width non-joiner stay: Arabic and Sorani typists use them.
 */
export const UNSAFE_LINE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const isSafeLine = (value: string) => !UNSAFE_LINE_CHARACTERS.test(value);
const unsafeLine = { error: "validation.controlCharacters" } as const;

/** A required line of text, trimmed; `max` characters at most; no control or bidi override characters. */
export const text = (min: number, max: number) =>
  z
    .string({ error: "validation.required" })
    .trim()
    // An empty field is "required", not also "too short": one message per problem.
    .min(1, { error: "validation.required", abort: true })
    .min(min, { error: "validation.tooShort" })
    .max(max, { error: "validation.tooLong" })
    .refine(isSafeLine, unsafeLine);

/** A line of text that may be empty, with the rules of `text`. */
export const line = (max: number) => z.string().trim().max(max, { error: "validation.tooLong" }).refine(isSafeLine, unsafeLine);

/** An optional line of text: empty means "none". */
export const optionalText = (max: number) => line(max).optional();

/** A banner or theme link: a path of this site (one leading slash) or an absolute https URL; empty means none. */
export const siteLink = z
  .string()
  .trim()
  .max(300, { error: "validation.tooLong" })
  .refine((value) => value === "" || isSiteLink(value), { error: "validation.link" });

/** International phone numbers as people type them: digits with spaces, dashes, brackets and a leading +. */
export const phone = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .regex(/^\+?[0-9\u0660-\u0669\u06F0-\u06F9][0-9\u0660-\u0669\u06F0-\u06F9 ()-]{5,24}$/, { error: "validation.phone" });

export const locale = z.enum(LOCALES, { error: "validation.locale" });

/** List query of DESIGN §4: page from 1, limit default 20 and at most 100. */
export const listQuery = z.object({
  page: z.coerce.number({ error: "validation.integer" }).int({ error: "validation.integer" }).min(1, { error: "validation.min" }).default(1),
  limit: z.coerce.number({ error: "validation.integer" }).int({ error: "validation.integer" }).min(1, { error: "validation.min" }).max(100, { error: "validation.max" }).default(20),
  search: z.string().trim().max(100, { error: "validation.tooLong" }).optional(),
  sort: z.string().regex(/^[A-Za-z_.]{1,40}$/, { error: "validation.sort" }).optional(),
  order: z.enum(["asc", "desc"], { error: "validation.order" }).optional(),
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
