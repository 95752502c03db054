/**
 * Digits as keyboards send them (issue 11): Latin 0-9, Arabic-Indic ٠-٩ (Arabic and Sorani keyboards), Extended
 * Arabic-Indic ۰-۹ (Persian and some Kurdish ones). Apart from numbers.ts so the date field reads a typed digit
 * without the amount parser (and its money messages).
 */
const WESTERN: Record<string, string> = {};
for (let i = 0; i < 10; i++) {
  WESTERN[String.fromCharCode(0x0660 + i)] = String(i); // Arabic-Indic ٠–٩
  WESTERN[String.fromCharCode(0x06f0 + i)] = String(i); // Extended Arabic-Indic ۰–۹
}

/** One character of any of the three digit systems as a Latin digit; anything else unchanged. */
export const westernDigit = (character: string): string => WESTERN[character] ?? character;
