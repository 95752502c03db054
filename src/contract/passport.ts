/**
 * Passport reader (issue 14; DESIGN §9; spec §7 passport-reader/*): what the browser sends after reading the
 * machine-readable zone, and what the API answers. The parsing itself lives in src/shared/mrz.ts so both sides use it.
 */
import * as z from "zod/mini";
import type { CheckedField, MrzFlag, MrzFormat, MrzRepair, PassportField } from "../shared/mrz";
import { checked } from "./common";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** POST passport-reader/ocr: the MRZ lines as read (2 for passports, 3 for ID cards), optional travel date. */
export const passportOcrInput = z.strictObject({
  lines: checked(z.array(checked(z.string({ error: "validation.invalid" }), z.maxLength(60, { error: "validation.tooLong" })), { error: "validation.required" }), z.minLength(2, { error: "validation.tooShort" }), z.maxLength(3, { error: "validation.tooLong" })),
  /** YYYY-MM-DD; the six-month rule counts from it (from today without it). */
  travelDate: z.optional(checked(z.string(), z.regex(DATE, { error: "validation.invalid" }))),
  /** Mean OCR confidence (0..100) the browser's reader reported: scales the answer's confidences. */
  ocrConfidence: z.optional(checked(z.number({ error: "validation.invalid" }), z.gte(0, { error: "validation.min" }), z.lte(100, { error: "validation.max" }))),
});
export type PassportOcrInput = z.input<typeof passportOcrInput>;

/** Answer of passport-reader/ocr. `fields` are spec §3 field kinds (plus Nationality and Sex) with a confidence 0..1. */
export interface PassportReading {
  format: MrzFormat;
  /** True when every check digit passed (after look-alike repairs the check digits confirmed). */
  valid: boolean;
  confidence: number;
  fields: PassportField[];
  flags: MrzFlag[];
  checks: { field: CheckedField; ok: boolean; repaired: boolean }[];
  repairs: MrzRepair[];
  /** The lines as validated (length-fixed and repaired). */
  lines: string[];
  issuingState: string;
  documentCode: string;
}
