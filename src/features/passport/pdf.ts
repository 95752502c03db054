/**
 * Passport scans chosen as a PDF (issue 14): pdf.js draws a page on a canvas and the reader reads it like a photo.
 * pdf.js is big (~140 KB gz here, ~380 KB gz more for its worker), so this module is imported only when the agent
 * chooses a PDF, and pdf.js itself only from here. Its worker and wasm decoders come from our own site, the same
 * content-hashed directory as the OCR files (scripts/ocr-assets.mjs): CSP worker-src 'self' and wasm-unsafe-eval.
 */
import type { PDFDocumentProxy } from "pdfjs-dist";
import { assetsUrl } from "./assets";
import { trimMargins, type Canvas2D } from "./image";

/**
 * Long side of a page drawn for reading, in pixels. More than for photos (image.ts, 2400): a scan is often a whole
 * A4 sheet with the passport on part of it, and the MRZ characters must stay ~20 pixels wide.
 */
const READ_SIDE = 3000;
/** Long side of a page preview in the page picker. */
const THUMB_SIDE = 220;
/** Pages shown in the picker: a passport scan has a few; a longer PDF is not a passport scan. */
export const MAX_PAGES = 12;

export interface PdfScan {
  /** Number of pages in the file. */
  pages: number;
  /** Draws page `n` (1-based) for reading, cut to what is on the sheet (image.ts trimMargins). */
  render(n: number): Promise<Canvas2D>;
  /** A small preview of page `n` as an object URL (revoked by close()). */
  preview(n: number): Promise<string>;
  /** Ends pdf.js's worker and frees the previews. */
  close(): Promise<void>;
}

function draw(doc: PDFDocumentProxy, n: number, side: number): Promise<HTMLCanvasElement> {
  return doc.getPage(n).then(async (page) => {
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: side / Math.max(unit.width, unit.height) });
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    // White behind transparent pages: the band finder and the OCR expect dark text on light paper.
    await page.render({ canvas, viewport, background: "#ffffff" }).promise;
    page.cleanup();
    return canvas;
  });
}

/** Opens a PDF file; throws when pdf.js cannot read it (damaged, encrypted with a password, not a PDF). */
export async function openPdf(file: Blob): Promise<PdfScan> {
  const pdfjs = await import("pdfjs-dist");
  const base = assetsUrl();
  pdfjs.GlobalWorkerOptions.workerSrc = `${base}pdf.worker.min.mjs`;
  const task = pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), wasmUrl: base, iccUrl: base, enableXfa: false });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy();
    throw error;
  }
  const urls: string[] = [];
  return {
    pages: doc.numPages,
    render: async (n) => trimMargins(await draw(doc, n, READ_SIDE)),
    async preview(n) {
      const canvas = await draw(doc, n, THUMB_SIDE);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
      const url = blob ? URL.createObjectURL(blob) : canvas.toDataURL("image/png");
      urls.push(url);
      return url;
    },
    async close() {
      for (const url of urls.splice(0)) if (url.startsWith("blob:")) URL.revokeObjectURL(url);
      await task.destroy(); // ends pdf.js's worker
    },
  };
}
