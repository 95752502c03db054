/** Passport reader calls (spec §7 passport-reader/*). */
import type { PassportOcrInput, PassportReading } from "../../contract/passport";
import { api } from "../../lib/api";

/** POST passport-reader/ocr: validates the MRZ lines the browser read; field kinds with confidences and flags. */
export const validateMrz = (input: PassportOcrInput) => api.post<PassportReading>("passport-reader/ocr", input);
