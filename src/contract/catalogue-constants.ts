/**
 * Lists of the visa catalogue (issue 4) without zod: admin tables and agent pages import these and no schema, so
 * their first load carries no validation library; catalogue.ts re-exports them with the schemas built on them.
 */
export const REQUIREMENT_KINDS = ["document", "information"] as const;
export const TRAVEL_MODES = ["Air", "Land"] as const;
export const ENTRIES = ["single", "multiple"] as const;
/** Spec §3 passport-reader field kinds: the applicant fields a visa may ask for. */
export const FIELD_KINDS = [
  "FullName", "FullQuadRupleName", "PassportNumber", "Email", "DateOfBirth", "TravelDate", "ReturnDate", "PassportExpiry",
  "LastEntry", "EducationDegree", "TravelReason", "DestinationAirport",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

// ── Files (DESIGN §8) ────────────────────────────────────────────────────────────────────────────
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/**
 * A home banner's phone-size copy is this wide (WebP, made by the admin's browser at upload). A phone 412 px wide at
 * 1.75 device pixels shows the 5:2 slide's 3:1 picture about 800 device pixels wide; wider screens get the original.
 */
export const PHONE_BANNER_WIDTH = 800;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, "application/pdf"] as const;
