/**
 * The passport reader's state (issue 14): idle → engine loading → reading → result (or unreadable) → filled.
 * Components render it; the actions here do the work (STYLE: stores hold logic).
 */
import { atom } from "nanostores";
import type { PassportReading } from "../../contract/passport";
import type { PassportFieldKind } from "../../shared/mrz";
import type { Attachment } from "../../contract/requests";
import { keepPassportPicture, validateMrz } from "./api";
import type { OcrProgress } from "./ocr";

export type ReaderState =
  | { step: "pick"; note?: "pdf" | "type" }
  | { step: "working"; phase: OcrProgress["phase"]; progress: number }
  | { step: "unreadable"; reason: "nothing" | "engine" }
  | { step: "result"; reading: PassportReading; ms: number; engineMs: number; attempts: number };

/** What the reader hands to the form: values by field kind, for the kinds the reading found. */
export type PassportFill = Partial<Record<PassportFieldKind, string>>;

export const $reader = atom<ReaderState>({ step: "pick" });
/** The picture the agent chose, kept so the form can store it as the request's passport document. */
export const $picture = atom<File | null>(null);

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];

export function resetReader(): void {
  $reader.set({ step: "pick" });
  $picture.set(null);
}

/**
 * Reads one picture: the OCR in the browser (ocr.ts, loaded now, not with the page), then the API validates the
 * lines. A PDF is not read (rendering PDF pages would need pdf.js, ~1 MB more): the agent attaches it with the
 * documents and types the fields.
 */
export async function readPicture(file: File, travelDate?: string): Promise<void> {
  $picture.set(file);
  if (!IMAGE_TYPES.includes(file.type)) {
    $reader.set({ step: "pick", note: file.type === "application/pdf" ? "pdf" : "type" });
    return;
  }
  $reader.set({ step: "working", phase: "engine", progress: 0 });
  let ocr: typeof import("./ocr");
  let read: Awaited<ReturnType<(typeof import("./ocr"))["readMrz"]>>;
  try {
    ocr = await import("./ocr");
    engineLoaded = true;
    read = await ocr.readMrz(file, (p) => $reader.set({ step: "working", phase: p.phase, progress: p.progress }));
  } catch (error) {
    console.error("passport reader failed", error);
    $reader.set({ step: "unreadable", reason: "engine" });
    return;
  }
  if (!read.lines) {
    $reader.set({ step: "unreadable", reason: "nothing" });
    return;
  }
  try {
    const reading = await validateMrz({ lines: read.lines, travelDate, ocrConfidence: Math.round(read.confidence) });
    $reader.set({ step: "result", reading, ms: read.ms, engineMs: read.engineMs, attempts: read.attempts });
  } catch {
    $reader.set({ step: "unreadable", reason: "nothing" });
  }
}

/** The values to fill: every field the reading has, empty values left out (the agent types those). */
export function fillFrom(reading: PassportReading): PassportFill {
  const fill: PassportFill = {};
  for (const field of reading.fields) if (field.value) fill[field.kind] = field.value;
  return fill;
}

/** What the form gets besides the values: the picture, and its attachment when it could be kept (else null). */
export interface PassportPicture {
  file: File | null;
  attachment: Attachment | null;
}

/**
 * Keeps the picture through passport-reader/upload (the agency's attachment store), so the filing can name it as
 * the passport document. A failure is not fatal: the form still fills and the agent can add the document by hand.
 */
export async function keepPicture(): Promise<PassportPicture> {
  const file = $picture.get();
  if (!file) return { file: null, attachment: null };
  try {
    return { file, attachment: await keepPassportPicture(file) };
  } catch {
    return { file, attachment: null };
  }
}

/** Ends the OCR worker (its memory) when the reader closes. */
export async function closeReader(): Promise<void> {
  resetReader();
  if (!engineLoaded) return;
  const { stopEngine } = await import("./ocr");
  await stopEngine();
}

let engineLoaded = false;
