/**
 * The visa catalogue (issue 4; DESIGN §4, §5, §8): countries, visa requirements, visas, groups, group prices, theme.
 * One schema per input, used by the API (validation) and the admin forms (same rules, localized messages).
 * Money is integer minor units of the platform currency (DESIGN §5). Text agents read is { en, ar, ku }.
 */
import * as z from "zod/mini";
import { ENTRIES, FIELD_KINDS, REQUIREMENT_KINDS, TRAVEL_MODES, type FieldKind } from "./catalogue-constants";
import { checked, flagText, id, line, listQuery, type LocalizedText, siteLink, text, trimmed, wholeNumber } from "./common";

// The catalogue's lists live apart, free of zod: a table imports them, not the schemas.
export * from "./catalogue-constants";

/** Localized plain text: all three languages required (agents read every one of them). */
/* @__NO_SIDE_EFFECTS__ */
export const localizedText = (max: number) => z.strictObject({ en: text(1, max), ar: text(1, max), ku: text(1, max) });
/** Localized optional line (banner titles): each language may be empty; no control or bidi override characters. */
/* @__NO_SIDE_EFFECTS__ */
export const localizedOptionalLine = (max: number) => z.strictObject({ en: z._default(line(max), ""), ar: z._default(line(max), ""), ku: z._default(line(max), "") });
/** Localized optional text: each language may be empty. */
/* @__NO_SIDE_EFFECTS__ */
export const localizedOptional = (max: number) =>
  z.strictObject({
    en: z._default(trimmed(max), ""),
    ar: z._default(trimmed(max), ""),
    ku: z._default(trimmed(max), ""),
  });

/** Amounts in minor units: 0 to 10 000 000.00. */
export const money = wholeNumber(0, 1_000_000_000);

/**
 * The PATCH schema of an input: every field optional and without its default, so a patch changes only the fields it
 * names. (`z.partial(input)` keeps the defaults: `{ price }` would silently reset featured, enabled, content, ….)
 */
/* @__NO_SIDE_EFFECTS__ */
export function patchOf<S extends z.core.$ZodShape>(schema: z.ZodMiniObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, z.optional(field instanceof z.ZodMiniDefault ? (field._zod.def.innerType as z.ZodMiniType) : field)]),
  );
  return z.strictObject(shape) as unknown as z.ZodMiniObject<
    { [K in keyof S]: z.ZodMiniOptional<S[K] extends z.ZodMiniDefault<infer Inner> ? Inner : S[K]> },
    z.core.$strict
  >;
}

// Zero days of processing or validity is no visa: at least one day.
const days = wholeNumber(1, 3650);
const bool = z.boolean({ error: "validation.invalid" });

// ── Countries ────────────────────────────────────────────────────────────────────────────────────
export const countryInput = z.strictObject({
  name: localizedText(100),
  /** ISO 3166-1 alpha-2, upper case ("IQ", "TR"); the flag is derived from it. */
  code: checked(z.string({ error: "validation.required" }), z.trim(), z.toUpperCase(), z.regex(/^[A-Z]{2}$/, { error: "validation.countryCode" })),
  enabled: z._default(bool, true),
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

export const countryListQuery = z.extend(listQuery, { enabled: z.optional(flagText()) });

// ── Visa requirements ────────────────────────────────────────────────────────────────────────────
export const requirementInput = z.strictObject({
  name: localizedText(150),
  description: z._default(localizedOptional(1000), { en: "", ar: "", ku: "" }),
  kind: z.enum(REQUIREMENT_KINDS, { error: "validation.invalid" }),
  required: z._default(bool, true),
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

export const visaInput = z.strictObject({
  countryId: id,
  title: localizedText(150),
  description: z._default(localizedOptional(1000), { en: "", ar: "", ku: "" }),
  /** Rich content (HTML), sanitized by the server when saved and again when shown (DESIGN §11). */
  content: z._default(localizedOptional(100_000), { en: "", ar: "", ku: "" }),
  price: money,
  processingDays: days,
  validityDays: days,
  entries: z._default(z.enum(ENTRIES, { error: "validation.invalid" }), "single"),
  travelMode: z.enum(TRAVEL_MODES, { error: "validation.invalid" }),
  featured: z._default(bool, false),
  enabled: z._default(bool, true),
  fields: z._default(checked(z.array(z.enum(FIELD_KINDS, { error: "validation.invalid" })), z.maxLength(FIELD_KINDS.length)), ["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry"]),
  requirementIds: z._default(checked(z.array(id), z.maxLength(50, { error: "validation.tooLong" })), []),
});
export const visaPatch = patchOf(visaInput);
/** PATCH visa/{id} from the full-width content editor: the rich content alone. */
export const visaContentPatch = z.pick(visaPatch, { content: true });
export type VisaInput = z.input<typeof visaInput>;

export const visaListQuery = z.extend(listQuery, {
  countryId: z.optional(id),
  travelMode: z.optional(z.enum(TRAVEL_MODES, { error: "validation.invalid" })),
  featured: z.optional(flagText()),
  enabled: z.optional(flagText()),
});

/** POST visa/set-hide-from-group/{id}: the complete list of groups this visa is hidden from. */
export const hideFromGroupsInput = z.strictObject({ groupIds: checked(z.array(id), z.maxLength(200)) });

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
  description: z.optional(trimmed(500)),
  isDefault: z._default(bool, false),
  /** Agencies of the group whose balance is under it see a warning (minor units; null: the default, 0). */
  lowBalanceThreshold: z.optional(z.nullable(money)),
  /** The credit line of the group's agencies (issue 30): limit (0: none) and terms in days; an agency may override. */
  creditLimit: z.optional(money),
  creditTermsDays: z.optional(z.nullable(wholeNumber(1, 365))),
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
  /** The default credit limit of its agencies (0: none) and the days a debt may stay (null: no terms). Issue 30. */
  creditLimit: number;
  creditTermsDays: number | null;
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
const colour = checked(z.string(), z.regex(/^#[0-9a-fA-F]{6}$/, { error: "validation.colour" }));
export const themeColours = z.strictObject({ primary: colour, accent: colour, background: colour, surface: colour, text: colour });

/** PATCH theme/{id} is multipart: a "data" part with this JSON, and files "logo" and "banner" (repeatable). */
export const themePatch = z.strictObject({
  name: z.optional(text(2, 80)),
  active: z.optional(bool),
  light: z.optional(themeColours),
  dark: z.optional(themeColours),
  /** Texts of the existing banners, by key (order is the array order). */
  banners: z.optional(
    checked(z.array(z.strictObject({ key: checked(z.string(), z.regex(/^[A-Za-z0-9_-]{1,64}$/)), title: localizedOptionalLine(120), link: z.optional(siteLink) })), z.maxLength(10)),
  ),
});

export interface ThemeBanner {
  key: string;
  url: string;
  /** The phone-size copy of the picture (PHONE_BANNER_WIDTH wide), when there is one. */
  phoneUrl?: string;
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
