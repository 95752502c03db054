/**
 * The message thread of a request or an order (issue 29 item 1): GET/POST …/{id}/messages, POST …/{id}/messages/read
 * and PATCH …/{id}/messages/{messageId} (a correction within 5 minutes), under requests/ and legal-translation/.
 */
import { Hono } from "hono";
import { MESSAGE_FILES_MAX, messageEditInput, messageInput } from "../../../src/contract/threads";
import { checkDocument, displayName } from "../../services/requests";
import { editMessage, markThreadRead, postMessage, readThread, type SubjectKind, type ThreadDeps } from "../../services/threads";
import { liveDelivery } from "../../hub/live-hub";
import { ApiError } from "../errors";
import { principalOf, requireKind } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { multipartBody } from "../multipart";
import { idParam } from "../params";
import { jsonBody } from "../validate";
import { dataPart } from "./requests.routes";

const deps = (c: AppContext): ThreadDeps => ({ db: c.env.DB, files: c.env.FILES, hub: liveDelivery(c.env) });
const anyone = requireKind("Admin", "Agent", "User");

/** A message is JSON, or multipart (a "data" part and up to 5 "file" parts) when it carries files. */
async function messageOf(c: AppContext) {
  if (!/^multipart\/form-data/i.test(c.req.header("Content-Type") ?? "")) return { input: await jsonBody(c, messageInput), uploads: [] };
  const form = await multipartBody(c, MESSAGE_FILES_MAX);
  const parts = form.getAll("file");
  if (parts.length > MESSAGE_FILES_MAX) throw new ApiError(400, ["file: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.tooMany" } });
  const uploads = [];
  for (const [i, part] of parts.entries()) {
    const upload = await checkDocument(part, parts.length > 1 ? `file.${i}` : "file");
    uploads.push({ upload, name: displayName(part, `attachment-${i + 1}.${upload.type.split("/")[1]}`) });
  }
  return { input: dataPart(form, messageInput), uploads };
}

function threadRoutes(kind: SubjectKind) {
  return new Hono<AppEnv>()
    .get("/:id/messages", anyone, async (c) => c.json(await readThread(c.env.DB, kind, idParam(c), principalOf(c))))
    .post("/:id/messages", anyone, async (c) => {
      const id = idParam(c);
      const { input, uploads } = await messageOf(c);
      return c.json(await postMessage(deps(c), kind, id, principalOf(c), input, uploads), 201);
    })
    .post("/:id/messages/read", anyone, async (c) => c.json(await markThreadRead(deps(c), kind, idParam(c), principalOf(c))))
    .patch("/:id/messages/:messageId", anyone, async (c) => {
      const id = idParam(c);
      const messageId = idParam(c, "messageId");
      const { body } = await jsonBody(c, messageEditInput);
      return c.json(await editMessage(deps(c), kind, id, principalOf(c), messageId, body));
    });
}

export const requestThreadRoutes = threadRoutes("visa");
export const orderThreadRoutes = threadRoutes("translation");
