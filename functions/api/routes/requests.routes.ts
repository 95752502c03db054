/**
 * requests/* (spec §7, issue 8) plus our GET requests/one-by-agent/{id}. Who may call what:
 * - agencies (Agent and its staff Users): file, upload attachments, list/export/read their own, correct while asked
 *   to (updateByAgent, reupload), cancel where the table allows (PATCH requests/{id}); staff see no money;
 * - admins: every request, status changes along DESIGN §6, result documents.
 * requests/send-test-notification belongs to the live-notification issue and is not here yet.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import {
  agentUpdateInput, exportFormat, filingInput, requestListQuery, statusChangeInput, type ExportFormat,
} from "../../../src/contract/requests";
import { transactionListQuery } from "../../../src/contract/transactions";
import { id as idSchema } from "../../../src/contract/common";
import { config } from "../../config";
import { parseCookies } from "../../http/cookies";
import { preferredLocale } from "../../http/locale";
import { isLocale } from "../../../src/shared/locales";
import { TIME_ZONE_COOKIE, knownTimeZone } from "../../../src/shared/time-zone";
import { exportRequests, exportTransactions, type ExportContext } from "../../services/request-exports";
import {
  addResultDocuments, agencyOf, changeStatus, checkDocument, displayName, fileRequest, listRequests, oneRequest, removeResultDocument,
  storeAttachment, updateByAgency, type NewFile, type RequestDeps,
} from "../../services/requests";
import { createShareLink, revokeShareLinks } from "../../services/share-links";
import { principalOf, requireAdmin, requireAgency, requireKind } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { ApiError } from "../errors";
import { multipartBody } from "../multipart";
import { idParam } from "../params";
import { jsonBody, parse, query } from "../validate";

/** Files per multipart call (each at most 10 MB). */
export const MAX_FILES = 5;

export const requestDeps = (c: AppContext): RequestDeps => ({ db: c.env.DB, files: c.env.FILES, currency: config(c.env).currency });

/** The caller's language for exports: ?lang=, else the locale cookie, else Accept-Language. */
export function exportContext(c: AppContext, format: ExportFormat): ExportContext {
  const lang = c.req.query("lang");
  const locale = isLocale(lang) ? lang : preferredLocale(parseCookies(c.req.header("Cookie") ?? null), c.req.header("Accept-Language") ?? null);
  // The reader's time zone from the cookie the pages set (shared/time-zone.ts); UTC when unknown.
  const timeZone = knownTimeZone(parseCookies(c.req.header("Cookie") ?? null)[TIME_ZONE_COOKIE]);
  return { db: c.env.DB, currency: config(c.env).currency, locale, format, timeZone };
}

export const formatParam = (c: AppContext) => parse(z.object({ format: exportFormat }), { format: c.req.param("format") }).format;

/** Files of a multipart body: "file" parts, each with a "requirementId" part (same order) when `withRequirement`. */
export async function filesOf(form: FormData, withRequirement: boolean): Promise<NewFile[]> {
  const parts = form.getAll("file");
  if (parts.length > MAX_FILES) throw new ApiError(400, ["file: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.tooMany" } });
  const requirementIds = form.getAll("requirementId").map(String);
  const files: NewFile[] = [];
  for (const [i, part] of parts.entries()) {
    const upload = await checkDocument(part, parts.length > 1 ? `file.${i}` : "file");
    let requirementId = "";
    if (withRequirement) requirementId = parse(z.object({ [`requirementId.${i}`]: idSchema }), { [`requirementId.${i}`]: requirementIds[i] })[`requirementId.${i}`] as string;
    files.push({ upload, name: displayName(part, `document-${i + 1}.${upload.type.split("/")[1]}`), requirementId });
  }
  return files;
}

export function dataPart<S extends z.ZodMiniType>(form: FormData, schema: S): z.output<S> {
  const raw = form.get("data");
  if (raw === null) return parse(schema, {});
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === "string" ? raw : "");
  } catch {
    throw new ApiError(400, ["data: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.json" } });
  }
  return parse(schema, value);
}

export const requestRoutes = new Hono<AppEnv>();

requestRoutes.post("/", requireAgency, async (c) => {
  const input = await jsonBody(c, filingInput);
  const result = await fileRequest(requestDeps(c), principalOf(c), input, c.req.header("Idempotency-Key"));
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(result.value, 201);
});

requestRoutes.post("/upload-attachment-to-s3-by-agent", requireAgency, async (c) => {
  const principal = principalOf(c);
  agencyOf(principal);
  const form = await multipartBody(c);
  const part = form.get("file");
  const upload = await checkDocument(part);
  return c.json(await storeAttachment(requestDeps(c), principal, upload, displayName(part, `document.${upload.type.split("/")[1]}`)), 201);
});

requestRoutes.get("/list", requireAdmin, async (c) => c.json(await listRequests(requestDeps(c), principalOf(c), query(c, requestListQuery))));
requestRoutes.get("/agent-list", requireAgency, async (c) => c.json(await listRequests(requestDeps(c), principalOf(c), query(c, requestListQuery))));

requestRoutes.get("/export-list/:format", requireAdmin, async (c) => {
  const format = formatParam(c);
  return exportRequests(exportContext(c, format), principalOf(c), query(c, requestListQuery));
});
requestRoutes.get("/export-agent-list/:format", requireAgency, async (c) => {
  const format = formatParam(c);
  return exportRequests(exportContext(c, format), principalOf(c), query(c, requestListQuery));
});
/** The agency's ledger as a file (?format=csv|xlsx|pdf, default csv); money, so agents only (staff: 403). */
requestRoutes.get("/export-agent-transactions", requireKind("Agent"), async (c) => {
  const format = parse(z.object({ format: z._default(exportFormat, "csv") }), { format: c.req.query("format") }).format;
  const q = query(c, transactionListQuery);
  return exportTransactions(exportContext(c, format), false, { ...q, agentId: agencyOf(principalOf(c)) });
});

requestRoutes.get("/one-by-admin/:id", requireAdmin, async (c) => c.json(await oneRequest(requestDeps(c), principalOf(c), idParam(c))));
requestRoutes.get("/one-by-agent/:id", requireAgency, async (c) => c.json(await oneRequest(requestDeps(c), principalOf(c), idParam(c))));

requestRoutes.patch("/updateByAgent/:id", requireAgency, async (c) => {
  const id = idParam(c);
  const contentType = c.req.header("Content-Type") ?? "";
  // JSON is accepted too (corrected values only, or documents uploaded before): the form need not send multipart.
  if (/^application\/json/i.test(contentType)) {
    return c.json(await updateByAgency(requestDeps(c), principalOf(c), id, await jsonBody(c, agentUpdateInput), []));
  }
  const form = await multipartBody(c, MAX_FILES);
  const input = dataPart(form, agentUpdateInput);
  return c.json(await updateByAgency(requestDeps(c), principalOf(c), id, input, await filesOf(form, true)));
});

requestRoutes.post("/reupload/:id", requireAgency, async (c) => {
  const id = idParam(c);
  const form = await multipartBody(c, MAX_FILES);
  const files = await filesOf(form, true);
  if (files.length === 0) throw new ApiError(400, ["file: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.fileRequired" } });
  return c.json(await updateByAgency(requestDeps(c), principalOf(c), id, {}, files));
});

requestRoutes.patch("/:id", requireKind("Admin", "Agent", "User"), async (c) => {
  const id = idParam(c);
  return c.json(await changeStatus(requestDeps(c), principalOf(c), id, await jsonBody(c, statusChangeInput)));
});

requestRoutes.post("/upload-document/:id", requireAdmin, async (c) => {
  const id = idParam(c);
  const form = await multipartBody(c, MAX_FILES);
  const files = await filesOf(form, false);
  if (files.length === 0) throw new ApiError(400, ["file: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.fileRequired" } });
  return c.json(await addResultDocuments(requestDeps(c), principalOf(c), id, files), 201);
});

requestRoutes.delete("/remove-document/:id/:docId", requireAdmin, async (c) => {
  const id = idParam(c);
  const docId = idParam(c, "docId");
  return c.json(await removeResultDocument(requestDeps(c), principalOf(c), id, docId));
});

// ── The traveller's status link (issue 29): the agency (agent or staff) makes and revokes it ──────────────────────
const shareInput = z.object({ locale: z.enum(["en", "ar", "ku"], { error: "validation.invalid" }) });

requestRoutes.post("/:id/share", requireAgency, async (c) => {
  const { locale } = await jsonBody(c, shareInput);
  return c.json(await createShareLink(c.env.DB, principalOf(c), idParam(c), locale, new URL(c.req.url).origin), 201);
});

requestRoutes.delete("/:id/share", requireAgency, async (c) => {
  await revokeShareLinks(c.env.DB, principalOf(c), idParam(c));
  return c.body(null, 204);
});
