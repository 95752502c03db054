/**
 * Money in the kit's forms (DESIGN §5): people type major units, the API stores integer minor units. The parsing is
 * the one of every number input (components/ui/numbers.ts); these names stay for the kit's callers.
 */
import { minorToText, normalizeNumberText, parseMoney } from "../../components/ui/numbers";

export { normalizeNumberText };

/** "125.5" → 12550 (USD); null for empty text or text that is not an amount (see parseMoney for the reason). */
export function toMinorUnits(text: string, currency: string): number | null {
  return parseMoney(text, currency).value ?? null;
}

/** 12550 → "125.50" for an input field: plain digits, no grouping, so it reads back unchanged. */
export const fromMinorUnits = minorToText;
