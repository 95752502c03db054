/**
 * Where the build put the passport reader's own files (scripts/ocr-assets.mjs): tesseract's worker, cores and model,
 * and pdf.js's worker and decoders, under one content-hashed directory of our own site (no third-party host).
 */
export const OCR_BASE: string = import.meta.env.PUBLIC_OCR_BASE ?? "/ocr/dev/";

/** OCR_BASE as an absolute URL (workers resolve relative URLs against their own script, not the page). */
export const assetsUrl = (): string => new URL(OCR_BASE, location.href).href;
