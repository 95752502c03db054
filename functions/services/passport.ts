/** Passport reader (issue 14): validates the MRZ lines the browser read and answers the field kinds of spec §3. */
import type { PassportOcrInput, PassportReading } from "../../src/contract/passport";
import { MrzFormatError, parseMrz } from "../../src/shared/mrz";
import { ApiError } from "../errors";

const FORMAT_MESSAGES: Record<MrzFormatError["reason"], string> = {
  lineCount: "passport.mrz.lineCount",
  lineLength: "passport.mrz.lineLength",
  characters: "passport.mrz.characters",
};

/**
 * Parses and checks the lines (ICAO 9303). Lines that are not an MRZ at all are a 400 naming `lines`; a failed check
 * digit is not an error but a flag naming its field, so the agent sees what was read and can correct it.
 */
export function readPassportLines(input: PassportOcrInput, today = new Date().toISOString().slice(0, 10)): PassportReading {
  try {
    const r = parseMrz(input.lines, { today, travelDate: input.travelDate, ocrConfidence: input.ocrConfidence });
    return {
      format: r.format, valid: r.valid, confidence: r.confidence, fields: r.fields, flags: r.flags, checks: r.checks,
      repairs: r.repairs, lines: r.lines, issuingState: r.issuingState, documentCode: r.documentCode,
    };
  } catch (error) {
    if (error instanceof MrzFormatError) {
      throw new ApiError(400, ["lines: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: FORMAT_MESSAGES[error.reason] } });
    }
    throw error;
  }
}
