/**
 * The admin kit's uploads: the shared multipart upload with progress and the file check live in src/lib/upload.ts
 * (the agent's request pages use them too); what is admin-only is how a failed upload is explained.
 */
import { IMAGE_UPLOAD_TYPES, MAX_UPLOAD_BYTES, UploadError, checkFile } from "../../lib/upload";

export { API_BASE, UploadError, fileForm, upload, type UploadOptions } from "../../lib/upload";

export type FileProblem = "upload.typeRefused" | "upload.tooLarge" | null;

/**
 * The check the API will make on an image, done before sending: JPEG, PNG or WebP by its leading bytes (a renamed
 * text file is not one), at most `maxBytes`. Answers the message key of the problem, or null.
 */
export async function checkImageFile(file: File, maxBytes = MAX_UPLOAD_BYTES): Promise<FileProblem> {
  const problem = await checkFile(file, IMAGE_UPLOAD_TYPES, maxBytes);
  return problem === "size" ? "upload.tooLarge" : problem === "type" ? "upload.typeRefused" : null;
}

/** The message key for a failed upload: 413 and 415 in the page's words, others as the API wrote them. */
export function uploadProblem(error: unknown): { key: string } | { text: string } {
  if (error instanceof UploadError) {
    if (error.status === 413) return { key: "upload.tooLarge" };
    if (error.status === 415) return { key: "upload.typeRefused" };
    if (error.status === 0) return { key: "kit.noResponse" };
    const message = error.body?.message;
    const text = Array.isArray(message) ? message.join(" ") : message;
    if (text) return { text };
  }
  return { key: "kit.unexpected" };
}
