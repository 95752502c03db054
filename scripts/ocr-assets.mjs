// The passport reader's OCR files (issue 14), served from our own site under /ocr/<hash>/ (no third-party host):
// tesseract.js's worker script, the tesseract cores that can run the legacy engine (plain, SIMD and relaxed-SIMD
// wasm: the worker picks the one the browser supports), and an English model cut down to the legacy engine.
//
// Why the legacy engine: on machine-readable zones the default LSTM model misreads runs of "<" (as K, L) while the
// legacy engine with a character whitelist reads them (shared/notes/feasibility.md). The npm model (10.9 MB gz)
// carries both engines plus dictionaries; the MRZ needs neither the LSTM network nor the word lists, so this keeps
// only the legacy classifier's parts (≈1 MB, ≈0.4 MB gz). The directory name is a hash of the contents, so the
// files can be cached for a year (public/_headers) and a new model or core gets a new address.
//
// Beside them, for passport scans chosen as a PDF: pdf.js's worker (its main-thread part is a lazy chunk of the
// reader, src/features/passport/pdf.ts) and the wasm image decoders scanners use (JPEG 2000, JBIG2) plus its colour
// management (qcms and the one CMYK profile it asks for). Fonts and CMaps are left out: a passport scan is an
// image, and text without embedded fonts falls back to the system's fonts.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";

const require = createRequire(import.meta.url);
const pkgDir = (name) => dirname(require.resolve(`${name}/package.json`));

/**
 * Tessdata component indices (tesseract's tessdatamanager.h). Kept: unicharset, ambiguities, the legacy shape
 * classifier (inttemp, pffmtable, normproto, shapetable) and the version string. Dropped: dictionaries (the
 * whitelist and the MRZ check digits do their job), the LSTM network and its own tables.
 */
const KEEP = new Set([0, 1, 2, 3, 4, 5, 13, 23]);

/** The legacy-only model: same file layout (entry count, int64 offsets, data), dropped entries at offset -1. */
export function legacyOnlyModel(gz) {
  const data = gunzipSync(gz);
  const count = data.readInt32LE(0);
  const offsets = Array.from({ length: count }, (_, i) => Number(data.readBigInt64LE(4 + 8 * i)));
  const end = (i) => offsets.slice(i + 1).find((o) => o >= 0) ?? data.length;
  const header = Buffer.alloc(4 + 8 * count);
  header.writeInt32LE(count, 0);
  const parts = [];
  let at = header.length;
  for (let i = 0; i < count; i++) {
    if (offsets[i] < 0 || !KEEP.has(i)) {
      header.writeBigInt64LE(-1n, 4 + 8 * i);
      continue;
    }
    const part = data.subarray(offsets[i], end(i));
    header.writeBigInt64LE(BigInt(at), 4 + 8 * i);
    parts.push(part);
    at += part.length;
  }
  // mtime 0 in the gzip header: the same input gives the same bytes, so the hash (and the address) is stable.
  return gzipSync(Buffer.concat([header, ...parts]), { level: 9 });
}

/** The files and their directory name; written by writeOcrAssets after Astro has built dist/. */
export function ocrAssets() {
  const tesseract = pkgDir("tesseract.js");
  const core = pkgDir("tesseract.js-core");
  const eng = pkgDir("@tesseract.js-data/eng");
  const files = {
    "worker.min.js": readFileSync(join(tesseract, "dist/worker.min.js")),
    "eng.traineddata.gz": legacyOnlyModel(readFileSync(join(eng, "4.0.0/eng.traineddata.gz"))),
  };
  for (const variant of ["tesseract-core", "tesseract-core-simd", "tesseract-core-relaxedsimd"]) {
    files[`${variant}.wasm.js`] = readFileSync(join(core, `${variant}.wasm.js`));
  }
  const pdfjs = pkgDir("pdfjs-dist");
  files["pdf.worker.min.mjs"] = readFileSync(join(pdfjs, "build/pdf.worker.min.mjs"));
  for (const wasm of ["openjpeg.wasm", "jbig2.wasm", "qcms_bg.wasm"]) files[wasm] = readFileSync(join(pdfjs, "wasm", wasm));
  // The decoders' BSD/MIT notices travel with their binaries (pdf.js's own Apache-2.0 notice is in its worker).
  for (const notice of ["LICENSE_OPENJPEG", "LICENSE_JBIG2", "LICENSE_QCMS"]) files[`${notice}.txt`] = readFileSync(join(pdfjs, "wasm", notice));
  files["CGATS001Compat-v2-micro.icc"] = readFileSync(join(pdfjs, "iccs/CGATS001Compat-v2-micro.icc"));
  const hash = createHash("sha256");
  for (const [name, bytes] of Object.entries(files).sort()) hash.update(name).update(bytes);
  return { base: `/ocr/${hash.digest("hex").slice(0, 12)}/`, files };
}

export function writeOcrAssets(outDir, assets) {
  const dir = join(outDir, assets.base);
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(assets.files)) writeFileSync(join(dir, name), bytes);
  return dir;
}
