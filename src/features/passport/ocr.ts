/**
 * The OCR engine of the passport reader, loaded only when the reader opens: tesseract.js (its own Web Worker, so
 * the page stays responsive) with the legacy engine, whose wasm core and English model the build serves from our own
 * site (scripts/ocr-assets.mjs, /ocr/<hash>/). Settings found to read MRZs (shared/notes/feasibility.md): legacy
 * engine (OEM 0), the MRZ alphabet as a whitelist, one uniform block of text (PSM 6), automatic deskew.
 */
import type { Worker as TesseractWorker } from "tesseract.js";
import { parseMrz, pickMrzLines, type MrzResult } from "../../shared/mrz";
import { OCR_BASE, assetsUrl } from "./assets";
import { candidateCrops, loadPicture, type Canvas2D } from "./image";

export type OcrPhase = "engine" | "reading";
export interface OcrProgress {
  phase: OcrPhase;
  /** 0..1 */
  progress: number;
}


const WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";

let engine: Promise<TesseractWorker> | null = null;
let listener: ((p: OcrProgress) => void) | null = null;

/** Starts (once) the tesseract worker; progress of the download and start goes to the current listener. */
export function startEngine(onProgress?: (p: OcrProgress) => void): Promise<TesseractWorker> {
  if (onProgress) listener = onProgress;
  engine ??= (async () => {
    // The ESM build has one default export: the library object.
    const { createWorker } = (await import("tesseract.js/dist/tesseract.esm.min.js")).default;
    const base = assetsUrl();
    const worker = await createWorker("eng", 0 /* OEM.TESSERACT_ONLY */, {
      workerPath: `${base}worker.min.js`,
      corePath: base,
      langPath: base.replace(/\/$/, ""),
      // The cached model is keyed by the hashed directory: a new model is never mixed with an old cache entry.
      cachePath: `mrz-${OCR_BASE.replace(/\W/g, "")}`,
      gzip: true,
      workerBlobURL: false,
      legacyCore: true,
      legacyLang: true,
      logger: (m: { status: string; progress: number }) => {
        const phase: OcrPhase = m.status === "recognizing text" ? "reading" : "engine";
        listener?.({ phase, progress: m.progress });
      },
    }, { load_system_dawg: "0", load_freq_dawg: "0", load_punc_dawg: "0", load_number_dawg: "0", load_bigram_dawg: "0" });
    await worker.setParameters({
      tessedit_char_whitelist: WHITELIST,
      tessedit_pageseg_mode: "6" as never,
    });
    return worker;
  })();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/** Ends the worker (frees its memory, ~50 MB) when the reader closes; the next open starts it again from cache. */
export async function stopEngine(): Promise<void> {
  const running = engine;
  engine = null;
  listener = null;
  if (running) await (await running.catch(() => null))?.terminate();
}

export interface MrzRead {
  /** The MRZ lines as read (not yet repaired), or null when no crop gave something MRZ-shaped. */
  lines: string[] | null;
  /** The local parse of the best lines (the server parses again: it is the authority). */
  parsed: MrzResult | null;
  /** Mean OCR confidence 0..100 of the chosen reading. */
  confidence: number;
  attempts: number;
  /** Whole read, engine start included. */
  ms: number;
  /** Of which starting the engine (download or cache, wasm compile, model load). */
  engineMs: number;
}

const score = (r: MrzResult) => r.checks.filter((c) => c.ok).length;

/** Parses lines, or null when they are not an MRZ. */
function tryParse(lines: string[]): MrzResult | null {
  try {
    return parseMrz(lines);
  } catch {
    return null;
  }
}

/**
 * Reads the MRZ from a photo (or a PDF page already drawn on a canvas, pdf.ts): tries the crops of image.ts in order and stops as soon as the check digits all pass.
 * Readings of different crops are combined line by line (the first line of one with the second of another), since
 * noise often spoils a different character in each; otherwise the reading with the most passing check digits wins
 * (the agent then sees which field failed).
 */
export async function readMrz(file: Blob | Canvas2D, onProgress?: (p: OcrProgress) => void): Promise<MrzRead> {
  const started = performance.now();
  const worker = await startEngine(onProgress);
  const engineMs = Math.round(performance.now() - started);
  const picture = await loadPicture(file);
  const seen: { lines: string[]; confidence: number }[] = [];
  let best: { lines: string[]; parsed: MrzResult; confidence: number } | null = null;
  let attempts = 0;
  const consider = (lines: string[], confidence: number) => {
    const parsed = tryParse(lines);
    if (parsed && (!best || score(parsed) > score(best.parsed))) best = { lines, parsed, confidence };
  };
  for (const { crop, label } of candidateCrops(picture, () => seen.length > 0)) {
    attempts++;
    const { data } = await worker.recognize(crop as HTMLCanvasElement, { rotateAuto: true });
    const lines = pickMrzLines(data.text);
    // Diagnostics only when a developer sets globalThis.__mrzDebug (never by default: it would log passport data).
    if ((globalThis as { __mrzDebug?: boolean }).__mrzDebug) console.debug("mrz attempt", label, data.confidence, JSON.stringify(data.text));
    if (!lines) continue;
    for (const other of seen) {
      if (other.lines.length !== lines.length) continue;
      consider([other.lines[0]!, ...lines.slice(1)], Math.min(other.confidence, data.confidence));
      consider([lines[0]!, ...other.lines.slice(1)], Math.min(other.confidence, data.confidence));
    }
    consider(lines, data.confidence);
    seen.push({ lines, confidence: data.confidence });
    if (best && (best as { parsed: MrzResult }).parsed.valid) break;
  }
  const chosen = best as { lines: string[]; parsed: MrzResult; confidence: number } | null;
  return { lines: chosen?.lines ?? null, parsed: chosen?.parsed ?? null, confidence: chosen?.confidence ?? 0, attempts, ms: Math.round(performance.now() - started), engineMs };
}
