/**
 * The passport reader inside the filing form (/visa/{id}/request): the default export the form's passport slot
 * loads lazily (src/features/requests/passport-slot.ts), so neither this nor tesseract.js is in the form's first
 * load. The form's onFill fills the visa's fields it names and marks each "please confirm" until the agent does; the
 * picture, kept through passport-reader/upload, becomes the visa's passport document unless the agent chose one.
 */
import type { PassportReaderProps as SlotProps } from "../requests/passport-reader-props";
import { PassportReader } from "./PassportReader";

export default function FilingPassportReader({ onFill, travelDate }: SlotProps) {
  return <PassportReader travelDate={travelDate} onFill={(fill, picture) => void onFill(fill, { attachment: picture.attachment })} />;
}
