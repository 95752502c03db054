/** Passport reader calls (spec §7 passport-reader/*). */
import type { PassportOcrInput, PassportReading } from "../../contract/passport";
import type { Attachment } from "../../contract/requests";
import { api } from "../../lib/api";

/** POST passport-reader/ocr: validates the MRZ lines the browser read; field kinds with confidences and flags. */
export const validateMrz = (input: PassportOcrInput) => api.post<PassportReading>("passport-reader/ocr", input);

/** POST passport-reader/upload: keeps the picture as an attachment of the agency; its `_id` is named when filing. */
export function keepPassportPicture(file: File): Promise<Attachment> {
  const form = new FormData();
  form.append("file", file);
  return api.post<Attachment>("passport-reader/upload", form);
}
