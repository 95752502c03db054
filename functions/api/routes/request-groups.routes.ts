/**
 * Group filing (issue 28): request-groups/* for the agency (agent or staff; staff see no money) and the office's
 * admin/request-groups and admin/requests/bulk-status. Items refused in a bulk call are answered in the caller's
 * language, each with the status code and code a single call would have answered.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { id } from "../../../src/contract/common";
import { bulkStatusInput, groupFilingInput, groupListQuery, type BulkResults } from "../../../src/contract/request-groups";
import { exportRequests } from "../../services/request-exports";
import { bulkResults, bulkStatus, cancelGroup, fileGroup, importTemplate, listGroups, oneGroup, type BulkOutcome } from "../../services/request-groups";
import { principalOf, requireAdmin, requireAgency } from "../auth";
import type { AppContext, AppEnv } from "../context";
import { ApiError, callerLocale, errorMessage } from "../errors";
import { idParam } from "../params";
import { jsonBody, parse, query } from "../validate";
import { MAX_FILES as MAX_RESULT_FILES, exportContext, filesOf, formatParam, requestDeps } from "./requests.routes";
import { multipartBody } from "../multipart";

function bulkAnswer(c: AppContext, outcomes: BulkOutcome[]): BulkResults {
  const locale = callerLocale(c);
  const results = outcomes.map(({ error, ...item }) => {
    if (!error) return item;
    const message = errorMessage(locale, error);
    return { ...item, error: { statusCode: error.statusCode, code: error.code, message: Array.isArray(message) ? message.join(" ") : message } };
  });
  return { moved: results.filter((r) => r.ok).length, refused: results.filter((r) => !r.ok).length, results };
}

export const requestGroupRoutes = new Hono<AppEnv>();

requestGroupRoutes.post("/", requireAgency, async (c) => {
  const input = await jsonBody(c, groupFilingInput);
  const result = await fileGroup(requestDeps(c), principalOf(c), input, c.req.header("Idempotency-Key"));
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(result.value, 201);
});

/** The import template of a visa ({ visaId } in the body), in the caller's language (?lang=, else cookie, else Accept-Language). */
requestGroupRoutes.post("/import-template/:format", requireAgency, async (c) => {
  const { format } = parse(z.object({ format: z.enum(["csv", "xlsx"], { error: "validation.exportFormat" }) }), { format: c.req.param("format") });
  const { visaId } = await jsonBody(c, z.strictObject({ visaId: id }));
  const file = await importTemplate(requestDeps(c), principalOf(c), visaId, format, exportContext(c, format).locale);
  return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": file.type,
    "Content-Disposition": `attachment; filename="${file.name}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  });
});

requestGroupRoutes.get("/", requireAgency, async (c) => c.json(await listGroups(requestDeps(c), principalOf(c), query(c, groupListQuery))));
requestGroupRoutes.get("/:id", requireAgency, async (c) => c.json(await oneGroup(requestDeps(c), principalOf(c), idParam(c))));

requestGroupRoutes.patch("/:id/cancel", requireAgency, async (c) => {
  const { group, outcomes } = await cancelGroup(requestDeps(c), principalOf(c), idParam(c));
  return c.json({ group, ...bulkAnswer(c, outcomes) });
});

/** The group's travellers as a file (csv, xlsx, pdf): the request export, filtered to the group (its agency's, or an admin). */
requestGroupRoutes.get("/:id/export/:format", requireAgency, async (c) => {
  const format = formatParam(c);
  const group = await oneGroup(requestDeps(c), principalOf(c), idParam(c));
  return exportRequests(exportContext(c, format), principalOf(c), { groupId: group._id, page: 1, limit: 20 });
});

export const adminGroupRoutes = new Hono<AppEnv>();

adminGroupRoutes.get("/request-groups", requireAdmin, async (c) => c.json(await listGroups(requestDeps(c), principalOf(c), query(c, groupListQuery))));
adminGroupRoutes.get("/request-groups/:id", requireAdmin, async (c) => c.json(await oneGroup(requestDeps(c), principalOf(c), idParam(c))));

/**
 * Multipart: "groupId", "file" parts (at most 5 a call, each 10 MB: the client sends a zip's or a folder's files in
 * batches) and "save" ("true" stores; anything else previews the matching only).
 */
adminGroupRoutes.post("/requests/bulk-results", requireAdmin, async (c) => {
  const form = await multipartBody(c, MAX_RESULT_FILES);
  const { groupId } = parse(z.object({ groupId: id }), { groupId: form.get("groupId") ?? undefined });
  const files = await filesOf(form, false);
  if (files.length === 0) throw new ApiError(400, ["file: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "validation.fileRequired" } });
  const save = form.get("save") === "true";
  return c.json(await bulkResults(requestDeps(c), principalOf(c), groupId, files, save), save ? 201 : 200);
});

adminGroupRoutes.patch("/requests/bulk-status", requireAdmin, async (c) => {
  const input = await jsonBody(c, bulkStatusInput);
  return c.json(bulkAnswer(c, await bulkStatus(requestDeps(c), principalOf(c), input)));
});
