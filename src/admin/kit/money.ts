/**
 * Money in forms (DESIGN §5): people type major units ("125.50", "١٢٥٫٥٠"), the API stores integer minor units.
 * The conversion works on the digits as text, never through a float (12.3 * 100 is 1229.9999…).
 */
import { minorUnitsPerMajor } from "../../components/ui/format";

const DIGITS: Record<string, string> = {};
for (let i = 0; i < 10; i++) {
  DIGITS[String.fromCharCode(0x0660 + i)] = String(i); // Arabic-Indic ٠–٩
  DIGITS[String.fromCharCode(0x06f0 + i)] = String(i); // Extended Arabic-Indic (Persian/Kurdish keyboards) ۰–۹
}

/** Western digits, "." as the decimal separator; grouping marks and spaces dropped. */
export function normalizeNumberText(text: string): string {
  return text
    .trim()
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => DIGITS[d] ?? d)
    .replace(/[\u066b]/g, ".") // Arabic decimal separator ٫
    .replace(/[\u066c,\s\u00a0\u202f']/g, ""); // Arabic thousands separator ٬, commas, spaces
}

/**
 * "125.5" → 12550 (USD). Answers null for text that is not an amount, or that has more decimals than the currency
 * (a cent cannot be split). Empty text is null too: the caller decides whether the field is required.
 */
export function toMinorUnits(text: string, currency: string): number | null {
  const clean = normalizeNumberText(text);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(clean);
  if (!match) return null;
  const per = minorUnitsPerMajor(currency);
  const digits = Math.round(Math.log10(per));
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * per + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 12550 → "125.50" for an input field: plain digits, no grouping, so it reads back unchanged. */
export function fromMinorUnits(minor: number, currency: string): string {
  const per = minorUnitsPerMajor(currency);
  const digits = Math.round(Math.log10(per));
  const whole = Math.trunc(minor / per);
  const rest = Math.abs(minor % per);
  return digits === 0 ? String(whole) : `${whole}.${String(rest).padStart(digits, "0")}`;
}
