/**
 * Multipart bodies at the boundary (DESIGN §8): the declared size is checked before anything is read (413), a body
 * that is not multipart/form-data is a 400, never a 500.
 */
import type { Context } from "hono";
import { MAX_FILE_BYTES } from "../../src/contract/catalogue";
import { BodyTooLarge, readLimited } from "../http/body";
import { ApiError } from "./errors";

/** Room for the multipart framing and small text parts around the files. */
const OVERHEAD = 256 * 1024;

export async function multipartBody(c: Context, maxFiles = 1): Promise<FormData> {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiError(400, "errors.multipartExpected", "MULTIPART_EXPECTED");
  // Counted as it arrives (declared length or not): the stream is cancelled at the first byte past the limit.
  let bytes: Uint8Array;
  try {
    bytes = await readLimited(c.req.raw, maxFiles * MAX_FILE_BYTES + OVERHEAD);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      throw new ApiError(413, maxFiles === 1 ? "errors.fileTooLarge" : "errors.bodyTooLarge", { code: "FILE_TOO_LARGE", vars: { max: "10 MB" } });
    }
    throw new ApiError(400, "errors.multipartExpected", "MULTIPART_EXPECTED");
  }
  try {
    return await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new ApiError(400, "errors.multipartExpected", "MULTIPART_EXPECTED");
  }
}
