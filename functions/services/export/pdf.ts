/**
 * A table as PDF (A4 landscape) with Arabic and Sorani Kurdish shaped and right to left: pdf-lib + @pdf-lib/fontkit
 * (shaping, including the Sorani letters ێ ڵ ڕ ە that have no presentation forms) + bidi-js (the Unicode bidi
 * algorithm) + the Vazirmatn font (feasibility notes). fontkit shapes an Arabic-script string and lays it out right
 * to left as a whole, which would also reverse numbers and Latin words inside it; so each line is split into bidi runs
 * first, the runs are put in visual order here, and each run is handed to fontkit on its own: RTL runs in logical
 * order (fontkit reverses them), LTR runs as they are. The text layer therefore keeps logical order (copy and paste,
 * pdftotext give the words as written).
 */
import fontkit from "@pdf-lib/fontkit";
import bidiFactory from "bidi-js";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { VAZIRMATN_REGULAR_BASE64 } from "./font-vazirmatn";

export interface PdfTable {
  title: string;
  subtitle: string;
  header: string[];
  rows: string[][];
  /** Relative column widths. */
  widths: number[];
  /** Columns aligned to the end (numbers, money). */
  numeric?: Set<number>;
  rtl: boolean;
  /** A line under the table (e.g. "first 5 000 of 12 000 rows"). */
  footnote?: string;
  /** "Page {{page}} of {{pages}}" already translated, with {{page}} and {{pages}} left in. */
  pageLabel: string;
}

const bidi = bidiFactory();
const RTL_SCRIPT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Wraps a value (a date, a number with separators) so it stays one left-to-right unit inside right-to-left text. */
export const ltrIsolate = (text: string) => `\u2066${text}\u2069`;

let fontBytes: Uint8Array | null = null;
function vazirmatn(): Uint8Array {
  if (!fontBytes) {
    const binary = atob(VAZIRMATN_REGULAR_BASE64);
    fontBytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) fontBytes[i] = binary.charCodeAt(i);
  }
  return fontBytes;
}

interface Run {
  text: string;
  level: number;
}

/** The runs of one line in visual (left to right) order, each ready for fontkit. */
export function visualRuns(text: string, direction?: "ltr" | "rtl"): Run[] {
  if (!text) return [];
  const embedding = bidi.getEmbeddingLevels(text, direction);
  // (bidi-js reads the levels array here, whatever its README says.)
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  // UTF-16 indexes, as bidi-js counts; a run never splits a surrogate pair (both halves share a level).
  const units = text.split("");
  for (const [index, replacement] of mirrored) units[index] = replacement;
  const runs: Run[] = [];
  for (let i = 0; i < units.length; ) {
    const level = embedding.levels[i]!;
    let j = i + 1;
    while (j < units.length && embedding.levels[j] === level) j++;
    runs.push({ text: units.slice(i, j).join(""), level });
    i = j;
  }
  // Rule L2 at run granularity: from the highest level down to the lowest odd one, reverse every sequence of runs at
  // that level or above. (Inside a run, fontkit reverses RTL script itself; see rtlRunText.)
  const max = Math.max(...runs.map((r) => r.level));
  const minOdd = Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1)));
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  // Bidi controls (isolates around dates, marks) steer the order but have no glyph: drop them once the order is known.
  return runs
    .map((r) => ({ level: r.level, text: r.text.replace(BIDI_CONTROLS, "") }))
    .filter((r) => r.text)
    .map((r) => ({ level: r.level, text: r.level % 2 && !RTL_SCRIPT.test(r.text) ? [...r.text].reverse().join("") : r.text }));
}

const lineWidth = (font: PDFFont, runs: Run[], size: number) => runs.reduce((sum, r) => sum + font.widthOfTextAtSize(r.text, size), 0);

/** Draws one line of mixed-direction text inside [x, x + width], aligned to the start or end, cut with "…" if too long. */
function drawLine(page: PDFPage, font: PDFFont, text: string, x: number, y: number, width: number, size: number, alignEnd: boolean, rtl: boolean) {
  const clean = text.replace(/[\r\n\t]+/g, " ").trim();
  if (!clean) return;
  let logical = clean;
  let runs = visualRuns(logical);
  let w = lineWidth(font, runs, size);
  for (let attempt = 0; w > width && attempt < 4; attempt++) {
    const keep = Math.max(1, Math.floor(([...logical].length * width) / w) - 2);
    logical = `${[...clean].slice(0, keep).join("")}…`;
    runs = visualRuns(logical);
    w = lineWidth(font, runs, size);
  }
  // Start-aligned text begins at the right edge in RTL documents.
  const toRight = alignEnd !== rtl;
  let cursor = toRight ? x + width - w : x;
  for (const run of runs) {
    page.drawText(run.text, { x: cursor, y, size, font, color: rgb(0.1, 0.1, 0.12) });
    cursor += font.widthOfTextAtSize(run.text, size);
  }
}

export async function writePdf(table: PdfTable): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(table.title);
  doc.setProducer("visa-services");
  const font = await doc.embedFont(vazirmatn(), { subset: true });
  const [pageWidth, pageHeight] = [841.89, 595.28];
  const margin = 28;
  const size = 7.5;
  const rowHeight = 15;
  const usable = pageWidth - 2 * margin;
  const totalWeight = table.widths.reduce((a, b) => a + b, 0);
  const widths = table.widths.map((w) => (w / totalWeight) * usable);
  // Column x positions, mirrored in RTL (the first column on the right).
  const xs: number[] = [];
  let acc = 0;
  for (const w of widths) {
    xs.push(table.rtl ? pageWidth - margin - acc - w : margin + acc);
    acc += w;
  }
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage([pageWidth, pageHeight]);
    pages.push(page);
    y = pageHeight - margin;
    if (pages.length === 1) {
      drawLine(page, font, table.title, margin, y - 12, usable, 14, false, table.rtl);
      drawLine(page, font, table.subtitle, margin, y - 28, usable, 8.5, false, table.rtl);
      y -= 40;
    }
    page.drawRectangle({ x: margin, y: y - rowHeight + 3, width: usable, height: rowHeight, color: rgb(0.93, 0.93, 0.95) });
    table.header.forEach((h, i) => drawLine(page, font, h, xs[i]! + 3, y - rowHeight + 7, widths[i]! - 6, size, table.numeric?.has(i) ?? false, table.rtl));
    y -= rowHeight;
  };
  newPage();
  table.rows.forEach((row, r) => {
    if (y - rowHeight < margin + 14) newPage();
    if (r % 2 === 1) page.drawRectangle({ x: margin, y: y - rowHeight + 3, width: usable, height: rowHeight, color: rgb(0.975, 0.975, 0.98) });
    row.forEach((cell, i) => drawLine(page, font, cell, xs[i]! + 3, y - rowHeight + 7, widths[i]! - 6, size, table.numeric?.has(i) ?? false, table.rtl));
    y -= rowHeight;
  });
  if (table.footnote) {
    if (y - rowHeight < margin + 14) newPage();
    drawLine(page, font, table.footnote, margin, y - rowHeight + 5, usable, size, false, table.rtl);
  }
  pages.forEach((p, i) => {
    const label = table.pageLabel.replace("{{page}}", String(i + 1)).replace("{{pages}}", String(pages.length));
    drawLine(p, font, label, margin, margin - 12, usable, 7, true, table.rtl);
  });
  return doc.save({ useObjectStreams: true });
}
