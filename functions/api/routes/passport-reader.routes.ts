/**
 * passport-reader/* (spec §7, issue 14). Who: the agency's people — agents and their staff users, who file requests.
 * Admins get 403: they process requests but never file them, so they have no request being filed to read into.
 */
import { Hono } from "hono";
import { passportOcrInput } from "../../../src/contract/passport";
import { readPassportLines } from "../../services/passport";
import { checkDocument, displayName, storeAttachment } from "../../services/requests";
import { principalOf, requireAgency } from "../auth";
import type { AppEnv } from "../context";
import { multipartBody } from "../multipart";
import { jsonBody } from "../validate";
import { requestDeps } from "./requests.routes";

export const passportReaderRoutes = new Hono<AppEnv>();

/** The MRZ lines the browser read → field kinds of spec §3 with confidences and flags (services/passport.ts). */
passportReaderRoutes.post("/ocr", requireAgency, async (c) => c.json(readPassportLines(await jsonBody(c, passportOcrInput))));

/**
 * The passport picture (multipart "file": JPEG, PNG, WebP or PDF, 10 MB) kept as an attachment of the caller's
 * agency — the same attachment store as requests/upload-attachment-to-s3-by-agent (source "passport"); the filing
 * names its `_id` as the passport document of the request.
 */
passportReaderRoutes.post("/upload", requireAgency, async (c) => {
  const principal = principalOf(c);
  const part = (await multipartBody(c)).get("file");
  const upload = await checkDocument(part);
  return c.json(await storeAttachment(requestDeps(c), principal, upload, displayName(part, `passport.${upload.type.split("/")[1]}`), "passport"), 201);
});
