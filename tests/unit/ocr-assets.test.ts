/** The passport reader's OCR files (scripts/ocr-assets.mjs): a legacy-only model, three cores, a content-hashed address. */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ocrAssets } from "../../scripts/ocr-assets.mjs";

const entries = (gz: Buffer) => {
  const data = gunzipSync(gz);
  const count = data.readInt32LE(0);
  return Array.from({ length: count }, (_, i) => Number(data.readBigInt64LE(4 + 8 * i)));
};

describe("OCR assets", () => {
  const assets = ocrAssets() as { base: string; files: Record<string, Buffer> };

  it("keeps the legacy classifier and drops the LSTM network and the dictionaries", () => {
    const offsets = entries(assets.files["eng.traineddata.gz"]!);
    expect(offsets).toHaveLength(24);
    for (const kept of [1, 2, 3, 4, 5, 13]) expect(offsets[kept], `component ${kept}`).toBeGreaterThan(0);
    for (const dropped of [6, 7, 8, 9, 14, 17, 18, 19, 20, 21, 22]) expect(offsets[dropped], `component ${dropped}`).toBe(-1);
    expect(assets.files["eng.traineddata.gz"]!.length).toBeLessThan(600_000);
  });

  it("serves the worker and the legacy-capable cores, and pdf.js's worker and decoders, under a content-hashed directory", () => {
    expect(Object.keys(assets.files).sort()).toEqual([
      "CGATS001Compat-v2-micro.icc", "LICENSE_JBIG2.txt", "LICENSE_OPENJPEG.txt", "LICENSE_QCMS.txt",
      "eng.traineddata.gz", "jbig2.wasm", "openjpeg.wasm", "pdf.worker.min.mjs", "qcms_bg.wasm",
      "tesseract-core-relaxedsimd.wasm.js", "tesseract-core-simd.wasm.js", "tesseract-core.wasm.js", "worker.min.js",
    ]);
    // The worker must be the one of the pdf.js the reader bundles: a mismatch fails at the first PDF.
    const version = (JSON.parse(readFileSync(new URL("../../node_modules/pdfjs-dist/package.json", import.meta.url), "utf8")) as { version: string }).version;
    expect(assets.files["pdf.worker.min.mjs"]!.toString("utf8")).toContain(version);
    expect(assets.base).toMatch(/^\/ocr\/[0-9a-f]{12}\/$/);
    expect((ocrAssets() as { base: string }).base).toBe(assets.base); // same input, same address
  });
});
