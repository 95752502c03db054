/**
 * Where the passport reader (DESIGN §9; src/features/passport in the reader's branch) mounts into the filing form.
 *
 * Contract, kept small on purpose:
 *   - the reader is a React component, default export of a lazily imported module (it brings tesseract.js: it must
 *     never be in the form's first load);
 *   - it gets `locale`, the visa's `fieldKinds`, the `travelDate` typed so far (the six-month rule counts from it),
 *     and `onFill(fields, picture?)`;
 *   - `onFill(fields, picture?)` fills the form's fields it names (FullName, PassportNumber, DateOfBirth,
 *     PassportExpiry, FullQuadRupleName, …; dates as YYYY-MM-DD), ignores kinds the visa does not ask for (Nationality,
 *     Sex, …) and empty values, and marks each filled field "read from the passport" (the agent reviewed them in the
 *     reader; nothing blocks filing). `picture.attachment`, when the reader kept the scan through
 *     passport-reader/upload, becomes the visa's passport document (the first document requirement named
 *     "passport"), replacing nothing the agent chose by hand. It answers the kinds it filled.
 *
 * To plug the reader in, point `loadPassportReader` at its module, e.g.
 *   () => import("../passport/PassportReader").then((m) => ({ default: m.PassportReader }))
 * and add "passport" to the filing page's messagesFor prefixes (already there). While it is null the form shows no
 * scan section.
 */
import type { ComponentType } from "react";
import type { PassportReaderProps } from "./passport-reader-props";

export const loadPassportReader: (() => Promise<{ default: ComponentType<PassportReaderProps> }>) | null = () =>
  import("../passport/FilingPassportReader");
