/**
 * ICAO 9303 machine-readable zone: parse, validate every check digit, repair OCR look-alikes only where the check
 * digits then confirm the repair, and answer the passport-reader field kinds of spec §3 with a confidence.
 *
 * Pure and isomorphic: the Worker validates what the browser read (passport-reader/ocr), and the browser uses the
 * same code to pick, among several OCR attempts (rotations, crops), the one whose check digits pass.
 *
 * Formats: TD3 (passports, 2 × 44) fully; TD2 (2 × 36) and TD1 (3 × 30, ID cards) with every check digit.
 * Not handled: TD1 document numbers longer than 9 characters (their check digit moves into the optional data);
 * such a line is read as a failed document-number check, never silently accepted.
 */

export type MrzFormat = "TD1" | "TD2" | "TD3";

/** Fields guarded by a check digit, named as the flags name them. */
export type CheckedField = "documentNumber" | "birthDate" | "expiryDate" | "personalNumber" | "composite";

/** Field kinds of spec §3 the reader fills, plus Nationality and Sex (our additions, filled where the form has them). */
export type PassportFieldKind =
  | "FullName"
  | "FullQuadRupleName"
  | "PassportNumber"
  | "DateOfBirth"
  | "PassportExpiry"
  | "Nationality"
  | "Sex";

export interface PassportField {
  kind: PassportFieldKind;
  value: string;
  /** 0..1: how sure we are (check digit passed, repaired and confirmed, unchecked, or failed). */
  confidence: number;
}

export type MrzFlag =
  | { code: "CHECK_DIGIT_FAILED"; field: CheckedField }
  | { code: "INVALID_DATE"; field: "birthDate" | "expiryDate" }
  | { code: "EXPIRED"; expiryDate: string }
  | { code: "EXPIRES_SOON"; expiryDate: string; reference: string };

export interface MrzCheck {
  field: CheckedField;
  ok: boolean;
  /** True when the field only validated after a look-alike repair. */
  repaired: boolean;
}

export interface MrzRepair {
  field: string;
  from: string;
  to: string;
  /** "format": a digit in a letters-only field (no check digit there); otherwise confirmed by the check digits. */
  by?: "format";
}

export interface MrzResult {
  format: MrzFormat;
  /** The lines as validated (length-normalized, repaired). */
  lines: string[];
  documentCode: string;
  issuingState: string;
  surname: string;
  givenNames: string[];
  documentNumber: string;
  nationality: string;
  /** ISO date, or "" when the date is not a real date. */
  birthDate: string;
  sex: "M" | "F" | "X";
  expiryDate: string;
  personalNumber: string;
  checks: MrzCheck[];
  repairs: MrzRepair[];
  /** True when every check digit passed (after repairs). */
  valid: boolean;
  fields: PassportField[];
  flags: MrzFlag[];
  /** 0..1 for the whole reading: the lowest field confidence. */
  confidence: number;
}

export interface MrzOptions {
  /** Today's date (ISO yyyy-mm-dd); defaults to the clock. Dates of birth after it belong to the previous century. */
  today?: string;
  /** Planned travel date (ISO); the six-month rule counts from it, or from today without one. */
  travelDate?: string;
  /** Mean OCR confidence 0..100 reported by the reader; scales every field's confidence. */
  ocrConfidence?: number;
}

/** Why lines could not be read as an MRZ at all (not a check-digit failure: those are flags). */
export class MrzFormatError extends Error {
  constructor(readonly reason: "lineCount" | "lineLength" | "characters") {
    super(`MRZ ${reason}`);
  }
}

const WEIGHTS = [7, 3, 1];

function charValue(ch: string): number {
  if (ch >= "0" && ch <= "9") return ch.charCodeAt(0) - 48;
  if (ch >= "A" && ch <= "Z") return ch.charCodeAt(0) - 55;
  return 0; // "<" (and anything else: it never validates by accident since callers check characters first)
}

/** ICAO 9303 check digit (weights 7, 3, 1; A=10 … Z=35; < = 0). */
export function checkDigit(data: string): string {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += charValue(data[i]!) * WEIGHTS[i % 3]!;
  return String(sum % 10);
}

// Look-alikes OCR confuses in OCR-B. Digits where a digit must be, letters where a letter must be.
const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", I: "1", L: "1", B: "8", S: "5", Z: "2", G: "6" };
const LOOK_ALIKE: Record<string, string> = { O: "0", "0": "O", I: "1", "1": "I", B: "8", "8": "B", S: "5", "5": "S", Z: "2", "2": "Z" };

/** Cleans one OCR line: upper case, no spaces, « and similar read as <. */
export function cleanLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/[\s]/g, "")
    .replace(/[«‹<≤]/g, "<");
}

/**
 * Brings a line to `target` characters by growing or shrinking its longest run of fillers: OCR miscounts runs of
 * "<" far more often than it drops a letter, and cutting the end would shift the check digits.
 */
export function normalizeLength(line: string, target: number): string {
  if (line.length === target) return line;
  const runs = [...line.matchAll(/<+/g)];
  if (runs.length === 0) return line;
  const longest = runs.reduce((a, b) => (b[0].length > a[0].length ? b : a));
  const start = longest.index!;
  const length = longest[0].length;
  const delta = target - line.length;
  if (length + delta < 1 && delta < 0) return line;
  return line.slice(0, start) + "<".repeat(length + delta) + line.slice(start + length);
}

interface Span {
  line: number;
  start: number;
  end: number;
}

const LAYOUTS: Record<MrzFormat, { lines: number; width: number }> = {
  TD1: { lines: 3, width: 30 },
  TD2: { lines: 2, width: 36 },
  TD3: { lines: 2, width: 44 },
};

/** Which format a set of lines is closest to (by count and length), or null. */
export function detectFormat(lines: string[]): MrzFormat | null {
  if (lines.length === 3) return "TD1";
  if (lines.length !== 2) return null;
  const mean = (lines[0]!.length + lines[1]!.length) / 2;
  if (Math.abs(mean - 44) <= 4) return "TD3";
  if (Math.abs(mean - 36) <= 4) return "TD2";
  return null;
}

/** Finds the MRZ lines among OCR output lines: the last 2 or 3 consecutive lines that look like one. */
export function pickMrzLines(text: string | string[]): string[] | null {
  const all = (Array.isArray(text) ? text : text.split(/\r?\n/)).map(cleanLine).filter((l) => l.length >= 20);
  for (let end = all.length; end >= 2; end--) {
    const two = all.slice(end - 2, end);
    const three = all.slice(Math.max(0, end - 3), end);
    if (three.length === 3 && three.every((l) => Math.abs(l.length - 30) <= 3 && l.includes("<"))) return three;
    if (detectFormat(two) && two.every((l) => l.includes("<"))) return two;
  }
  return null;
}

type Kind = "digit" | "alnum";

/** Positions of each field per format: [line, start, end) and what characters it may hold. */
interface Layout {
  documentCode: Span;
  issuingState: Span;
  name: Span;
  documentNumber: Span;
  documentNumberCheck: Span;
  nationality: Span;
  birthDate: Span;
  birthDateCheck: Span;
  sex: Span;
  expiryDate: Span;
  expiryDateCheck: Span;
  personalNumber?: Span;
  personalNumberCheck?: Span;
  compositeCheck: Span;
  /** The spans the composite check digit covers, in order. */
  composite: Span[];
}

const s = (line: number, start: number, end: number): Span => ({ line, start, end });

const LAYOUT: Record<MrzFormat, Layout> = {
  TD3: {
    documentCode: s(0, 0, 2), issuingState: s(0, 2, 5), name: s(0, 5, 44),
    documentNumber: s(1, 0, 9), documentNumberCheck: s(1, 9, 10), nationality: s(1, 10, 13),
    birthDate: s(1, 13, 19), birthDateCheck: s(1, 19, 20), sex: s(1, 20, 21),
    expiryDate: s(1, 21, 27), expiryDateCheck: s(1, 27, 28),
    personalNumber: s(1, 28, 42), personalNumberCheck: s(1, 42, 43), compositeCheck: s(1, 43, 44),
    composite: [s(1, 0, 10), s(1, 13, 20), s(1, 21, 43)],
  },
  TD2: {
    documentCode: s(0, 0, 2), issuingState: s(0, 2, 5), name: s(0, 5, 36),
    documentNumber: s(1, 0, 9), documentNumberCheck: s(1, 9, 10), nationality: s(1, 10, 13),
    birthDate: s(1, 13, 19), birthDateCheck: s(1, 19, 20), sex: s(1, 20, 21),
    expiryDate: s(1, 21, 27), expiryDateCheck: s(1, 27, 28), compositeCheck: s(1, 35, 36),
    composite: [s(1, 0, 10), s(1, 13, 20), s(1, 21, 35)],
  },
  TD1: {
    documentCode: s(0, 0, 2), issuingState: s(0, 2, 5),
    documentNumber: s(0, 5, 14), documentNumberCheck: s(0, 14, 15),
    birthDate: s(1, 0, 6), birthDateCheck: s(1, 6, 7), sex: s(1, 7, 8),
    expiryDate: s(1, 8, 14), expiryDateCheck: s(1, 14, 15), nationality: s(1, 15, 18),
    compositeCheck: s(1, 29, 30), name: s(2, 0, 30),
    composite: [s(0, 5, 30), s(1, 0, 7), s(1, 8, 15), s(1, 18, 29)],
  },
};

/** A mutable view of the lines as character arrays, so repairs can be tried and kept. */
class Grid {
  rows: string[][];
  constructor(lines: string[]) {
    this.rows = lines.map((l) => [...l]);
  }
  get(span: Span): string {
    return this.rows[span.line]!.slice(span.start, span.end).join("");
  }
  set(span: Span, value: string) {
    for (let i = 0; i < value.length; i++) this.rows[span.line]![span.start + i] = value[i]!;
  }
  lines(): string[] {
    return this.rows.map((r) => r.join(""));
  }
}

/** Fixes characters that can only be digits (dates, check digits): repairs are kept only if the check then passes. */
function digitCandidates(value: string): string {
  return [...value].map((ch) => TO_DIGIT[ch] ?? ch).join("");
}

/**
 * Every look-alike variant of an alphanumeric field, fewest swaps first (at most 2^8 variants). Used only to find a
 * variant that its check digit (and the composite) confirm.
 */
function alnumVariants(value: string): string[] {
  const positions = [...value].map((ch, i) => (LOOK_ALIKE[ch] ? i : -1)).filter((i) => i >= 0).slice(0, 8);
  const out: { v: string; n: number }[] = [];
  for (let mask = 1; mask < 1 << positions.length; mask++) {
    const chars = [...value];
    let n = 0;
    positions.forEach((p, bit) => {
      if (mask & (1 << bit)) {
        chars[p] = LOOK_ALIKE[chars[p]!]!;
        n++;
      }
    });
    out.push({ v: chars.join(""), n });
  }
  return out.sort((a, b) => a.n - b.n).map((o) => o.v);
}

function checkOk(grid: Grid, data: Span[], check: Span): boolean {
  const digit = grid.get(check);
  const payload = data.map((span) => grid.get(span)).join("");
  // An all-filler optional field may carry "<" as its check digit (ICAO 9303 part 4, personal number).
  if (digit === "<") return /^<*$/.test(payload);
  return /^[0-9]$/.test(digit) && checkDigit(payload) === digit;
}

function isoDate(yymmdd: string, kind: "birth" | "expiry", today: string): string {
  if (!/^\d{6}$/.test(yymmdd)) return "";
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  const nowYY = Number(today.slice(2, 4));
  // Birth dates are in the past; expiry dates are at most a few decades away (documents run ≤ 10 years).
  const century = kind === "birth" ? (yy > nowYY ? 1900 : 2000) : yy >= 70 ? 1900 : 2000;
  const year = century + yy;
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return "";
  return date.toISOString().slice(0, 10);
}

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, d));
  // 31 August + 6 months is the end of February, not 3 March.
  if (date.getUTCDate() !== d) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/** Splits the name field: primary identifier (surname) before "<<", secondary identifiers (given names) after. */
export function parseName(field: string): { surname: string; givenNames: string[] } {
  const trimmed = field.replace(/<+$/, "");
  const split = trimmed.indexOf("<<");
  const primary = split >= 0 ? trimmed.slice(0, split) : trimmed;
  const secondary = split >= 0 ? trimmed.slice(split + 2) : "";
  const words = (part: string) => part.split("<").filter(Boolean);
  return { surname: words(primary).join(" "), givenNames: words(secondary) };
}

/**
 * Parses and validates MRZ lines as the browser read them. Throws MrzFormatError when the lines are not an MRZ
 * (wrong count, length or characters); a failed check digit is not an error but a flag naming the field.
 */
export function parseMrz(input: string[], options: MrzOptions = {}): MrzResult {
  const today = options.today ?? todayIso();
  const cleaned = input.map(cleanLine).filter((l) => l.length > 0);
  const format = detectFormat(cleaned);
  if (!format) throw new MrzFormatError(cleaned.length === 2 || cleaned.length === 3 ? "lineLength" : "lineCount");
  const { width } = LAYOUTS[format];
  const lines = cleaned.map((l) => normalizeLength(l, width));
  if (lines.some((l) => l.length !== width)) throw new MrzFormatError("lineLength");
  if (lines.some((l) => !/^[A-Z0-9<]+$/.test(l))) throw new MrzFormatError("characters");

  const layout = LAYOUT[format];
  const grid = new Grid(lines);
  const repairs: MrzRepair[] = [];

  // Dates and check digits can only be digits: letter look-alikes (O→0, I→1, B→8, S→5, Z→2 …) are mapped, and the
  // mapping is kept only where the field's check digit then passes. Dates go first: an alphanumeric repair must also
  // be confirmed by the composite check digit, which covers the dates.
  const single: { field: CheckedField; data: Span; check: Span; kind: Kind }[] = [
    { field: "birthDate", data: layout.birthDate, check: layout.birthDateCheck, kind: "digit" },
    { field: "expiryDate", data: layout.expiryDate, check: layout.expiryDateCheck, kind: "digit" },
    { field: "documentNumber", data: layout.documentNumber, check: layout.documentNumberCheck, kind: "alnum" },
  ];
  if (layout.personalNumber && layout.personalNumberCheck) {
    single.push({ field: "personalNumber", data: layout.personalNumber, check: layout.personalNumberCheck, kind: "alnum" });
  }

  const compositeOk = () => checkOk(grid, layout.composite, layout.compositeCheck);
  /** The composite confirms, read as it is or with its check character mapped to the digit it looks like. */
  const compositeConfirms = () => {
    if (compositeOk()) return true;
    const raw = grid.get(layout.compositeCheck);
    grid.set(layout.compositeCheck, digitCandidates(raw));
    const ok = compositeOk();
    grid.set(layout.compositeCheck, raw);
    return ok;
  };
  const checks: MrzCheck[] = [];
  for (const { field, data, check, kind } of single) {
    if (checkOk(grid, [data], check)) {
      checks.push({ field, ok: true, repaired: false });
      continue;
    }
    const before = { data: grid.get(data), check: grid.get(check) };
    const checkVariants = [before.check, digitCandidates(before.check)].filter((v, i, a) => a.indexOf(v) === i);
    const dataVariants = kind === "digit" ? [before.data, digitCandidates(before.data)] : [before.data, ...alnumVariants(before.data)];
    // Every look-alike reading that the check digits accept. A repair is made only when exactly one reading passes:
    // an alphanumeric field must also satisfy the composite check, and if two readings both pass, the check digits
    // cannot tell which one is printed, so nothing is changed and the failure is named instead.
    const passing: { d: string; c: string }[] = [];
    for (const d of dataVariants) {
      for (const c of checkVariants) {
        if (d === before.data && c === before.check) continue;
        grid.set(data, d);
        grid.set(check, c);
        if (checkOk(grid, [data], check) && (kind === "digit" || compositeConfirms())) passing.push({ d, c });
      }
    }
    // Fewest swaps first: one misread character is far likelier than two. For the TD3 document number the composite
    // adds nothing (it weighs those characters exactly as their own digit does), so uniqueness is what guards it.
    const swaps = (p: { d: string; c: string }) => diff(p.d, before.data) + diff(p.c, before.check);
    const fewest = Math.min(...passing.map(swaps));
    const best = passing.filter((p) => swaps(p) === fewest);
    const unique = new Set(best.map((p) => p.d + p.c)).size === 1 ? best[0] : undefined;
    const fixed = unique !== undefined;
    if (unique) {
      grid.set(data, unique.d);
      grid.set(check, unique.c);
    }
    if (fixed) {
      if (grid.get(data) !== before.data) repairs.push({ field, from: before.data, to: grid.get(data) });
      if (grid.get(check) !== before.check) repairs.push({ field: `${field}Check`, from: before.check, to: grid.get(check) });
    } else {
      grid.set(data, before.data);
      grid.set(check, before.check);
    }
    checks.push({ field, ok: fixed, repaired: fixed });
  }

  let composite = compositeOk();
  if (!composite) {
    const before = grid.get(layout.compositeCheck);
    const repaired = digitCandidates(before);
    if (repaired !== before) {
      grid.set(layout.compositeCheck, repaired);
      composite = compositeOk();
      if (composite) repairs.push({ field: "compositeCheck", from: before, to: repaired });
      else grid.set(layout.compositeCheck, before);
    }
    checks.push({ field: "composite", ok: composite, repaired: composite });
  } else {
    checks.push({ field: "composite", ok: true, repaired: false });
  }

  // Letters-only fields (ICAO 9303: the name, the nationality and the issuing state) have no check digit, but a
  // digit there can never be right: it is read as the letter it looks like (0→O, 1→I, 8→B, 5→S, 2→Z), recorded as a
  // repair confirmed by the format only, and the field's confidence drops so the agent is asked to check it.
  const formatRepaired = new Set<string>();
  for (const [name, span] of [["name", layout.name], ["nationality", layout.nationality], ["issuingState", layout.issuingState]] as const) {
    const before = grid.get(span);
    const after = before.replace(/[0-9]/g, (d) => LOOK_ALIKE[d] ?? d);
    if (after !== before && /^[A-Z<]+$/.test(after)) {
      grid.set(span, after);
      repairs.push({ field: name, from: before, to: after, by: "format" });
      formatRepaired.add(name);
    }
  }

  const { surname, givenNames } = parseName(grid.get(layout.name));
  const birthDate = isoDate(grid.get(layout.birthDate), "birth", today);
  const expiryDate = isoDate(grid.get(layout.expiryDate), "expiry", today);
  const sexChar = grid.get(layout.sex);
  const sex = sexChar === "M" || sexChar === "F" ? sexChar : "X";
  const documentNumber = grid.get(layout.documentNumber).replace(/<+$/, "").replace(/</g, "");
  const nationality = grid.get(layout.nationality).replace(/</g, "");
  const personalNumber = layout.personalNumber ? grid.get(layout.personalNumber).replace(/<+$/, "").replace(/</g, "") : "";

  const flags: MrzFlag[] = [];
  for (const check of checks) if (!check.ok) flags.push({ code: "CHECK_DIGIT_FAILED", field: check.field });
  if (!birthDate) flags.push({ code: "INVALID_DATE", field: "birthDate" });
  if (!expiryDate) flags.push({ code: "INVALID_DATE", field: "expiryDate" });
  if (expiryDate) {
    if (expiryDate < today) flags.push({ code: "EXPIRED", expiryDate });
    else {
      const reference = options.travelDate && options.travelDate > today ? options.travelDate : today;
      if (expiryDate < addMonths(reference, 6)) flags.push({ code: "EXPIRES_SOON", expiryDate, reference });
    }
  }

  // Tesseract's legacy engine reports 70–90 on clean MRZs: map 0..100 to 0.5..1 so a good read stays "sure".
  const ocr = options.ocrConfidence === undefined ? 1 : 0.5 + Math.max(0, Math.min(100, options.ocrConfidence)) / 200;
  const checkFor = (field: CheckedField) => checks.find((c) => c.field === field);
  const confidenceOf = (field: CheckedField | null, formatOk: boolean): number => {
    if (!formatOk) return round(0.2 * ocr);
    // Names, nationality and sex have no check digit: their format is all we can check; the agent confirms them.
    if (!field) return round((composite ? 0.8 : 0.6) * ocr);
    const check = checkFor(field)!;
    if (!check.ok) return round(0.3 * ocr);
    // A repaired date is well guarded (digits only, one swap); a repaired document number less so: its check digit
    // is mod 10 and, in TD3, the composite weighs it identically, so several misreads can meet a wrong reading.
    const repaired = field === "documentNumber" || field === "personalNumber" ? 0.7 : 0.9;
    return round((check.repaired ? repaired : 0.99) * (composite ? 1 : 0.9) * ocr);
  };

  const nameFormatOk = /^[A-Z<]+$/.test(grid.get(layout.name)) && surname.length > 0;
  const fullNameParts = [...givenNames, ...surname.split(" ").filter(Boolean)];
  const fullName = fullNameParts.join(" ");
  const formatRepair = (field: string, confidence: number) => (formatRepaired.has(field) ? Math.min(confidence, 0.6) : confidence);
  const nameConfidence = formatRepair("name", confidenceOf(null, nameFormatOk));
  const fields: PassportField[] = [{ kind: "FullName", value: fullName, confidence: nameConfidence }];
  // Four-part names (given name, father's, grandfather's, family name — common in Iraq and the Gulf) fill the
  // quadruple-name field of spec §3 too.
  if (fullNameParts.length === 4) fields.push({ kind: "FullQuadRupleName", value: fullName, confidence: nameConfidence });
  fields.push(
    { kind: "PassportNumber", value: documentNumber, confidence: confidenceOf("documentNumber", documentNumber.length > 0) },
    { kind: "DateOfBirth", value: birthDate, confidence: confidenceOf("birthDate", birthDate !== "") },
    { kind: "PassportExpiry", value: expiryDate, confidence: confidenceOf("expiryDate", expiryDate !== "") },
  );
  if (nationality) fields.push({ kind: "Nationality", value: nationality, confidence: formatRepair("nationality", confidenceOf(null, /^[A-Z]{1,3}$/.test(nationality))) });
  if (sexChar === "M" || sexChar === "F") fields.push({ kind: "Sex", value: sexChar, confidence: confidenceOf(null, true) });

  return {
    format,
    lines: grid.lines(),
    documentCode: grid.get(layout.documentCode).replace(/</g, ""),
    issuingState: grid.get(layout.issuingState).replace(/</g, ""),
    surname,
    givenNames,
    documentNumber,
    nationality,
    birthDate,
    sex,
    expiryDate,
    personalNumber,
    checks,
    repairs,
    valid: checks.every((c) => c.ok),
    fields,
    flags,
    confidence: Math.min(...fields.map((f) => f.confidence)),
  };
}

function diff(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
  return n;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
