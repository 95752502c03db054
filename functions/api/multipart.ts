/**
 * Multipart bodies at the boundary (DESIGN §8): the declared size is checked before anything is read (413), a body
 * that is not multipart/form-data is a 400, never a 500.
 */
import type { Context } from "hono";
import { MAX_FILE_BYTES } from "../../src/contract/catalogue";
import { ApiError } from "./errors";

/** Room for the multipart framing and small text parts around the files. */
const OVERHEAD = 256 * 1024;

export async function multipartBody(c: Context, maxFiles = 1): Promise<FormData> {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiError(400, "errors.multipartExpected", "MULTIPART_EXPECTED");
  const declared = Number(c.req.header("Content-Length") ?? 0);
  if (declared > maxFiles * MAX_FILE_BYTES + OVERHEAD) {
    throw new ApiError(413, maxFiles === 1 ? "errors.fileTooLarge" : "errors.bodyTooLarge", { code: "FILE_TOO_LARGE", vars: { max: "10 MB" } });
  }
  try {
    return await c.req.raw.formData();
  } catch {
    throw new ApiError(400, "errors.multipartExpected", "MULTIPART_EXPECTED");
  }
}
