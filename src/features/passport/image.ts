/**
 * Picture preparation for the MRZ reader (browser only): load a photo upright, find the band of the two MRZ lines,
 * and cut candidate crops at a size the legacy tesseract engine reads well. Reading the whole page at full size is
 * slower and worse: the MRZ is two lines of a known shape at the bottom of the data page.
 */

export type Canvas2D = HTMLCanvasElement | OffscreenCanvas;

function canvas(width: number, height: number): Canvas2D {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const c = document.createElement("canvas");
  c.width = width;
  c.height = height;
  return c;
}

const ctx = (c: Canvas2D) => c.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;

/**
 * The picture, upright per its EXIF orientation, at most `maxSide` pixels on its long side. A canvas (a PDF page
 * pdf.ts drew) is taken as it is: it was drawn at that size already.
 */
export async function loadPicture(file: Blob | Canvas2D, maxSide = 2400): Promise<Canvas2D> {
  if (!(file instanceof Blob)) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const out = canvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  const c = ctx(out);
  c.imageSmoothingQuality = "high";
  c.drawImage(bitmap, 0, 0, out.width, out.height);
  bitmap.close();
  return out;
}

/** The pixels of a copy at most 600 pixels wide: enough to measure a page's margins, skew or ink, and quick. */
function smallCopy(source: Canvas2D) {
  const width = Math.min(600, source.width);
  const scale = width / source.width;
  const height = Math.max(1, Math.round(source.height * scale));
  const c = ctx(canvas(width, height));
  c.drawImage(source as CanvasImageSource, 0, 0, width, height);
  return { data: c.getImageData(0, 0, width, height).data, width, height, scale };
}

/**
 * The part of a page that holds something, with a small margin: a scanned sheet (a PDF page) is mostly white paper
 * with the passport somewhere on it, often in a top corner of the flatbed, while the band finder looks for the MRZ
 * in the lower part of the picture. A photo, with no white border, comes back as it is.
 */
export function trimMargins(source: Canvas2D): Canvas2D {
  const { data, width, height, scale } = smallCopy(source);
  const rows = new Uint32Array(height);
  const cols = new Uint32Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      // Paper, even a grey scanner lid, is lighter than this; ink, photos and security prints are darker.
      if ((data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29) >> 8 < 200) {
        rows[y]!++;
        cols[x]!++;
      }
    }
  }
  // A row or column counts when more than a speck of dust is on it.
  const first = (counts: Uint32Array, min: number) => counts.findIndex((n) => n >= min);
  const last = (counts: Uint32Array, min: number) => counts.length - 1 - [...counts].reverse().findIndex((n) => n >= min);
  const top = first(rows, Math.max(2, width * 0.01));
  const left = first(cols, Math.max(2, height * 0.01));
  if (top < 0 || left < 0) return source;
  const bottom = last(rows, Math.max(2, width * 0.01));
  const right = last(cols, Math.max(2, height * 0.01));
  const margin = Math.round(Math.max(width, height) * 0.02);
  const x0 = Math.max(0, left - margin) / scale;
  const y0 = Math.max(0, top - margin) / scale;
  const x1 = Math.min(width, right + 1 + margin) / scale;
  const y1 = Math.min(height, bottom + 1 + margin) / scale;
  if ((x1 - x0) * (y1 - y0) > 0.9 * source.width * source.height) return source;
  const out = canvas(Math.round(x1 - x0), Math.round(y1 - y0));
  ctx(out).drawImage(source as CanvasImageSource, x0, y0, x1 - x0, y1 - y0, 0, 0, out.width, out.height);
  return out;
}

/** The picture turned by a multiple of 90° (photos of a passport held sideways or upside down). */
export function rotateQuarter(source: Canvas2D, quarters: 0 | 1 | 2 | 3): Canvas2D {
  if (quarters === 0) return source;
  const swap = quarters % 2 === 1;
  const out = canvas(swap ? source.height : source.width, swap ? source.width : source.height);
  const c = ctx(out);
  c.translate(out.width / 2, out.height / 2);
  c.rotate((quarters * Math.PI) / 2);
  c.drawImage(source as CanvasImageSource, -source.width / 2, -source.height / 2);
  return out;
}

/**
 * The page's skew in degrees (-6..6): the angle at which the rows of dark pixels line up best (largest variance of
 * the row profile), measured on a 600-pixel-wide copy. A 3° tilt drifts a 44-character line by most of a line
 * height, which spoils both the band crop and the classifier.
 */
export function estimateSkew(source: Canvas2D): number {
  const { data, width, height } = smallCopy(source);
  let sum = 0;
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < gray.length; i++) {
    gray[i] = (data[i * 4]! * 77 + data[i * 4 + 1]! * 150 + data[i * 4 + 2]! * 29) >> 8;
    sum += gray[i]!;
  }
  const dark = sum / gray.length - 50;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (gray[y * width + x]! < dark) (xs.push(x), ys.push(y));
  if (xs.length < 50) return 0;
  let bestAngle = 0;
  let bestScore = -1;
  for (let tenth = -60; tenth <= 60; tenth += 5) {
    const t = ((tenth / 10) * Math.PI) / 180;
    const sin = Math.sin(t);
    const cos = Math.cos(t);
    const rows = new Float64Array(height * 2 + 2);
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round(ys[i]! * cos - xs[i]! * sin + height / 2);
      if (r >= 0 && r < rows.length) rows[r]! += 1;
    }
    let score = 0;
    for (const v of rows) score += v * v;
    if (score > bestScore) {
      bestScore = score;
      bestAngle = tenth / 10;
    }
  }
  return bestAngle;
}

/** The picture turned by `degrees` about its centre (white corners). */
export function rotateBy(source: Canvas2D, degrees: number): Canvas2D {
  if (degrees === 0) return source;
  const out = canvas(source.width, source.height);
  const c = ctx(out);
  c.fillStyle = "#fff";
  c.fillRect(0, 0, out.width, out.height);
  c.translate(out.width / 2, out.height / 2);
  c.rotate((-degrees * Math.PI) / 180);
  c.drawImage(source as CanvasImageSource, -source.width / 2, -source.height / 2);
  return out;
}

/**
 * Finds the MRZ band: rows with many light/dark edges (text), merged into blocks, the lowest wide block in the lower
 * part of the picture. Answers [top, bottom] in source pixels, or null. Cheap: it works on a 600-pixel-wide copy.
 */
export function findMrzBand(source: Canvas2D): [number, number] | null {
  const { data, width, height, scale } = smallCopy(source);
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < gray.length; i++) gray[i] = (data[i * 4]! * 77 + data[i * 4 + 1]! * 150 + data[i * 4 + 2]! * 29) >> 8;

  // Edge count per row: strong horizontal changes are letter strokes; paper, photos and backgrounds have few.
  const edges = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    const row = y * width;
    for (let x = 1; x < width; x++) if (Math.abs(gray[row + x]! - gray[row + x - 1]!) > 40) n++;
    edges[y] = n / width;
  }
  const radius = Math.max(1, Math.round(height / 200));
  const smooth = new Float32Array(height);
  for (let y = 0; y < height; y++) {
    let sum = 0;
    let count = 0;
    for (let k = -radius; k <= radius; k++) {
      const v = edges[y + k];
      if (v !== undefined) {
        sum += v;
        count++;
      }
    }
    smooth[y] = sum / count;
  }
  const lowerStart = Math.floor(height * 0.35);
  let max = 0;
  for (let y = lowerStart; y < height; y++) max = Math.max(max, smooth[y]!);
  if (max < 0.03) return null;
  const threshold = max * 0.45;
  // Blocks of consecutive text rows (each MRZ line is one), the lowest tall one is the MRZ's second line.
  const blocks: [number, number][] = [];
  for (let y = lowerStart; y < height; y++) {
    if (smooth[y]! < threshold) continue;
    const last = blocks[blocks.length - 1];
    if (last && y - last[1] <= 2) last[1] = y;
    else blocks.push([y, y]);
  }
  const tall = blocks.filter(([a, b]) => b - a >= height * 0.012);
  const second = tall[tall.length - 1];
  if (!second) return null;
  const h = second[1] - second[0] + 1;
  // The first line: the block above of about the same height, less than two and a half line heights away; when
  // it was too faint to be found, the same space above is taken anyway (a TD3 MRZ always has two lines).
  const first = tall[tall.length - 2];
  const paired = first && second[0] - first[1] <= 2.5 * h && Math.abs(first[1] - first[0] + 1 - h) <= 0.6 * h;
  const top = paired ? first[0] : Math.max(0, second[0] - 2 * h);
  return [top / scale, (second[1] + 1) / scale];
}

/**
 * A grey crop from `top` to `bottom` (source pixels) with a margin, scaled so the band is about `bandPixels` high:
 * two MRZ lines of ~40-pixel capitals, where the legacy classifier is at its best.
 */
export function cropBand(source: Canvas2D, top: number, bottom: number, bandPixels = 120): Canvas2D {
  const margin = (bottom - top) * 0.35;
  const y0 = Math.max(0, Math.floor(top - margin));
  const y1 = Math.min(source.height, Math.ceil(bottom + margin));
  // At most ~2000 pixels wide: a phone photo's band scaled up would cost seconds and read no better.
  const scale = Math.min(3, 2000 / source.width, Math.max(0.3, bandPixels / Math.max(1, bottom - top)));
  const out = canvas(Math.round(source.width * scale), Math.round((y1 - y0) * scale));
  const c = ctx(out);
  c.imageSmoothingQuality = "high";
  c.filter = "grayscale(1) contrast(1.4)";
  c.drawImage(source as CanvasImageSource, 0, y0, source.width, y1 - y0, 0, 0, out.width, out.height);
  return out;
}

/**
 * The crops to try, best first: the detected band, the bottom of the picture, the band larger; then, only
 * if nothing shaped like an MRZ was read upright (`foundUpright()` false), the same after quarter turns.
 */
export function* candidateCrops(original: Canvas2D, foundUpright: () => boolean): Generator<{ crop: Canvas2D; label: string }> {
  const picture = rotateBy(original, estimateSkew(original));
  const band = findMrzBand(picture);
  if (band) yield { crop: cropBand(picture, band[0], band[1]), label: "band" };
  const h = picture.height;
  yield { crop: cropBand(picture, h * 0.72, h * 0.97, 200), label: "bottom" };
  if (band) yield { crop: cropBand(picture, band[0], band[1], 170), label: "band-large" };
  if (foundUpright()) return;
  const turns: (1 | 2 | 3)[] = picture.height > picture.width * 1.15 ? [3, 1, 2] : [2, 1, 3];
  for (const quarters of turns) {
    const turned = rotateQuarter(original, quarters);
    const found = findMrzBand(turned);
    if (found) yield { crop: cropBand(turned, found[0], found[1]), label: `band@${quarters * 90}` };
  }
}
