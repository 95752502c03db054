/**
 * A request document's checks in the agent's words, shared by the filing form and the request page (which would
 * otherwise load the whole filing store for them: issue 9).
 */
import { checkFile, DOCUMENT_UPLOAD_TYPES, UploadError } from "../../lib/upload";

/** The API's check on a request document (DESIGN §8), before sending: the problem in the agent's words, or null. */
export async function checkDocument(file: File): Promise<{ key: string } | null> {
  const problem = await checkFile(file, DOCUMENT_UPLOAD_TYPES);
  return problem === "size" ? { key: "upload.tooLarge" } : problem === "type" ? { key: "filing.documentTypeRefused" } : null;
}

/** A failed upload in the agent's words: 413 and 415 as the pre-check says them, no answer, else the API's words. */
export function documentProblem(error: unknown): { key: string } | { text: string } {
  if (error instanceof UploadError) {
    if (error.status === 413) return { key: "upload.tooLarge" };
    if (error.status === 415) return { key: "filing.documentTypeRefused" };
    if (error.status === 0) return { key: "filing.noAnswer" };
    const message = error.body?.message;
    const text = Array.isArray(message) ? message.join(" ") : message;
    if (text) return { text };
  }
  return { key: "filing.uploadFailed" };
}
