/**
 * The visa catalogue (issue 4; DESIGN §4, §5, §8): countries, visa requirements, visas, groups, group prices, theme.
 * One schema per input, used by the API (validation) and the admin forms (same rules, localized messages).
 * Money is integer minor units of the platform currency (DESIGN §5). Text agents read is { en, ar, ku }.
 */
import { z } from "zod";
import { id, line, listQuery, siteLink, text, type LocalizedText } from "./common";

/** Localized plain text: all three languages required (agents read every one of them). */
export const localizedText = (max: number) => z.strictObject({ en: text(1, max), ar: text(1, max), ku: text(1, max) });
/** Localized optional line (banner titles): each language may be empty; no control or bidi override characters. */
export const localizedOptionalLine = (max: number) => z.strictObject({ en: line(max).default(""), ar: line(max).default(""), ku: line(max).default("") });
/** Localized optional text: each language may be empty. */
export const localizedOptional = (max: number) =>
  z.strictObject({
    en: z.string().trim().max(max, { error: "validation.tooLong" }).default(""),
    ar: z.string().trim().max(max, { error: "validation.tooLong" }).default(""),
    ku: z.string().trim().max(max, { error: "validation.tooLong" }).default(""),
  });

/** Amounts in minor units: 0 to 10 000 000.00. */
export const money = z
  .number({ error: "validation.integer" })
  .int({ error: "validation.integer" })
  .min(0, { error: "validation.min" })
  .max(1_000_000_000, { error: "validation.max" });

/**
 * The PATCH schema of an input: every field optional and without its default, so a patch changes only the fields it
 * names. (`input.partial()` keeps the defaults: `{ price }` would silently reset featured, enabled, content, ….)
 */
export function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, z.optional(field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field)]),
  );
  return z.strictObject(shape) as unknown as z.ZodObject<
    { [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K]> },
    z.core.$strict
  >;
}

// Zero days of processing or validity is no visa: at least one day.
const days = z.number({ error: "validation.integer" }).int({ error: "validation.integer" }).min(1, { error: "validation.min" }).max(3650, { error: "validation.max" });
const bool = z.boolean({ error: "validation.invalid" });

// ── Countries ────────────────────────────────────────────────────────────────────────────────────
export const countryInput = z.strictObject({
  name: localizedText(100),
  /** ISO 3166-1 alpha-2, upper case ("IQ", "TR"); the flag is derived from it. */
  code: z.string({ error: "validation.required" }).trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: "validation.countryCode" }),
  enabled: bool.default(true),
});
export const countryPatch = patchOf(countryInput);
export type CountryInput = z.input<typeof countryInput>;

export interface Country {
  _id: string;
  name: LocalizedText;
  code: string;
  /** Emoji flag from the code, e.g. "🇹🇷". */
  flag: string;
  enabled: boolean;
  /** How many visas point at this country (admin lists; a country in use cannot be deleted: 409). */
  visaCount?: number;
  createdAt: string;
  updatedAt: string;
}

export const countryListQuery = listQuery.extend({ enabled: z.enum(["true", "false"]).optional() });

// ── Visa requirements ────────────────────────────────────────────────────────────────────────────
export const REQUIREMENT_KINDS = ["document", "information"] as const;
export const requirementInput = z.strictObject({
  name: localizedText(150),
  description: localizedOptional(1000).default({ en: "", ar: "", ku: "" }),
  kind: z.enum(REQUIREMENT_KINDS, { error: "validation.invalid" }),
  required: bool.default(true),
});
export const requirementPatch = patchOf(requirementInput);
export type RequirementInput = z.input<typeof requirementInput>;

export interface VisaRequirement {
  _id: string;
  name: LocalizedText;
  description: LocalizedText;
  kind: (typeof REQUIREMENT_KINDS)[number];
  required: boolean;
  createdAt: string;
  updatedAt: string;
}

// ── Visas ────────────────────────────────────────────────────────────────────────────────────────
export const TRAVEL_MODES = ["Air", "Land"] as const;
export const ENTRIES = ["single", "multiple"] as const;
/** Spec §3 passport-reader field kinds: the applicant fields a visa may ask for. */
export const FIELD_KINDS = [
  "FullName", "FullQuadRupleName", "PassportNumber", "Email", "DateOfBirth", "TravelDate", "ReturnDate", "PassportExpiry",
  "LastEntry", "EducationDegree", "TravelReason", "DestinationAirport",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const visaInput = z.strictObject({
  countryId: id,
  title: localizedText(150),
  description: localizedOptional(1000).default({ en: "", ar: "", ku: "" }),
  /** Rich content (HTML), sanitized by the server when saved and again when shown (DESIGN §11). */
  content: localizedOptional(100_000).default({ en: "", ar: "", ku: "" }),
  price: money,
  processingDays: days,
  validityDays: days,
  entries: z.enum(ENTRIES, { error: "validation.invalid" }).default("single"),
  travelMode: z.enum(TRAVEL_MODES, { error: "validation.invalid" }),
  featured: bool.default(false),
  enabled: bool.default(true),
  fields: z.array(z.enum(FIELD_KINDS, { error: "validation.invalid" })).max(FIELD_KINDS.length).default(["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry"]),
  requirementIds: z.array(id).max(50, { error: "validation.tooLong" }).default([]),
});
export const visaPatch = patchOf(visaInput);
export type VisaInput = z.input<typeof visaInput>;

export const visaListQuery = listQuery.extend({
  countryId: id.optional(),
  travelMode: z.enum(TRAVEL_MODES, { error: "validation.invalid" }).optional(),
  featured: z.enum(["true", "false"]).optional(),
  enabled: z.enum(["true", "false"]).optional(),
});

/** POST visa/set-hide-from-group/{id}: the complete list of groups this visa is hidden from. */
export const hideFromGroupsInput = z.strictObject({ groupIds: z.array(id).max(200) });

export interface VisaSummary {
  _id: string;
  country: { _id: string; name: LocalizedText; code: string; flag: string };
  title: LocalizedText;
  description: LocalizedText;
  /** URL of the main image (served by the API from R2), or null. */
  image: string | null;
  /**
   * The caller's price: for an agency its group's price when one is set, else the visa's price. Absent for staff
   * users (kind User), who never see money (DESIGN §3).
   */
  price?: number;
  currency?: string;
  processingDays: number;
  validityDays: number;
  entries: (typeof ENTRIES)[number];
  travelMode: (typeof TRAVEL_MODES)[number];
  featured: boolean;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Visa extends VisaSummary {
  content: LocalizedText;
  fields: FieldKind[];
  requirements: VisaRequirement[];
  /** Admins only: the visa's own price, and the groups it is hidden from. */
  basePrice?: number;
  hiddenFromGroups?: string[];
}

// ── Groups and group prices ──────────────────────────────────────────────────────────────────────
export const groupInput = z.strictObject({
  name: text(2, 80),
  description: z.string().trim().max(500, { error: "validation.tooLong" }).optional(),
  isDefault: bool.default(false),
  /** Agencies of the group whose balance is under it see a warning (minor units; null: the default, 0). */
  lowBalanceThreshold: money.nullable().optional(),
});
export const groupPatch = patchOf(groupInput);

export interface Group {
  _id: string;
  name: string;
  description: string | null;
  /** New agencies join the default group. Exactly one group is the default. */
  isDefault: boolean;
  /** Minor units; agencies of the group under it see the low-balance warning. Null: the default threshold (0). */
  lowBalanceThreshold: number | null;
  /** The platform currency the threshold is in (added by the route). */
  currency?: string;
  agentCount: number;
  createdAt: string;
  updatedAt: string;
}

export const groupPriceInput = z.strictObject({ groupId: id, visaId: id, price: money });
export const groupPricePatch = z.strictObject({ price: money });

/** GET group-price/{groupId} answers { data: GroupPrice[], total } of that group. */
export interface GroupPrice {
  _id: string;
  groupId: string;
  visaId: string;
  visaTitle: LocalizedText;
  price: number;
  /** The visa's own price, for comparison. */
  basePrice: number;
  createdAt: string;
  updatedAt: string;
}

// ── Theme ────────────────────────────────────────────────────────────────────────────────────────
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "validation.colour" });
export const themeColours = z.strictObject({ primary: colour, accent: colour, background: colour, surface: colour, text: colour });

/** PATCH theme/{id} is multipart: a "data" part with this JSON, and files "logo" and "banner" (repeatable). */
export const themePatch = z.strictObject({
  name: text(2, 80).optional(),
  active: bool.optional(),
  light: themeColours.optional(),
  dark: themeColours.optional(),
  /** Texts of the existing banners, by key (order is the array order). */
  banners: z.array(z.strictObject({ key: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), title: localizedOptionalLine(120), link: siteLink.optional() })).max(10).optional(),
});

export interface ThemeBanner {
  key: string;
  url: string;
  title: LocalizedText;
  link?: string;
}

export interface Theme {
  _id: string;
  name: string;
  active: boolean;
  light: z.infer<typeof themeColours>;
  dark: z.infer<typeof themeColours>;
  logo: string | null;
  banners: ThemeBanner[];
  createdAt: string;
  updatedAt: string;
}

// ── Files (DESIGN §8) ────────────────────────────────────────────────────────────────────────────
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, "application/pdf"] as const;
