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
import type { PdfScan } from "./pdf";
import type { Canvas2D } from "./image";

export type ReaderState =
  | { step: "pick"; note?: "pdf" | "type" }
  | { step: "working"; phase: OcrProgress["phase"] | "pdf"; progress: number }
  /** A PDF of several pages: the agent picks the data page (previews fill in as pdf.js draws them). */
  | { step: "pages"; pages: number; total: number; previews: (string | null)[] }
  /** `pages`: the picture was a page of a PDF with others to try. */
  | { step: "unreadable"; reason: "nothing" | "engine"; pages?: boolean }
  | { step: "result"; reading: PassportReading; ms: number; engineMs: number; attempts: number };

/** What the reader hands to the form: values by field kind, for the kinds the reading found. */
export type PassportFill = Partial<Record<PassportFieldKind, string>>;

export const $reader = atom<ReaderState>({ step: "pick" });
/** The file the agent chose (image or PDF, as chosen), kept so the form can store it as the passport document. */
export const $picture = atom<File | null>(null);

const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"];
/** Pages offered in the picker: a passport scan has a few; the agent can still read page 1 of a longer file. */
const MAX_PAGES = 12;

/** The open PDF (pdf.ts), while the agent picks or reads its pages. */
let pdf: PdfScan | null = null;
/** The page picker as last shown, to go back to it after an unreadable page. */
let pagesState: Extract<ReaderState, { step: "pages" }> | null = null;
let travel: string | undefined;

function closePdf(): void {
  const open = pdf;
  pdf = null;
  pagesState = null;
  void open?.close().catch(() => undefined);
}

export function resetReader(): void {
  closePdf();
  $reader.set({ step: "pick" });
  $picture.set(null);
}

const isPdf = (file: File) => file.type === "application/pdf" || (!file.type && /\.pdf$/i.test(file.name));

/**
 * Reads one picture: the OCR in the browser (ocr.ts, loaded now, not with the page), then the API validates the
 * lines. A PDF is opened with pdf.js (pdf.ts, loaded only for PDFs): a one-page file is read at once, a longer one
 * asks which page holds the data page. The file itself, PDF or image, is what keepPicture() stores.
 */
export async function readPicture(file: File, travelDate?: string): Promise<void> {
  closePdf();
  $picture.set(file);
  travel = travelDate;
  if (isPdf(file)) return openScan(file);
  if (!IMAGE_TYPES.includes(file.type)) {
    $reader.set({ step: "pick", note: "type" });
    return;
  }
  await readSource(file);
}

async function openScan(file: File): Promise<void> {
  $reader.set({ step: "working", phase: "pdf", progress: 0 });
  let scan: PdfScan;
  try {
    scan = await (await import("./pdf")).openPdf(file);
  } catch (error) {
    console.error("passport reader: PDF not opened", error);
    $reader.set({ step: "pick", note: "pdf" });
    return;
  }
  pdf = scan;
  if (scan.pages === 1) return readPdfPage(1);
  const pages = Math.min(scan.pages, MAX_PAGES);
  pagesState = { step: "pages", pages, total: scan.pages, previews: Array<string | null>(pages).fill(null) };
  $reader.set(pagesState);
  // Previews one at a time, in page order; stop as soon as the agent moved on.
  for (let n = 1; n <= pages; n++) {
    const url = await scan.preview(n).catch(() => null);
    if (pdf !== scan || !pagesState) return;
    pagesState = { ...pagesState, previews: pagesState.previews.map((p, i) => (i === n - 1 ? url : p)) };
    if ($reader.get().step === "pages") $reader.set(pagesState);
  }
}

/** Reads page `n` (1-based) of the open PDF. */
export async function readPdfPage(n: number): Promise<void> {
  const scan = pdf;
  if (!scan) return;
  $reader.set({ step: "working", phase: "pdf", progress: 0 });
  let page: Canvas2D;
  try {
    page = await scan.render(n);
  } catch (error) {
    console.error("passport reader: PDF page not drawn", error);
    $reader.set({ step: "pick", note: "pdf" });
    return;
  }
  await readSource(page);
}

/** Back to the page picker after a page that could not be read. */
export function choosePage(): void {
  if (pagesState) $reader.set(pagesState);
}

async function readSource(source: Blob | Canvas2D): Promise<void> {
  const pages = pagesState !== null;
  $reader.set({ step: "working", phase: "engine", progress: 0 });
  let ocr: typeof import("./ocr");
  let read: Awaited<ReturnType<(typeof import("./ocr"))["readMrz"]>>;
  try {
    ocr = await import("./ocr");
    engineLoaded = true;
    read = await ocr.readMrz(source, (p) => $reader.set({ step: "working", phase: p.phase, progress: p.progress }));
  } catch (error) {
    console.error("passport reader failed", error);
    $reader.set({ step: "unreadable", reason: "engine", pages });
    return;
  }
  if (!read.lines) {
    $reader.set({ step: "unreadable", reason: "nothing", pages });
    return;
  }
  try {
    const reading = await validateMrz({ lines: read.lines, travelDate: travel, ocrConfidence: Math.round(read.confidence) });
    $reader.set({ step: "result", reading, ms: read.ms, engineMs: read.engineMs, attempts: read.attempts });
  } catch {
    $reader.set({ step: "unreadable", reason: "nothing", pages });
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
