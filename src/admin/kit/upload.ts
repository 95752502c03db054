/**
 * The admin kit's uploads: the shared multipart upload with progress and the file check live in src/lib/upload.ts
 * (the agent's request pages use them too); what is admin-only is how a failed upload is explained.
 */
import { UploadError } from "../../lib/upload";

export { API_BASE, UploadError, checkImageFile, fileForm, upload, type FileProblem, type UploadOptions } from "../../lib/upload";

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
