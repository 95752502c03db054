/**
 * The passport reader inside the filing form (/visa/{id}/request): the default export the form's passport slot
 * loads lazily (src/features/requests/passport-slot.ts), so neither this nor tesseract.js is in the form's first
 * load. The form's onFill fills the visa's fields it names and marks each "please confirm" until the agent does.
 */
import type { PassportReaderProps as SlotProps } from "../requests/passport-slot";
import { PassportReader } from "./PassportReader";

export default function FilingPassportReader({ onFill, travelDate }: SlotProps) {
  // keepPicture off: the form's own document slots carry the passport copy the agent files; a second, unnamed copy
  // of a passport picture in the attachment store would only be personal data kept without a purpose.
  return <PassportReader travelDate={travelDate} keepPicture={false} onFill={(fill) => void onFill(fill)} />;
}
