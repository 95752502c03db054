/**
 * Visa requests (issue 8; DESIGN §5, §6, §8): filing (price fixed and charged as an Order in the same batch that
 * creates the request), lists and details for agencies (their own only) and admins, status changes along
 * VISA_TRANSITIONS (refund on Canceled/Rejected before Paid, exactly once), the agency's corrections (→ Modified),
 * admin result documents. Every change is recorded through request-changes.ts. Staff users never see money.
 */
import * as z from "zod/mini";
import { DOCUMENT_TYPES, type FieldKind } from "../../src/contract/catalogue";
import type { LocalizedText } from "../../src/contract/common";
import {
  AGENCY_ACTION_STATUSES, REFUNDING_STATUSES, VISA_STATUSES, VISA_STATUS_KEYS, VISA_TRANSITIONS, allowedTransitions, applicantSchema, type ApplicantFields,
  type Attachment, type Mover, type PersonRef, type RequestDocument, type RequestListQuery, type RequestListResponse,
  type VisaRequest, type VisaRequestSummary, type VisaStatus, type agentUpdateInput, type filingInput, type requestListQuery, type statusChangeInput,
} from "../../src/contract/requests";
import { ApiError, notFound } from "../errors";
import { checkMove, moveGuard, type StateMachine } from "./transitions";
import { all, isUniqueViolation } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import { forViewer, pagedList, sqlPart, whereOf, type Sql } from "../db/paged";
import {
  agencyOfFile, attachmentsOf, requestRowById, requestWithDetails, requestSpec, statusCounts, type AttachmentRow, type DocumentRow,
  type HistoryRow, type RequestFilters, type RequestRow,
} from "../db/requests";
import { requirementsOfVisa } from "../db/requirements";
import { groupOfAgent, visaSpec, type VisaDetailRow } from "../db/visas";
import { listAll } from "../db/paged";
import type { Principal } from "./accounts";
import { checkUpload, deleteFiles, fileUrl, storeFile, type Upload } from "./files";
import { idempotent, principalKey } from "./idempotency";
import { ordersStatements, refundStatements, runCharging } from "./ledger";
import { recordChange } from "./request-changes";
import { groupNoticeStatements } from "./request-events";
import { unreadCounts } from "./threads";

export interface RequestDeps {
  db: D1Database;
  files: R2Bucket;
  currency: string;
  /** Today (YYYY-MM-DD) for the applicant's date rules; tests may fix it. */
  today?: string;
}

type Filing = z.output<typeof filingInput>;
type StatusChange = z.output<typeof statusChangeInput>;
type AgentUpdate = z.output<typeof agentUpdateInput>;

// ── Callers ──────────────────────────────────────────────────────────────────────────────────────
const forbidden = () => new ApiError(403, "errors.forbidden", "FORBIDDEN");

/** The agency an agent or staff user acts for (403 for admins or a user without agency). */
export function agencyOf(principal: Principal): string {
  if (principal.kind === "Admin" || !principal.agentId) throw forbidden();
  return principal.agentId;
}

export const moverOf = (principal: Principal): Mover => (principal.kind === "Admin" ? "Admin" : "Agency");
export const personOf = (principal: Principal): PersonRef => ({ kind: principal.kind, _id: principal.id, name: principal.name });
/** Staff users never see money (DESIGN §3). */
const seesMoney = (principal: Principal) => principal.kind !== "User";

/** The selling price (issue 30) is money: the agency's owner types it, never its staff (DESIGN §3): 403 otherwise. */
export function checkSellingPrices(principal: Principal, prices: readonly (number | null | undefined)[]): void {
  if (!seesMoney(principal) && prices.some((price) => price != null)) throw new ApiError(403, "errors.forbidden", "FORBIDDEN");
}

// ── Records ──────────────────────────────────────────────────────────────────────────────────────
function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

const localized = (en: string | null, ar: string | null, ku: string | null): LocalizedText => ({ en: en ?? "", ar: ar ?? "", ku: ku ?? "" });
const person = (kind: string, id: string, name: string): PersonRef => ({ kind: kind as PersonRef["kind"], _id: id, name });

export function summaryOf(row: RequestRow, principal: Principal): VisaRequestSummary {
  const status = row.status;
  return {
    _id: row.id,
    reference: row.reference,
    visa: {
      _id: row.visa_id,
      title: localized(row.visa_title_en, row.visa_title_ar, row.visa_title_ku),
      country: { _id: row.country_id, code: row.country_code, name: localized(row.country_name_en, row.country_name_ar, row.country_name_ku) },
    },
    agency: { _id: row.agent_id, name: row.agent_name },
    filedBy: person(row.filed_by_kind, row.filed_by_id, row.filed_by_name),
    fields: parseJson<ApplicantFields>(row.fields, {}),
    ...(seesMoney(principal) ? { price: row.price, currency: row.currency, sellingPrice: row.selling_price ?? null } : {}),
    status,
    reason: row.reason,
    missingDocuments: parseJson<{ _id: string; name: LocalizedText }[]>(row.missing_documents, []),
    allowedTransitions: allowedTransitions(status, moverOf(principal)),
    canUpdate: principal.kind !== "Admin" && AGENCY_ACTION_STATUSES.includes(status),
    paid: row.paid === 1,
    note: row.note,
    ...(row.group_id ? { groupId: row.group_id } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const documentUrl = (key: string) => fileUrl(key)!;

function documentOf(row: DocumentRow): RequestDocument {
  return {
    _id: row.id, kind: row.kind, ...(row.requirement_id ? { requirementId: row.requirement_id } : {}),
    ...(row.requirement_name_en !== null ? { requirementName: localized(row.requirement_name_en, row.requirement_name_ar, row.requirement_name_ku) } : {}),
    name: row.name, contentType: row.content_type, size: row.size, url: documentUrl(row.file_key),
    uploadedBy: person(row.uploaded_by_kind, row.uploaded_by_id, row.uploaded_by_name), createdAt: row.created_at,
  };
}

const historyOf = (row: HistoryRow) => ({
  at: row.at, by: person(row.by_kind, row.by_id, row.by_name), from: row.from_status, to: row.to_status, reason: row.reason, action: row.action,
});


/** The request if the caller may see it: its agency (agent or staff) or an admin; 404 for anyone else. */
async function visibleRow(db: D1Database, principal: Principal, id: string): Promise<RequestRow> {
  const row = await requestRowById(db, id);
  if (!row || (principal.kind !== "Admin" && row.agent_id !== principal.agentId)) throw notFound("entity.request");
  return row;
}

/** The whole record (documents, history) if the caller may see it; 404 for anyone else. One D1 round trip. */
export async function oneRequest(deps: RequestDeps, principal: Principal, id: string): Promise<VisaRequest> {
  const found = await requestWithDetails(deps.db, id);
  if (!found || (principal.kind !== "Admin" && found.row.agent_id !== principal.agentId)) throw notFound("entity.request");
  return { ...summaryOf(found.row, principal), documents: found.documents.map(documentOf), history: found.history.map(historyOf) };
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────────
type ListInput = z.output<typeof requestListQuery>;

/** The filters a caller may use: agencies see only their own requests (agentId forced), admins any. */
export function filtersFor(principal: Principal, query: Partial<ListInput>): RequestFilters {
  return {
    agentId: principal.kind === "Admin" ? query.agentId : agencyOf(principal),
    status: query.status, from: query.from, to: query.to, countryId: query.countryId, visaId: query.visaId, groupId: query.groupId,
  };
}

export async function listRequests(deps: RequestDeps, principal: Principal, query: ListInput): Promise<RequestListResponse> {
  const filters = filtersFor(principal, query);
  const page = await pagedList<RequestRow>(deps.db, forViewer(requestSpec(filters), seesMoney(principal)), query);
  const counts = Object.fromEntries(VISA_STATUSES.map((s) => [s, 0])) as Record<VisaStatus, number>;
  for (const { status, n } of await statusCounts(deps.db, whereOf(requestSpec(filters, false), query.search))) counts[status] = n;
  // Lists show each request's unread messages (issue 29).
  const unread = await unreadCounts(deps.db, "visa", page.data.map((row) => row.id), principal.kind === "Admin" ? "office" : "agency");
  return { ...page, data: page.data.map((row) => ({ ...summaryOf(row, principal), unreadMessages: unread.get(row.id) ?? 0 })), counts };
}

export type { RequestListQuery };

// ── Attachments (uploaded before filing) ─────────────────────────────────────────────────────────
function attachmentOf(row: Pick<AttachmentRow, "id" | "name" | "content_type" | "size" | "file_key" | "created_at">): Attachment {
  return { _id: row.id, name: row.name, contentType: row.content_type, size: row.size, url: documentUrl(row.file_key), createdAt: row.created_at };
}

/** A file name to show: the uploaded part's name without path or control characters, at most 120 characters. */
export function displayName(part: unknown, fallback: string): string {
  const raw = part instanceof File ? part.name : "";
  const clean = raw.replace(/^.*[\\/]/, "").replace(/[\u0000-\u001f\u007f"]/g, "").trim().slice(0, 120);
  return clean || fallback;
}

/**
 * Stores a checked upload (JPEG, PNG, WebP or PDF by leading bytes; 10 MB) as an attachment of the caller's agency,
 * to be named in a filing or correction. Also used by passport-reader/upload (source "passport").
 */
export async function storeAttachment(deps: RequestDeps, principal: Principal, upload: Upload, name: string, source = "upload"): Promise<Attachment> {
  const agentId = agencyOf(principal);
  const key = await storeFile(deps.files, "request", upload);
  const row = { id: uuidv7(), name, content_type: upload.type, size: upload.size, file_key: key, created_at: nowIso() };
  try {
    await deps.db
      .prepare(
        `INSERT INTO attachments (id, agent_id, file_key, name, content_type, size, source, uploaded_by_kind, uploaded_by_id, uploaded_by_name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(row.id, agentId, key, name, upload.type, upload.size, source, principal.kind, principal.id, principal.name, row.created_at)
      .run();
  } catch (error) {
    await deleteFiles(deps.files, [key]);
    throw error;
  }
  return attachmentOf(row);
}

/** The "file" part of a multipart body, checked (400 missing, 413 too large, 415 refused type). */
export const checkDocument = (part: unknown, field = "file") => checkUpload(part, field, DOCUMENT_TYPES);

// ── Filing ───────────────────────────────────────────────────────────────────────────────────────
/** 400 naming one field; `detail` (e.g. the names of what is missing) is appended to the sentence as it is. */
const fieldIssue = (field: string, key: string, detail?: string) =>
  new ApiError(400, [`${field}: {{v0}}${detail ? " {{detail}}" : ""}`], { code: "VALIDATION_FAILED", vars: { v0: key, ...(detail ? { detail } : {}) } });

/** Applicant values checked with the same schema the form uses; problems are named "fields.<Kind>". */
export function checkApplicant(kinds: readonly FieldKind[], values: Record<string, string>, today?: string): ApplicantFields {
  const result = z.object({ fields: applicantSchema(kinds, today) }).safeParse({ fields: values });
  if (result.success) return result.data.fields;
  const vars: Record<string, string> = {};
  const entries = result.error.issues.map((issue, index) => {
    const unknown = issue.code === "unrecognized_keys";
    vars[`v${index}`] = unknown ? "validation.unknownField" : issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
    return `${unknown ? issue.keys.map((k) => `fields.${k}`).join(", ") : issue.path.map(String).join(".")}: {{v${index}}}`;
  });
  throw new ApiError(400, entries, { code: "VALIDATION_FAILED", vars });
}

const applicantName = (f: ApplicantFields) => (f.FullName ?? f.FullQuadRupleName ?? "").slice(0, 150);

interface DocumentInsert {
  id: string; requestId: string; kind: "upload" | "result"; requirementId: string | null; by: PersonRef; at: string;
  /** Write only if this holds when the batch runs (the move the document belongs to won). */
  guard?: Sql;
}

const guardOf = (guard?: Sql) => (guard ? { and: ` AND ${guard.sql}`, params: guard.params } : { and: "", params: [] });

/** A document row from an attachment of the agency (file_key UNIQUE: an attachment becomes one document, once). */
function documentFromAttachment(db: D1Database, doc: DocumentInsert, attachmentId: string, agentId: string): D1PreparedStatement[] {
  const { and, params } = guardOf(doc.guard);
  return [
    db
      .prepare(
        `INSERT INTO request_documents (id, request_id, kind, requirement_id, file_key, name, content_type, size, uploaded_by_kind, uploaded_by_id, uploaded_by_name, created_at)
         SELECT ?, ?, ?, ?, file_key, name, content_type, size, uploaded_by_kind, uploaded_by_id, uploaded_by_name, ? FROM attachments WHERE id = ? AND agent_id = ?${and}`,
      )
      .bind(doc.id, doc.requestId, doc.kind, doc.requirementId, doc.at, attachmentId, agentId, ...params),
    db.prepare(`UPDATE attachments SET request_id = ? WHERE id = ?${and}`).bind(doc.requestId, attachmentId, ...params),
  ];
}

/** A document row from a file stored just now (re-uploads, admin results). */
function documentFromUpload(db: D1Database, doc: DocumentInsert, key: string, name: string, upload: Upload): D1PreparedStatement {
  const { and, params } = guardOf(doc.guard);
  return db
    .prepare(
      `INSERT INTO request_documents (id, request_id, kind, requirement_id, file_key, name, content_type, size, uploaded_by_kind, uploaded_by_id, uploaded_by_name, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE 1${and}`,
    )
    .bind(doc.id, doc.requestId, doc.kind, doc.requirementId, key, name, upload.type, upload.size, doc.by.kind, doc.by._id, doc.by.name, doc.at, ...params);
}

/** Checks named attachments: the agency's own (404 otherwise), not yet used (409), for a requirement of the visa (400). */
export async function checkAttachments(db: D1Database, agentId: string, docs: { attachmentId: string; requirementId: string }[], requirementIds: Set<string>) {
  docs.forEach((d, i) => {
    if (!requirementIds.has(d.requirementId)) throw fieldIssue(`documents.${i}.requirementId`, "validation.requirementOfVisa");
  });
  const ids = [...new Set(docs.map((d) => d.attachmentId))];
  if (ids.length !== docs.length) throw fieldIssue("documents", "validation.attachmentTwice");
  const rows = await attachmentsOf(db, agentId, ids);
  if (rows.length !== ids.length) throw notFound("entity.attachment");
  if (rows.some((r) => r.request_id)) throw new ApiError(409, "errors.attachmentUsed", "ATTACHMENT_USED");
}

/** The visa as the agency sees it (hidden from its group → 404), priced for the agency (group price, else the visa's). */
export async function visaForAgency(db: D1Database, agentId: string, visaId: string): Promise<VisaDetailRow> {
  const group = await groupOfAgent(db, agentId);
  if (!group) throw notFound("entity.agent");
  const [visa] = await listAll<VisaDetailRow>(db, visaSpec({ admin: false, agentId, groupId: group.group_id }, { id: visaId }, true), 1);
  if (!visa) throw notFound("entity.visa");
  return visa;
}

export const fieldKindsOf = (visa: Pick<VisaDetailRow, "fields">) => parseJson<FieldKind[]>(visa.fields, []);

/** 400 when a required document requirement of the visa has no document among `documents`. */
export function checkRequiredDocuments(requirements: Awaited<ReturnType<typeof requirementsOfVisa>>, documents: { requirementId: string }[], field = "documents") {
  const missing = requirements.filter((r) => r.kind === "document" && r.required === 1 && !documents.some((d) => d.requirementId === r.id));
  if (missing.length) throw fieldIssue(field, "validation.documentsMissing", `(${missing.map((r) => r.name_en).join(", ")})`);
}

/** The scope of visa request references of a year: VR-2026 (VR-2026-000123). */
export const requestReferenceScope = (at: string) => `VR-${at.slice(0, 4)}`;

/** Takes the next `count` numbers of a reference scope, inside the batch that uses them (a filing, a group's filing). */
export const referenceCounterStatement = (db: D1Database, scope: string, count: number) =>
  db
    .prepare("INSERT INTO reference_counters (scope, value) VALUES (?, ?) ON CONFLICT (scope) DO UPDATE SET value = value + ?")
    .bind(scope, count, count);

/** A reference of `scope` taken by referenceCounterStatement earlier in the same batch: the counter now, less `fromEnd`. */
export const referenceSql = "? || '-' || printf('%06d', (SELECT value FROM reference_counters WHERE scope = ?) - ?)";

export interface NewTraveller {
  id: string;
  fields: ApplicantFields;
  /** Issue 30: the agency's own price to its traveller (receipts); null or absent: none. */
  sellingPrice?: number | null;
  /** The traveller's own documents (attachments of the agency, each used once). */
  documents: { attachmentId: string; requirementId: string }[];
  /** Remembered on this request's Order (the ledger's UNIQUE per agency). */
  idempotencyKey?: string | null;
}

export interface NewRequests {
  visa: VisaDetailRow;
  agentId: string;
  principal: Principal;
  note: string | null;
  at: string;
  /** One request each, numbered in this order: the last takes the counter's value, the others the numbers before it. */
  travellers: NewTraveller[];
  /** A group's shared documents, a document of every traveller (request_group_documents holds the attachment). */
  shared?: { attachmentId: string; requirementId: string }[];
  /** A group's travellers: their events are quiet (the group's one notice speaks for them; migration 0026). */
  groupId?: string | null;
}

/**
 * The statements that file requests at the visa's price — one for a single filing, 2–200 for a group — in a fixed
 * number of statements whatever their number (issue 28: D1 counts queries per invocation; each list travels as one
 * JSON value read by json_each): the Orders (ledger.ts ordersStatements; the credit floor refuses the whole batch
 * when short), the requests with their references (taken by referenceCounterStatement earlier in the batch), their
 * documents and their history rows with events (request-changes.ts). A single filing and each traveller of a group
 * are built by this one function, so a group's traveller is an ordinary request.
 */
export function newRequestsStatements(db: D1Database, currency: string, r: NewRequests): D1PreparedStatement[] {
  const { visa, agentId, principal, at, travellers } = r;
  const by = personOf(principal);
  const scope = requestReferenceScope(at);
  const shared = r.shared ?? [];
  const requests = travellers.map((t) => ({
    id: t.id, fields: JSON.stringify(t.fields), applicant: applicantName(t.fields), passport: t.fields.PassportNumber ?? "", sellingPrice: t.sellingPrice ?? null,
  }));
  const documents = travellers.flatMap((t) => [
    ...t.documents.map((d) => ({ id: uuidv7(), requestId: t.id, attachmentId: d.attachmentId, requirementId: d.requirementId, shared: 0 })),
    ...shared.map((d) => ({ id: uuidv7(), requestId: t.id, attachmentId: d.attachmentId, requirementId: d.requirementId, shared: 1 })),
  ]);
  return [
    ...ordersStatements(db, {
      agentId, by, at, items: travellers.map((t) => ({ reference: t.id, amount: visa.price, idempotencyKey: t.idempotencyKey ?? null })),
    }),
    db
      .prepare(
        `INSERT INTO visa_requests (id, reference, visa_id, visa_title_en, visa_title_ar, visa_title_ku, country_id, country_code, country_name_en,
           country_name_ar, country_name_ku, agent_id, filed_by_kind, filed_by_id, filed_by_name, fields, applicant_name, passport_number, price,
           currency, status, note, group_id, selling_price, created_at, updated_at)
         SELECT j.value ->> 'id', ? || '-' || printf('%06d', (SELECT value FROM reference_counters WHERE scope = ?) - (? - 1 - j.key)), ?, ?, ?, ?, ?, ?, ?, ?, ?,
           ?, ?, ?, ?, j.value ->> 'fields', j.value ->> 'applicant', j.value ->> 'passport', ?, ?, 'Requested', ?, ?, j.value ->> 'sellingPrice', ?, ?
         FROM json_each(?) j ORDER BY j.key`,
      )
      .bind(
        scope, scope, travellers.length, visa.id, visa.title_en, visa.title_ar, visa.title_ku, visa.country_id, visa.country_code,
        visa.country_name_en, visa.country_name_ar, visa.country_name_ku, agentId, principal.kind, principal.id, principal.name,
        visa.price, currency, r.note, r.groupId ?? null, at, at, JSON.stringify(requests),
      ),
    ...documentsFromAttachments(db, documents, agentId, by, at),
    ...recordChange(db, { requestIds: travellers.map((t) => t.id), by, from: null, to: "Requested", action: "filed", at, quiet: Boolean(r.groupId) }),
  ];
}

/**
 * Documents of new requests from attachments of the agency, all in two statements: each own attachment becomes one
 * document, once (file_key UNIQUE among non-shared documents: a reused attachment fails the batch), and is marked as
 * used by its request; a shared one becomes a document of every traveller, marked shared (migration 0022).
 */
function documentsFromAttachments(
  db: D1Database, documents: { id: string; requestId: string; attachmentId: string; requirementId: string; shared: number }[], agentId: string, by: PersonRef, at: string,
): D1PreparedStatement[] {
  if (!documents.length) return [];
  const list = JSON.stringify(documents);
  const own = JSON.stringify(documents.filter((d) => !d.shared).map((d) => ({ requestId: d.requestId, attachmentId: d.attachmentId })));
  return [
    db
      .prepare(
        `INSERT INTO request_documents (id, request_id, kind, requirement_id, file_key, name, content_type, size, uploaded_by_kind, uploaded_by_id, uploaded_by_name, created_at, shared)
         SELECT d.value ->> 'id', d.value ->> 'requestId', 'upload', d.value ->> 'requirementId', a.file_key, a.name, a.content_type, a.size,
           a.uploaded_by_kind, a.uploaded_by_id, a.uploaded_by_name, ?, d.value ->> 'shared'
         FROM json_each(?) d JOIN attachments a ON a.id = d.value ->> 'attachmentId' AND a.agent_id = ? ORDER BY d.key`,
      )
      .bind(at, list, agentId),
    db
      .prepare(
        `UPDATE attachments SET request_id = (SELECT o.value ->> 'requestId' FROM json_each(?1) o WHERE o.value ->> 'attachmentId' = attachments.id)
         WHERE id IN (SELECT o.value ->> 'attachmentId' FROM json_each(?1) o)`,
      )
      .bind(own),
  ];
}

/**
 * POST requests: the visa as the agency sees it (hidden → 404) and its price for the agency (group price, else the
 * visa's: visaSpec, the rule priceFor uses), the applicant's values checked against the visa's field kinds, every
 * required document present; then ONE batch: charge (CHECK balance ≥ 0 → 402), the next reference, the request, its
 * documents, its history row, and the Idempotency-Key's completion.
 */
export async function fileRequest(
  deps: RequestDeps, principal: Principal, input: Filing, idempotencyKey?: string | null,
): Promise<{ value: VisaRequest; replayed: boolean }> {
  const agentId = agencyOf(principal);
  const { db } = deps;
  const replay = async (requestId: string) => oneRequest(deps, principal, requestId);
  // The key is looked at first: a retry of a submission that went through must answer the first answer, not trip
  // over its own consumed attachments.
  return idempotent(
    db,
    { principal: principalKey(principal), key: idempotencyKey, scope: "POST /requests", body: input },
    async (complete) => {
      checkSellingPrices(principal, [input.sellingPrice]);
      const visa = await visaForAgency(db, agentId, input.visaId);
      const fields = checkApplicant(fieldKindsOf(visa), input.fields, deps.today);
      const requirements = await requirementsOfVisa(db, visa.id);
      checkRequiredDocuments(requirements, input.documents);
      await checkAttachments(db, agentId, input.documents, new Set(requirements.map((r) => r.id)));

      const id = uuidv7();
      const at = nowIso();
      const statements = [
        referenceCounterStatement(db, requestReferenceScope(at), 1),
        ...newRequestsStatements(db, deps.currency, { visa, agentId, principal, note: input.note ?? null, at, travellers: [{ id, fields, sellingPrice: input.sellingPrice ?? null, documents: input.documents, idempotencyKey }] }),
        ...complete(id, 201),
      ];
      try {
        await runCharging(db, statements, agentId, visa.price, deps.currency, seesMoney(principal) ? "agency" : "staff");
      } catch (error) {
        if (isUniqueViolation(error) && /request_documents/.test(String((error as Error).message))) throw new ApiError(409, "errors.attachmentUsed", "ATTACHMENT_USED");
        throw error;
      }
      return replay(id);
    },
    replay,
  );
}

// ── Status changes ───────────────────────────────────────────────────────────────────────────────
/** Set B through the one move check (services/transitions.ts). */
const VISA_MACHINE: StateMachine<VisaStatus> = { table: VISA_TRANSITIONS, allowed: allowedTransitions, keys: VISA_STATUS_KEYS };

/** The requirements named as missing, with their names as they are now (must be requirements of the request's visa). */
async function missingDocumentsOf(db: D1Database, row: RequestRow, ids: string[] | undefined) {
  if (!ids?.length) return [];
  const requirements = await requirementsOfVisa(db, row.visa_id);
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const unknown = ids.findIndex((rid) => !byId.has(rid));
  if (unknown >= 0) throw fieldIssue(`missingDocuments.${unknown}`, "validation.requirementOfVisa");
  return [...new Set(ids)].map((rid) => {
    const r = byId.get(rid)!;
    return { _id: r.id, name: localized(r.name_en, r.name_ar, r.name_ku) };
  });
}

/**
 * Moves a request along VISA_TRANSITIONS in one batch. The UPDATE is a compare-and-set on the status and version read
 * and stamps this move's id on the request; every other write of the batch (documents, history, event, refund) is
 * conditional on the request carrying that id (moveGuard). So when two moves race, the loser commits nothing at all,
 * not even a history row or a refund, and gets 409. Canceled or Rejected before Paid refunds the price, once (UNIQUE
 * refund index).
 */
interface MoveExtra {
  reason?: string | null; missing?: { _id: string; name: LocalizedText }[]; fields?: ApplicantFields; action?: "status" | "documents" | "fields";
  /** One traveller of a group action: its event only moves open pages (the group's notice speaks for all). */
  quiet?: boolean;
  /** Writes that belong to the move, built with its guard. */
  statements?: (guard: Sql) => D1PreparedStatement[];
}

async function applyMove(deps: RequestDeps, row: RequestRow, principal: Principal, to: VisaStatus, extra: MoveExtra) {
  let results: D1Result[];
  try {
    results = await deps.db.batch(moveStatements(deps, row, principal, to, extra));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, "errors.requestChanged", "REQUEST_CHANGED");
    throw error;
  }
  if (results[0]!.meta.changes === 0) throw await lostMove(deps.db, row, principal);
}

/** The statements of one move (applyMove); the first is its compare-and-set UPDATE, which tells whether it won. */
function moveStatements(deps: RequestDeps, row: RequestRow, principal: Principal, to: VisaStatus, extra: MoveExtra): D1PreparedStatement[] {
  const { db } = deps;
  const at = nowIso();
  const by = personOf(principal);
  const moveId = uuidv7();
  const guard = moveGuard("visa_requests", row.id, moveId);
  const paid = row.paid === 1 || to === "Paid";
  const refund = REFUNDING_STATUSES.includes(to) && row.paid !== 1 && row.price > 0;
  const fields = extra.fields ?? null;
  const statements = [
    db
      .prepare(
        `UPDATE visa_requests SET status = ?, reason = ?, missing_documents = ?, paid = ?, version = version + 1, updated_at = ?, move_id = ?,
           fields = COALESCE(?, fields), applicant_name = COALESCE(?, applicant_name), passport_number = COALESCE(?, passport_number)
         WHERE id = ? AND version = ? AND status = ? AND paid = ?`,
      )
      .bind(
        to, extra.reason ?? null, JSON.stringify(extra.missing ?? []), paid ? 1 : 0, at, moveId, fields ? JSON.stringify(fields) : null,
        fields ? applicantName(fields) : null, fields ? fields.PassportNumber ?? "" : null, row.id, row.version, row.status, row.paid,
      ),
    ...(extra.statements?.(guard) ?? []),
    ...recordChange(db, { requestId: row.id, by, from: row.status, to, action: extra.action ?? "status", reason: extra.reason ?? null, at, guard, quiet: extra.quiet }),
    ...(refund ? refundStatements(db, { agentId: row.agent_id, amount: row.price, reference: row.id, note: row.reference, by, at, guard }) : []),
  ];
  return statements;
}

/**
 * The 409 of a move that lost a race: what the request is now, in the caller's words ("the office has started
 * processing this request"), read after the fact only to explain.
 */
async function lostMove(db: D1Database, row: RequestRow, principal: Principal): Promise<ApiError> {
  const now = await requestRowById(db, row.id);
  if (!now || now.status === row.status) return new ApiError(409, "errors.requestChanged", "REQUEST_CHANGED");
  return new ApiError(409, "errors.requestMovedMeanwhile", { code: "REQUEST_CHANGED", vars: { status: VISA_STATUS_KEYS[now.status] } });
}

/** PATCH requests/{id}: admins along the table; the agency may only cancel (where the table allows). */
export async function changeStatus(deps: RequestDeps, principal: Principal, id: string, input: StatusChange): Promise<VisaRequest> {
  await moveRequest(deps, principal, await visibleRow(deps.db, principal, id), input);
  return oneRequest(deps, principal, id);
}

/**
 * One status change of a request already read (visible to the caller): the move check, then applyMove. Also each item
 * of a bulk move and of a group's cancel (request-groups.ts), so every traveller moves exactly as a single request.
 */
export async function moveRequest(deps: RequestDeps, principal: Principal, row: RequestRow, input: StatusChange): Promise<void> {
  await applyMove(deps, row, principal, input.status, await checkedMove(deps, principal, row, input));
}

/** The move check of a status change and what the move carries (the reason, the documents asked for). */
async function checkedMove(deps: RequestDeps, principal: Principal, row: RequestRow, input: StatusChange): Promise<MoveExtra> {
  checkMove(VISA_MACHINE, row.status, input.status, moverOf(principal));
  const missing = input.status === "DocumentNeeded" ? await missingDocumentsOf(deps.db, row, input.missingDocuments) : [];
  return { reason: input.reason ?? null, missing };
}

/** Travellers of a bulk move per batch: 25 moves are at most ~150 statements (a move with its refund is 6). */
const MOVES_PER_BATCH = 25;

/**
 * The same status change of many requests (the office's bulk moves, a group's cancel), each an ordinary move — the
 * move check, its own compare-and-set UPDATE, history, event and refund under its own moveGuard — but 25 to a batch
 * instead of one batch each (200 moves took seconds). A move that lost its race writes nothing (its guard) and is
 * answered with the lost move's 409, the others commit. A batch that fails as a whole (a refund found already there)
 * is retried move by move, so every item still gets its own answer. Answers in the order given: null when moved.
 */
export async function moveRequests(deps: RequestDeps, principal: Principal, rows: RequestRow[], input: StatusChange): Promise<(ApiError | null)[]> {
  const answers: (ApiError | null)[] = rows.map(() => null);
  const ready: { index: number; statements: D1PreparedStatement[] }[] = [];
  for (const [index, row] of rows.entries()) {
    try {
      const extra = { ...(await checkedMove(deps, principal, row, input)), quiet: row.group_id !== null };
      ready.push({ index, statements: moveStatements(deps, row, principal, input.status, extra) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answers[index] = error;
    }
  }
  for (let start = 0; start < ready.length; start += MOVES_PER_BATCH) {
    const chunk = ready.slice(start, start + MOVES_PER_BATCH);
    let results: D1Result[];
    try {
      results = await deps.db.batch(chunk.flatMap((move) => move.statements));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      for (const move of chunk) {
        try {
          await moveRequest(deps, principal, rows[move.index]!, input);
        } catch (one) {
          if (!(one instanceof ApiError)) throw one;
          answers[move.index] = one;
        }
      }
      continue;
    }
    let at = 0;
    for (const move of chunk) {
      if (results[at]!.meta.changes === 0) answers[move.index] = await lostMove(deps.db, rows[move.index]!, principal);
      at += move.statements.length;
    }
  }
  await groupNotices(deps.db, principal, rows, answers, input);
  return answers;
}

/**
 * One notice per group a bulk move touched (issue 28 item 2), in place of one per traveller (theirs were quiet): to
 * the agency for the office's moves, to the office for the agency's (a group's cancel). "40 travellers of
 * VG-2026-000123: Approved"; with refusals, how many of how many, and that the rest were not moved. Written after the
 * moves committed, with what they did; nothing when none of the group moved.
 */
async function groupNotices(db: D1Database, principal: Principal, rows: RequestRow[], answers: (ApiError | null)[], input: StatusChange) {
  const tally = new Map<string, { moved: number; refused: number }>();
  rows.forEach((row, i) => {
    if (!row.group_id) return;
    const counts = tally.get(row.group_id) ?? { moved: 0, refused: 0 };
    if (answers[i]) counts.refused++;
    else counts.moved++;
    tally.set(row.group_id, counts);
  });
  const statements = [...tally].filter(([, c]) => c.moved > 0).flatMap(([groupId, { moved, refused }]) =>
    groupNoticeStatements(db, {
      groupId, audience: principal.kind === "Admin" ? "agency" : "admins", type: "request.updated", to: input.status, by: personOf(principal),
      title: refused ? { key: "events.group.movedSome", vars: { moved, total: moved + refused } } : { key: "events.group.moved", vars: { count: moved } },
      body: [
        input.reason ? { key: "events.group.reasonBody", vars: { reason: input.reason } } : { key: "events.group.body" },
        ...(refused ? [{ key: "events.group.refusedBody", vars: { refused } }] : []),
      ],
    }));
  if (statements.length) await db.batch(statements);
}

// ── The agency's corrections ─────────────────────────────────────────────────────────────────────
export interface NewFile {
  upload: Upload;
  name: string;
  requirementId: string;
}

/**
 * requests/updateByAgent/{id} and requests/reupload/{id}: corrected applicant values and/or documents while the
 * request waits on the agency (DocumentNeeded, CorrectionNeeded), which moves it to Modified automatically.
 */
export async function updateByAgency(
  deps: RequestDeps, principal: Principal, id: string, input: AgentUpdate, files: NewFile[],
): Promise<VisaRequest> {
  const agentId = agencyOf(principal);
  const { db } = deps;
  const row = await visibleRow(db, principal, id);
  if (!AGENCY_ACTION_STATUSES.includes(row.status)) {
    throw new ApiError(409, "errors.requestNotEditable", { code: "ILLEGAL_TRANSITION", vars: { status: VISA_STATUS_KEYS[row.status] } });
  }
  const docs = input.documents ?? [];
  if (!input.fields && docs.length === 0 && files.length === 0) throw fieldIssue("body", "validation.nothingToUpdate");

  const requirementIds = new Set([
    ...(await requirementsOfVisa(db, row.visa_id)).map((r) => r.id),
    ...parseJson<{ _id: string }[]>(row.missing_documents, []).map((m) => m._id),
  ]);
  files.forEach((f, i) => {
    if (!requirementIds.has(f.requirementId)) throw fieldIssue(`requirementId.${i}`, "validation.requirementOfVisa");
  });
  await checkAttachments(db, agentId, docs, requirementIds);

  let fields: ApplicantFields | undefined;
  if (input.fields) {
    const visa = await db.prepare("SELECT fields FROM visas WHERE id = ?").bind(row.visa_id).first<{ fields: string }>();
    const current = parseJson<Record<string, string>>(row.fields, {});
    const kinds = visa ? parseJson<FieldKind[]>(visa.fields, []) : (Object.keys(current) as FieldKind[]);
    fields = checkApplicant(kinds, { ...current, ...input.fields }, deps.today);
  }

  const at = nowIso();
  const by = personOf(principal);
  const keys: string[] = [];
  try {
    const stored: { key: string; file: NewFile }[] = [];
    for (const file of files) {
      const key = await storeFile(deps.files, "request", file.upload);
      keys.push(key);
      stored.push({ key, file });
    }
    // The documents belong to the move: a move that loses its race adds none of them.
    const statements = (guard: Sql) => [
      ...stored.map(({ key, file }) =>
        documentFromUpload(db, { id: uuidv7(), requestId: id, kind: "upload", requirementId: file.requirementId, by, at, guard }, key, file.name, file.upload)),
      ...docs.flatMap((d) =>
        documentFromAttachment(db, { id: uuidv7(), requestId: id, kind: "upload", requirementId: d.requirementId, by, at, guard }, d.attachmentId, agentId)),
    ];
    const action = docs.length || files.length ? "documents" : "fields";
    await applyMove(deps, row, principal, "Modified", { fields, statements, action, reason: input.note ?? null });
  } catch (error) {
    await deleteFiles(deps.files, keys);
    throw error;
  }
  return oneRequest(deps, principal, id);
}

// ── Admin result documents ───────────────────────────────────────────────────────────────────────
/** requests/upload-document/{id}: result documents (the visa, a receipt) the agency can download. */
export async function addResultDocuments(deps: RequestDeps, principal: Principal, id: string, files: { upload: Upload; name: string }[]): Promise<VisaRequest> {
  const { db } = deps;
  const row = await visibleRow(db, principal, id);
  const at = nowIso();
  const by = personOf(principal);
  const keys: string[] = [];
  try {
    const statements: D1PreparedStatement[] = [];
    for (const file of files) {
      const key = await storeFile(deps.files, "request", file.upload);
      keys.push(key);
      statements.push(documentFromUpload(db, { id: uuidv7(), requestId: id, kind: "result", requirementId: null, by, at }, key, file.name, file.upload));
    }
    statements.push(db.prepare("UPDATE visa_requests SET updated_at = ?, version = version + 1 WHERE id = ?").bind(at, id));
    statements.push(...recordChange(db, { requestId: id, by, from: row.status, to: row.status, action: "result", reason: files.map((f) => f.name).join(", "), at }));
    await db.batch(statements);
  } catch (error) {
    await deleteFiles(deps.files, keys);
    throw error;
  }
  return oneRequest(deps, principal, id);
}

/** requests/remove-document/{id}/{docId}: removes a result document (the agency's own uploads stay: they are evidence). */
export async function removeResultDocument(deps: RequestDeps, principal: Principal, id: string, docId: string): Promise<VisaRequest> {
  const { db } = deps;
  const row = await visibleRow(db, principal, id);
  const [doc] = await all<{ file_key: string; name: string; kind: string }>(db, "SELECT file_key, name, kind FROM request_documents WHERE id = ? AND request_id = ?", docId, id);
  if (!doc || doc.kind !== "result") throw notFound("entity.document");
  const at = nowIso();
  await db.batch([
    db.prepare("DELETE FROM request_documents WHERE id = ?").bind(docId),
    db.prepare("UPDATE visa_requests SET updated_at = ?, version = version + 1 WHERE id = ?").bind(at, id),
    ...recordChange(db, { requestId: id, by: personOf(principal), from: row.status, to: row.status, action: "resultRemoved", reason: doc.name, at }),
  ]);
  await deleteFiles(deps.files, [doc.file_key]);
  return oneRequest(deps, principal, id);
}

// ── Files ────────────────────────────────────────────────────────────────────────────────────────
/** Request files are served to their agency (agent or staff) and to admins; anyone else is told they do not exist. */
export async function mayReadRequestFile(db: D1Database, principal: Principal, key: string): Promise<boolean> {
  if (principal.kind === "Admin") return true;
  const owner = await agencyOfFile(db, key);
  return owner !== null && owner === principal.agentId;
}
