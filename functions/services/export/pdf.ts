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
import { PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
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
  /** Columns never cut (references, times and their zone): the width their header and longest value need, taken from the others. */
  whole?: Set<number>;
  rtl: boolean;
  /** A line under the table (e.g. "first 5 000 of 12 000 rows"). */
  footnote?: string;
  /** "Page {{page}} of {{pages}}" already translated, with {{page}} and {{pages}} left in. */
  pageLabel: string;
}

const bidi = bidiFactory();
const RTL_SCRIPT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/**
 * Right-to-left letters, which fontkit shapes and lays out right to left itself. Arabic-Indic digits and the Arabic
 * decimal and group marks are not among them: a figure runs left to right (issue 26 item 7 writes them in ar/ku), so
 * it is composed glyph by glyph like a Latin one, or fontkit would turn ١٢٥٫٥٠ into ٠٥٫٥٢١.
 */
const RTL_LETTERS = /[\u0590-\u065f\u066e-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const HAS_BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
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
  // No right-to-left letters and no bidi controls: one left-to-right run (most cells: references, dates, money).
  if (direction !== "rtl" && !RTL_SCRIPT.test(text) && !HAS_BIDI_CONTROL.test(text)) return [{ text, level: 0 }];
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
    .map((r) => ({ level: r.level, text: r.level % 2 && !RTL_LETTERS.test(r.text) ? [...r.text].reverse().join("") : r.text }));
}

/**
 * Shaping is the expensive part (fontkit's layout, ~0.3 ms a call): every Arabic-script run is shaped once per
 * document and reused (statuses, visa titles, headers repeat on every page); runs without Arabic script (references,
 * passport numbers, dates, money, Latin names) need no joining, so they are composed from per-character glyphs.
 */
class Shaper {
  private readonly shaped = new Map<string, { hex: string; width: number }>();
  private readonly lines = new Map<string, Run[]>();
  constructor(readonly font: PDFFont) {}

  private layout(text: string) {
    let shaped = this.shaped.get(text);
    if (!shaped) {
      shaped = { hex: this.font.encodeText(text).asString(), width: this.font.widthOfTextAtSize(text, 1) };
      this.shaped.set(text, shaped);
    }
    return shaped;
  }

  run(text: string): { hex: string; width: number } {
    if (RTL_LETTERS.test(text) || text.length === 1) return this.layout(text);
    let hex = "";
    let width = 0;
    for (const ch of text) {
      const glyph = this.layout(ch);
      hex += glyph.hex;
      width += glyph.width;
    }
    return { hex, width };
  }

  runs(text: string): Run[] {
    let runs = this.lines.get(text);
    if (!runs) {
      runs = visualRuns(text);
      if (this.lines.size < 20_000) this.lines.set(text, runs);
    }
    return runs;
  }

  width(runs: Run[], size: number) {
    return runs.reduce((sum, r) => sum + this.run(r.text).width * size, 0);
  }

  /**
   * A cell's text as the lines it takes inside `width` (issue 26: a long visa title wraps, never cut): whole words to
   * a line, in logical order (each line is then laid out on its own); a word wider than the cell alone is split
   * where it fills a line.
   */
  wrap(text: string, width: number, size: number): string[] {
    const clean = text.replace(/[\r\n\t]+/g, " ").trim();
    if (!clean) return [];
    if (this.width(this.runs(clean), size) <= width) return [clean];
    // Candidate lines are measured without the line cache: they are never drawn, and would crowd it out.
    const fits = (line: string) => this.width(visualRuns(line), size) <= width;
    const lines: string[] = [];
    let current = "";
    for (const word of clean.split(/ +/)) {
      const candidate = current ? `${current} ${word}` : word;
      if (fits(candidate)) {
        current = candidate;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      while (!fits(current)) {
        const chars = [...current];
        let keep = chars.length - 1;
        while (keep > 1 && !fits(chars.slice(0, keep).join(""))) keep--;
        lines.push(chars.slice(0, keep).join(""));
        current = chars.slice(keep).join("");
      }
    }
    if (current) lines.push(current);
    return lines;
  }
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * One page's content stream, written as PDF operators in a string (pdf-lib's operator objects cost ~1 KB per cell:
 * too much for 5 000 rows in a Worker's 128 MB).
 */
class PageContent {
  private readonly parts: string[] = [];
  constructor(private readonly fontKey: string, private readonly shaper: Shaper) {}

  rect(x: number, y: number, width: number, height: number, grey: number) {
    this.parts.push(`${num(grey)} ${num(grey)} ${num(grey + 0.02)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  /**
   * One line of mixed-direction text inside [x, x + width], aligned to the start or end, cut with "…" if too long
   * (table cells wrap first, Shaper.wrap: only a page's title or footnote can still be cut).
   */
  line(text: string, x: number, y: number, width: number, size: number, alignEnd: boolean, rtl: boolean) {
    const clean = text.replace(/[\r\n\t]+/g, " ").trim();
    if (!clean) return;
    const shaper = this.shaper;
    let runs = shaper.runs(clean);
    let w = shaper.width(runs, size);
    for (let attempt = 0; w > width && attempt < 4; attempt++) {
      const chars = [...clean];
      const keep = Math.max(1, Math.floor((chars.length * width) / w) - 2 - attempt);
      runs = visualRuns(`${chars.slice(0, keep).join("")}…`);
      w = shaper.width(runs, size);
    }
    // Start-aligned text begins at the right edge in RTL documents.
    let cursor = alignEnd !== rtl ? x + width - w : x;
    const ops = [`BT 0.1 0.1 0.12 rg ${this.fontKey} ${num(size)} Tf`];
    for (const run of runs) {
      const shaped = shaper.run(run.text);
      ops.push(`1 0 0 1 ${num(cursor)} ${num(y)} Tm <${shaped.hex}> Tj`);
      cursor += shaped.width * size;
    }
    ops.push("ET");
    this.parts.push(ops.join(" "));
  }

  toString() {
    return this.parts.join("\n");
  }
}

/**
 * Widens the columns that must not be cut (issue 26 item 7: the admin's PDF cut every reference to "VR-2026-000…") to
 * their longest value, and narrows the others in proportion to make up for it.
 */
function fitWholeColumns(widths: number[], table: PdfTable, need: (text: string) => number): void {
  if (!table.whole?.size) return;
  let extra = 0;
  for (const i of table.whole) {
    const wanted = Math.max(need(table.header[i] ?? ""), ...table.rows.map((row) => need(row[i] ?? "")));
    if (wanted > widths[i]!) {
      extra += wanted - widths[i]!;
      widths[i] = wanted;
    }
  }
  const others = widths.reduce((sum, w, i) => (table.whole!.has(i) ? sum : sum + w), 0);
  if (extra === 0 || others <= extra) return;
  widths.forEach((w, i) => {
    if (!table.whole!.has(i)) widths[i] = w - (w / others) * extra;
  });
}

export async function writePdf(table: PdfTable): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(table.title);
  doc.setProducer("visa-services");
  const font = await doc.embedFont(vazirmatn(), { subset: true });
  const shaper = new Shaper(font);
  const [pageWidth, pageHeight] = [841.89, 595.28];
  const margin = 28;
  const size = 7.5;
  const rowHeight = 15;
  const usable = pageWidth - 2 * margin;
  const totalWeight = table.widths.reduce((a, b) => a + b, 0);
  const widths = table.widths.map((w) => (w / totalWeight) * usable);
  fitWholeColumns(widths, table, (text) => shaper.width(visualRuns(text), size) + 8);
  // Column x positions, mirrored in RTL (the first column on the right).
  const xs: number[] = [];
  let acc = 0;
  for (const w of widths) {
    xs.push(table.rtl ? pageWidth - margin - acc - w : margin + acc);
    acc += w;
  }
  const pages: { page: PDFPage; content: PageContent }[] = [];
  let content!: PageContent;
  let y = 0;
  // A row is as tall as its tallest cell: text that does not fit its column wraps onto more lines (issue 26).
  const lineStep = size + 2.5;
  const linesOf = (values: string[]) => values.map((cell, i) => shaper.wrap(cell, widths[i]! - 6, size));
  const heightOf = (lines: string[][]) => rowHeight + (Math.max(1, ...lines.map((cell) => cell.length)) - 1) * lineStep;
  const cells = (lines: string[][]) =>
    lines.forEach((cell, i) =>
      cell.forEach((text, k) => content.line(text, xs[i]! + 3, y - rowHeight + 7 - k * lineStep, widths[i]! - 6, size, table.numeric?.has(i) ?? false, table.rtl)),
    );
  const header = linesOf(table.header);
  const headerHeight = heightOf(header);
  const newPage = () => {
    const page = doc.addPage([pageWidth, pageHeight]);
    content = new PageContent(page.node.newFontDictionary(font.name, font.ref).toString(), shaper);
    pages.push({ page, content });
    y = pageHeight - margin;
    if (pages.length === 1) {
      content.line(table.title, margin, y - 12, usable, 14, false, table.rtl);
      content.line(table.subtitle, margin, y - 28, usable, 8.5, false, table.rtl);
      y -= 40;
    }
    content.rect(margin, y - headerHeight + 3, usable, headerHeight, 0.93);
    cells(header);
    y -= headerHeight;
  };
  newPage();
  table.rows.forEach((row, r) => {
    const lines = linesOf(row);
    const height = heightOf(lines);
    if (y - height < margin + 14) newPage();
    if (r % 2 === 1) content.rect(margin, y - height + 3, usable, height, 0.975);
    cells(lines);
    y -= height;
  });
  if (table.footnote) {
    if (y - rowHeight < margin + 14) newPage();
    content.line(table.footnote, margin, y - rowHeight + 5, usable, size, false, table.rtl);
  }
  pages.forEach(({ page, content: c }, i) => {
    const label = table.pageLabel.replace("{{page}}", String(i + 1)).replace("{{pages}}", String(pages.length));
    c.line(label, margin, margin - 12, usable, 7, true, table.rtl);
    page.node.addContentStream(doc.context.register(doc.context.flateStream(c.toString())));
  });
  return doc.save({ useObjectStreams: true });
}

// ── Receipts (issue 30) ──────────────────────────────────────────────────────────────────────────
export interface PdfReceipt {
  rtl: boolean;
  /** "a4": a printed page; "phone": a narrow page that reads on a phone screen (sent on WhatsApp). */
  layout: "a4" | "phone";
  title: string;
  agencyName: string;
  /** The agency's own lines: address, phone, licence number (in the receipt's language). */
  footer: string[];
  logo?: { bytes: Uint8Array; type: "image/png" | "image/jpeg" } | null;
  /** Label and value, in order (traveller, service, reference, date, price). */
  lines: [string, string][];
  closing: string;
}

const RECEIPT_PAGES = { a4: { width: 595.28, height: 841.89, margin: 48, scale: 1 }, phone: { width: 288, height: 560, margin: 18, scale: 0.8 } } as const;

/**
 * One receipt for the traveller, from the agency: its logo and details at the top, the receipt's lines, a closing
 * line. Same shaping and bidi as the tables (Arabic and Sorani shaped, right to left); A4 or a phone-size page.
 */
export async function writeReceipt(receipt: PdfReceipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${receipt.title} · ${receipt.agencyName}`);
  doc.setProducer("visa-services");
  const font = await doc.embedFont(vazirmatn(), { subset: true });
  const shaper = new Shaper(font);
  const { width, height, margin, scale } = RECEIPT_PAGES[receipt.layout];
  const page = doc.addPage([width, height]);
  const content = new PageContent(page.node.newFontDictionary(font.name, font.ref).toString(), shaper);
  const usable = width - 2 * margin;
  let y = height - margin;
  if (receipt.logo) {
    const image = receipt.logo.type === "image/png" ? await doc.embedPng(receipt.logo.bytes) : await doc.embedJpg(receipt.logo.bytes);
    const box = 64 * scale;
    const fit = Math.min(box / image.height, (usable / 2) / image.width, 1);
    const [w, h] = [image.width * fit, image.height * fit];
    // The logo sits at the start of the reading direction: top right in Arabic and Kurdish.
    page.drawImage(image, { x: receipt.rtl ? width - margin - w : margin, y: y - h, width: w, height: h });
    y -= h + 10 * scale;
  }
  content.line(receipt.agencyName, margin, y - 16 * scale, usable, 18 * scale, false, receipt.rtl);
  y -= 24 * scale;
  for (const line of receipt.footer) {
    content.line(line, margin, y - 10 * scale, usable, 9 * scale, false, receipt.rtl);
    y -= 13 * scale;
  }
  y -= 8 * scale;
  content.rect(margin, y, usable, 1, 0.75);
  y -= 30 * scale;
  content.line(receipt.title, margin, y, usable, 16 * scale, false, receipt.rtl);
  y -= 26 * scale;
  const stacked = receipt.layout === "phone";
  for (const [label, value] of receipt.lines) {
    if (stacked) {
      content.line(label, margin, y, usable, 8.5 * scale, false, receipt.rtl);
      content.line(value, margin, y - 14 * scale, usable, 12 * scale, false, receipt.rtl);
      y -= 34 * scale;
    } else {
      content.line(label, receipt.rtl ? margin + usable * 0.65 : margin, y, usable * 0.35, 10, false, receipt.rtl);
      // The value: in the other column (the left one in right-to-left receipts).
      content.line(value, receipt.rtl ? margin : margin + usable * 0.38, y, usable * 0.62, 11, false, receipt.rtl);
      content.rect(margin, y - 8, usable, 0.5, 0.88);
      y -= 24;
    }
  }
  y -= 16 * scale;
  content.line(receipt.closing, margin, y, usable, 9 * scale, false, receipt.rtl);
  page.node.addContentStream(doc.context.register(doc.context.flateStream(content.toString())));
  return doc.save({ useObjectStreams: true });
}
