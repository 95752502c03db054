/**
 * Numbers and money TYPED by people (issue 11): inputs show the locale's digits by the same rule as tables
 * (format.ts: en Latin, ar and ku Arabic-Indic), and accept whatever a keyboard gives — Latin 0-9, Arabic-Indic ٠-٩,
 * Extended Arabic-Indic ۰-۹ (Persian and Kurdish keyboards), "." or the Arabic decimal separator ٫, and "," or ٬ as
 * grouping. Amounts become integer minor units by reading the digits as text, never through a float
 * (12.3 * 100 is 1229.9999…).
 */
import { westernDigit } from "./digits";
import { formatNumber, minorUnitsPerMajor } from "./format";


/** Western digits, "." as the decimal separator; grouping marks and spaces dropped. */
export function normalizeNumberText(text: string): string {
  return text
    .trim()
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, westernDigit)
    .replace(/\u066b/g, ".") // Arabic decimal separator ٫
    .replace(/[\u066c,\s\u00a0\u202f'\u200e\u200f\u061c]/g, ""); // ٬, commas, spaces, direction marks
}

/** Why a typed amount is not one: message keys shown on the field. */
export type NumberProblem = "money.invalid" | "money.negative" | "money.tooManyDecimals" | "money.tooLarge" | "money.whole";

/** Empty text is `{ value: null }`: the caller decides whether the field is required. */
export type ParsedNumber = { value: number | null; problem?: undefined } | { value?: undefined; problem: NumberProblem };

const digitsOf = (currency: string) => Math.round(Math.log10(minorUnitsPerMajor(currency)));

/** "١٢٥٫٥" → 12550 (USD): the exact integer of minor units, or the reason it is not an amount. */
export function parseMoney(text: string, currency: string): ParsedNumber {
  const clean = normalizeNumberText(text);
  if (clean === "") return { value: null };
  if (/^[-\u2212]/.test(clean)) return { problem: "money.negative" };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(clean);
  if (!match || (match[1] === "" && !match[2])) return { problem: "money.invalid" };
  const digits = digitsOf(currency);
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return { problem: "money.tooManyDecimals" };
  const minor = Number(match[1] || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? { value: minor } : { problem: "money.tooLarge" };
}

/** A whole, non-negative count ("١٢" → 12): page counts, days. */
export function parseWholeNumber(text: string): ParsedNumber {
  const clean = normalizeNumberText(text);
  if (clean === "") return { value: null };
  if (/^[-\u2212]\d/.test(clean)) return { problem: "money.negative" };
  if (!/^\d+$/.test(clean)) return { problem: "money.whole" };
  const value = Number(clean);
  return Number.isSafeInteger(value) ? { value } : { problem: "money.tooLarge" };
}

/** 12550 → "125.50" (USD): plain major units without grouping, so the text reads back to the same amount. */
export function minorToText(minor: number, currency: string): string {
  const digits = digitsOf(currency);
  const per = 10 ** digits;
  const whole = Math.trunc(minor / per);
  const rest = Math.abs(minor % per);
  return digits === 0 ? String(whole) : `${whole}.${String(rest).padStart(digits, "0")}`;
}

/** The locale's ten digits and decimal/grouping marks, asked of Intl through format.ts so inputs and tables agree. */
const symbolsCache = new Map<string, { digits: string[]; decimal: string; group: string }>();
function symbols(locale: string) {
  let found = symbolsCache.get(locale);
  if (!found) {
    const digits = Array.from({ length: 10 }, (_, i) => formatNumber(i, locale, { useGrouping: false }));
    const sample = formatNumber(1234.5, locale, { useGrouping: true, minimumFractionDigits: 1 });
    const marks = [...sample].filter((c) => !digits.includes(c) && !/[\u200e\u200f\u061c]/.test(c));
    symbolsCache.set(locale, (found = { digits, group: marks[0] ?? ",", decimal: marks[1] ?? "." }));
  }
  return found;
}

/**
 * Text in the locale's digits and marks, one character for one (so a caret keeps its place): "12.5" → "١٢٫٥" in ar,
 * "١٢٫٥" → "12.5" in en. Anything else typed stays as it is, for the parser to refuse with a message.
 */
export function localizeDigits(text: string, locale: string): string {
  const { digits, decimal, group } = symbols(locale);
  return [...text]
    .map((c) => {
      const western = westernDigit(c);
      if (/^[0-9]$/.test(western)) return digits[Number(western)];
      if (c === "." || c === "\u066b") return decimal;
      if (c === "," || c === "\u066c") return group;
      return c;
    })
    .join("");
}
