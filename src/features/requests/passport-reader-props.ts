/**
 * What the filing form and the passport reader it loads say to each other (the contract is described in
 * passport-slot.ts). Types only, in a module of their own: the reader (src/features/passport/FilingPassportReader.tsx)
 * needs them, and the slot imports the reader, so the reader must not import the slot (no import circle;
 * tests/unit/layering.test.ts).
 */
import type { FieldKind } from "../../contract/catalogue";
import type { Attachment } from "../../contract/requests";
import type { Locale } from "../../shared/locales";

/** What the reader read: field kinds (and possibly more, which the form ignores). */
export type PassportFields = Partial<Record<FieldKind, string>> & Record<string, string | null | undefined>;
export interface PassportScan {
  attachment: Attachment | null;
}

export interface PassportReaderProps {
  locale: Locale;
  fieldKinds: readonly FieldKind[];
  travelDate?: string;
  onFill: (fields: PassportFields, picture?: PassportScan) => FieldKind[];
}
