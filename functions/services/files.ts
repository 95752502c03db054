/**
 * Files in R2 (DESIGN §8). Keys are made here, never taken from the caller: `<scope>/<uuidv7>.<ext>`, and the type
 * is decided by the file's leading bytes (magic numbers), not by its name or the declared Content-Type.
 * Catalogue images (scope "visa") are served to any signed-in session; theme images (scope "theme") to everyone,
 * since the login page shows the logo; request documents (scope "request") to the owning agency and admins only. A key never changes content: replacing an image writes a new key.
 */
import { DOCUMENT_TYPES, IMAGE_TYPES, MAX_FILE_BYTES } from "../../src/contract/catalogue";
import { ApiError } from "../errors";
import { uuidv7 } from "../db/ids";

/** "request": visa request documents and attachments uploaded before filing (served only to their agency and admins). */
export const FILE_SCOPES = ["visa", "theme", "request"] as const;
export type FileScope = (typeof FILE_SCOPES)[number];
type FileType = (typeof DOCUMENT_TYPES)[number];

/** A key this server made (the only shape GET /api/files/… serves). */
export const FILE_KEY = /^(visa|theme|request)\/[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(jpg|png|webp|pdf)$/;

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
  return { bytes, type, size: bytes.byteLength };
}

/** Stores a checked upload under a new key and answers the key. */
export async function storeFile(bucket: R2Bucket, scope: FileScope, upload: Upload): Promise<string> {
  const key = `${scope}/${uuidv7()}.${EXTENSION[upload.type]}`;
  await bucket.put(key, upload.bytes, { httpMetadata: { contentType: upload.type }, customMetadata: { scope } });
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
 * The answer for GET /api/files/<key>: the stored type, inline with a safe file name, never sniffed, cached for good
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
    "Content-Disposition": `inline; filename="${key.split("/").pop()}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": `${isPublicFile(key) ? "public" : "private"}, max-age=31536000, immutable`,
    ETag: object.httpEtag,
  });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
}
