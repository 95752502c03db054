/**
 * Files in R2 (DESIGN §8). Keys are made here, never taken from the caller: `<scope>/<uuidv7>.<ext>`, and the type
 * is decided by the file's leading bytes (magic numbers), not by its name or the declared Content-Type.
 * Catalogue images (scope "visa") are served to any signed-in session; theme images (scope "theme") to everyone,
 * since the login page shows the logo; request documents (scope "request") to the owning agency and admins only. A key never changes content: replacing an image writes a new key.
 */
import { unzlibSync } from "fflate";
import { DOCUMENT_TYPES, IMAGE_TYPES, MAX_FILE_BYTES } from "../../src/contract/catalogue";
import { ApiError } from "../errors";
import { uuidv7 } from "../db/ids";

/**
 * "request": visa request documents and attachments uploaded before filing (served only to their agency and admins).
 * "slip": transfer slips of top-up requests (money: the agency's owner and admins). "brand": agencies' logos (issue 30).
 */
export const FILE_SCOPES = ["visa", "theme", "request", "slip", "brand"] as const;
export type FileScope = (typeof FILE_SCOPES)[number];
type FileType = (typeof DOCUMENT_TYPES)[number];

/** A key this server made (the only shape GET /api/files/… serves). */
export const FILE_KEY = /^(visa|theme|request|slip|brand)\/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(jpg|png|webp|pdf)$/;

const EXTENSION: Record<FileType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf" };

const startsWith = (bytes: Uint8Array, at: number, signature: number[]) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type a file really is, from its first bytes; null for anything we do not accept. */
export function sniffType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, 0, ascii("RIFF")) && startsWith(bytes, 8, ascii("WEBP"))) return "image/webp";
  if (startsWith(bytes, 0, ascii("%PDF-"))) return "application/pdf";
  return null;
}

// ── What a file would do when opened (issue 25) ──────────────────────────────────────────────────
/**
 * The largest width or height of a picture we store: a 48-megapixel phone photo is 8000 × 6000. Past that, a small
 * file can decode to gigabytes in the browser that shows it (a 140 KB PNG of 12 000 × 12 000 pixels).
 */
export const MAX_IMAGE_SIDE = 8000;

const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const le24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);

/** Width and height as the file's header declares them (read like the type: from the bytes), or null if unreadable. */
export function imageSize(bytes: Uint8Array, type: FileType): { width: number; height: number } | null {
  if (type === "image/png") return bytes.length >= 24 ? { width: be32(bytes, 16), height: be32(bytes, 20) } : null;
  if (type === "image/webp") {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk === "VP8X" && bytes.length >= 30) return { width: le24(bytes, 24) + 1, height: le24(bytes, 27) + 1 };
    if (chunk === "VP8 " && bytes.length >= 30) return { width: le16(bytes, 26) & 0x3fff, height: le16(bytes, 28) & 0x3fff };
    if (chunk === "VP8L" && bytes.length >= 25) {
      const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    return null;
  }
  if (type === "image/jpeg") {
    // Walk the markers to the first start-of-frame (SOF0–SOF15 but DHT C4, JPG C8, DAC CC), which holds the size.
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      if (marker === 0xff) {
        i++;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: be16(bytes, i + 5), width: be16(bytes, i + 7) };
      }
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        i += 2;
        continue;
      }
      i += 2 + be16(bytes, i + 2);
    }
    return null;
  }
  return null;
}

/** PDF names that make a viewer act on its own: scripts, launching programs, sending data, embedded media. */
const ACTIVE_PDF_NAME = /\/(JavaScript|JS|Launch|SubmitForm|ImportData|RichMedia)(?![A-Za-z0-9])/;
/** Stop inflating streams past this many bytes in all (a decompression bomb is refused as unreadable). */
const MAX_INFLATED = 64 * 1024 * 1024;

/** "/J#61vaScript" is "/JavaScript": PDF names may escape any byte as #xx. */
const decodeNames = (text: string) => text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * True when a PDF carries active content: in its plain text or inside any Flate-compressed stream (object streams hide
 * dictionaries there). A PDF whose streams inflate past MAX_INFLATED is treated as active: we cannot vouch for it.
 */
export function pdfHasActiveContent(bytes: Uint8Array): boolean {
  const text = new TextDecoder("latin1").decode(bytes);
  if (ACTIVE_PDF_NAME.test(decodeNames(text))) return true;
  let inflated = 0;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    let data: Uint8Array;
    try {
      data = unzlibSync(bytes.subarray(start, end));
    } catch {
      continue; // not Flate (an image, or another filter): nothing a viewer would run
    }
    inflated += data.length;
    if (inflated > MAX_INFLATED) return true;
    if (ACTIVE_PDF_NAME.test(decodeNames(new TextDecoder("latin1").decode(data)))) return true;
    streams.lastIndex = end;
  }
  return false;
}

export interface Upload {
  bytes: ArrayBuffer;
  type: FileType;
  size: number;
}

const fieldError = (field: string, key: string) => new ApiError(400, [`${field}: {{v0}}`], { code: "VALIDATION_FAILED", vars: { v0: key } });
export const fileTooLarge = () => new ApiError(413, "errors.fileTooLarge", { code: "FILE_TOO_LARGE", vars: { max: "10 MB" } });

/**
 * Checks one uploaded part: present (400 naming the field), at most 10 MB (413), and of an accepted type by its
 * leading bytes (415). Images only unless `accepted` says otherwise.
 */
export async function checkUpload(part: unknown, field: string, accepted: readonly FileType[] = IMAGE_TYPES): Promise<Upload> {
  if (!(part instanceof File)) throw fieldError(field, "validation.fileRequired");
  if (part.size > MAX_FILE_BYTES) throw fileTooLarge();
  const bytes = await part.arrayBuffer();
  if (bytes.byteLength > MAX_FILE_BYTES) throw fileTooLarge();
  const type = sniffType(new Uint8Array(bytes, 0, Math.min(16, bytes.byteLength)));
  if (!type || !accepted.includes(type)) {
    throw new ApiError(415, accepted.includes("application/pdf") ? "errors.fileTypeDocument" : "errors.fileTypeImage", "UNSUPPORTED_FILE_TYPE");
  }
  const view = new Uint8Array(bytes);
  if (type === "application/pdf") {
    if (pdfHasActiveContent(view)) throw new ApiError(415, "errors.pdfActiveContent", "PDF_ACTIVE_CONTENT");
  } else {
    // A header we cannot read declares nothing (no browser will decode it into anything large either).
    const size = imageSize(view, type);
    if (size && (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE)) {
      throw new ApiError(413, "errors.imageTooLarge", { code: "IMAGE_TOO_LARGE", vars: { width: size.width, height: size.height, max: MAX_IMAGE_SIDE } });
    }
  }
  return { bytes, type, size: bytes.byteLength };
}

/** Stores a checked upload under a new key and answers the key. */
export async function storeFile(bucket: R2Bucket, scope: FileScope, upload: Upload): Promise<string> {
  const key = `${scope}/${uuidv7()}.${EXTENSION[upload.type]}`;
  // "checked": the file passed checkUpload's content checks (no active PDF content, a sane picture size), so it may be
  // shown inline; files stored before those checks existed are served as downloads.
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: upload.type }, customMetadata: { scope, checked: "1" } });
  return key;
}

/** Removes objects (missing ones are ignored); used after the database no longer points at them. */
export async function deleteFiles(bucket: R2Bucket, keys: (string | null | undefined)[]): Promise<void> {
  const list = keys.filter((k): k is string => Boolean(k));
  if (list.length) await bucket.delete(list);
}

/** The URL the API serves a key at (GET /api/files/<key>). */
export const fileUrl = (key: string | null | undefined): string | null => (key ? `/api/files/${key}` : null);

/** Theme images are public (the login page shows the logo); every other scope needs a signed-in session. */
export const isPublicFile = (key: string) => key.startsWith("theme/");

/**
 * A page of ours may show a user's file, but the file itself must never run anything with our origin's rights:
 * pictures get a sandboxing CSP (no script, no same origin); PDFs cannot (Chromium's viewer does not open a sandboxed
 * PDF), so they get a CSP that allows nothing but the viewer, and are shown inline only when their content was checked
 * at upload (pdfHasActiveContent); older ones are downloads.
 */
const IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
const PDF_CSP = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The answer for GET /api/files/<key>: the stored type, with a safe file name, never sniffed, cached for good
 * (the key's content never changes) — publicly for theme images, privately for the rest.
 */
export async function serveFile(bucket: R2Bucket, key: string, ifNoneMatch: string | null): Promise<Response | null> {
  if (!FILE_KEY.test(key)) return null;
  const object = await bucket.get(key, { onlyIf: ifNoneMatch ? { etagDoesNotMatch: ifNoneMatch.replace(/^W\//, "").replace(/"/g, "") } : undefined });
  if (!object) return null;
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType && (DOCUMENT_TYPES as readonly string[]).includes(object.httpMetadata.contentType)
      ? object.httpMetadata.contentType
      : "application/octet-stream",
    "Content-Disposition": `${object.customMetadata?.checked === "1" ? "inline" : "attachment"}; filename="${key.split("/").pop()}"`,
    "Content-Security-Policy": key.endsWith(".pdf") ? PDF_CSP : IMAGE_CSP,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": `${isPublicFile(key) ? "public" : "private"}, max-age=31536000, immutable`,
    ETag: object.httpEtag,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
}
