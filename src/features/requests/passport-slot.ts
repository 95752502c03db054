/**
 * Where the passport reader (DESIGN §9, issue of the passport reader) mounts into the filing form.
 *
 * Contract, kept small on purpose:
 *   - the reader is a React component, default export of a lazily imported module (it brings tesseract.js: it must
 *     never be in the form's first load);
 *   - it gets `locale`, the visa's `fieldKinds`, and `onFill(fields)`;
 *   - `onFill(fields: Partial<Record<FieldKind, string>>)` fills the form's fields it names (FullName,
 *     PassportNumber, DateOfBirth, PassportExpiry, FullQuadRupleName, …; dates as YYYY-MM-DD), ignores kinds the
 *     visa does not ask for and empty values, and marks each filled field "please confirm" until the agent confirms
 *     or edits it (filing is refused while one is unconfirmed). It answers the kinds it filled.
 *
 * To plug the reader in, point `loadPassportReader` at its module, e.g. `() => import("../passport/PassportReader")`.
 * While it is null the form shows no scan section.
 */
import type { ComponentType } from "react";
import type { FieldKind } from "../../contract/catalogue";
import type { Locale } from "../../shared/locales";

export interface PassportReaderProps {
  locale: Locale;
  fieldKinds: readonly FieldKind[];
  onFill: (fields: Partial<Record<FieldKind, string>>) => FieldKind[];
  /** The applicant's travel date (YYYY-MM-DD) when entered: the six-month expiry rule counts from it. */
  travelDate?: string;
}

export const loadPassportReader: (() => Promise<{ default: ComponentType<PassportReaderProps> }>) | null = () =>
  import("../passport/FilingPassportReader");
