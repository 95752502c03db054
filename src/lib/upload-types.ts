/**
 * What a file input accepts (DESIGN §8), apart from the sender (upload.ts): the file slots the edge draws
 * (functions/edge/views/requests.tsx) name them without reaching the HTTP client.
 */

/** DESIGN §8: at most 10 MB a file (the same number as MAX_FILE_BYTES of the contract). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** What a request document may be: the images and PDF (DESIGN §8). */
export const DOCUMENT_UPLOAD_TYPES = [...IMAGE_UPLOAD_TYPES, "application/pdf"] as const;
export type UploadType = (typeof DOCUMENT_UPLOAD_TYPES)[number];
