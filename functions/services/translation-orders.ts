/**
 * Translation and legal-translation orders (issue 12; DESIGN §5, §6, §8), built on the pieces of the visa requests:
 * the ledger (the price is charged as an Order in the batch that creates the order; Canceled refunds it exactly once:
 * UNIQUE indexes of 0004), Idempotency-Key, the one change recorder (kind "translation"), the agency's attachments
 * and the "request" file scope (served only to the agency and admins). Status set A (REQUEST_TRANSITIONS_A):
 * Requested → InProcess | CorrectionNeeded | Canceled; InProcess → Done | CorrectionNeeded | Canceled;
 * CorrectionNeeded → Requested (automatic when the agency sends its correction) | Canceled. Done needs a translated
 * document. Staff users never see money.
 */
import type * as z from "zod/mini";
import type { LocalizedText } from "../../src/contract/common";
import { REQUEST_STATUSES_A, REQUEST_TRANSITIONS_A, type Mover, type PersonRef, type RequestStatusA } from "../../src/contract/requests";
import {
  STATUS_A_KEYS, allowedTransitionsA, type OrderDocument, type OrderLanguage, type OrderListResponse, type TranslationOrder,
  type TranslationOrderSummary, type orderAdminUpdateInput, type orderInput, type orderListQuery, type orderStateInput,
} from "../../src/contract/translation";
import { ApiError, notFound } from "../errors";
import { isUniqueViolation } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import { forViewer, pagedList, sqlPart, whereOf, type Sql } from "../db/paged";
import { attachmentsOf } from "../db/requests";
import { localizedOf } from "../db/rows";
import {
  documentsOfOrders, historyOfOrder, languagesByIds, orderRowById, orderSpec, orderStatusCounts, serviceById, type OrderDocumentRow,
  type OrderFilters, type OrderHistoryRow, type OrderRow,
} from "../db/translation";
import type { Principal } from "./accounts";
import { deleteFiles, fileUrl, storeFile, type Upload } from "./files";
import { idempotent, principalKey } from "./idempotency";
import { orderStatements, refundStatements, runCharging } from "./ledger";
import { recordChange } from "./request-changes";
import { agencyOf, moverOf, personOf } from "./requests";
import { checkMove, moveGuard, type StateMachine } from "./transitions";
import { unreadCounts } from "./threads";

export interface OrderDeps {
  db: D1Database;
  files: R2Bucket;
  currency: string;
}

export interface OrderFile {
  upload: Upload;
  name: string;
}

const seesMoney = (principal: Principal) => principal.kind !== "User";
const fieldIssue = (field: string, key: string) => new ApiError(400, [`${field}: {{v0}}`], { code: "VALIDATION_FAILED", vars: { v0: key } });
const changed = () => new ApiError(409, "errors.requestChanged", "REQUEST_CHANGED");

function parseJson<T>(text: string | null, fallback: T): T {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

const person = (kind: string, id: string, name: string): PersonRef => ({ kind: kind as PersonRef["kind"], _id: id, name });
const languageOf = (text: string): OrderLanguage => parseJson<OrderLanguage>(text, { _id: "", code: "", name: { en: "", ar: "", ku: "" } });
const dueDate = (createdAt: string, days: number) => new Date(Date.parse(createdAt) + days * 86_400_000).toISOString().slice(0, 10);

function documentOf(row: OrderDocumentRow): OrderDocument {
  return {
    _id: row.id, kind: row.kind, name: row.name, contentType: row.content_type, size: row.size, url: fileUrl(row.file_key)!,
    uploadedBy: person(row.uploaded_by_kind, row.uploaded_by_id, row.uploaded_by_name), createdAt: row.created_at,
  };
}

function summaryOf(row: OrderRow, documents: OrderDocumentRow[], principal: Principal): TranslationOrderSummary {
  const mover = moverOf(principal);
  return {
    _id: row.id,
    reference: row.reference,
    kind: row.kind,
    service: { _id: row.service_id, name: localizedOf(row, "service_name") as LocalizedText, turnaroundDays: row.turnaround_days },
    fromLanguage: languageOf(row.from_language),
    toLanguage: languageOf(row.to_language),
    pages: row.pages,
    ...(seesMoney(principal) ? { pricePerPage: row.price_per_page, price: row.price, currency: row.currency, sellingPrice: row.selling_price ?? null } : {}),
    agency: { _id: row.agent_id, name: row.agent_name },
    filedBy: person(row.filed_by_kind, row.filed_by_id, row.filed_by_name),
    status: row.status,
    reason: row.reason,
    note: row.note,
    dueDate: dueDate(row.created_at, row.turnaround_days),
    allowedTransitions: allowedTransitionsA(row.status, mover),
    canCorrect: mover === "Agency" && (row.status === "Requested" || row.status === "CorrectionNeeded"),
    documents: documents.map(documentOf),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const historyOf = (row: OrderHistoryRow) => ({
  at: row.at, by: person(row.by_kind, row.by_id, row.by_name), from: row.from_status, to: row.to_status, reason: row.reason, action: row.action,
});

/** The order if the caller may see it: its agency (agent or staff) or an admin; 404 for anyone else. */
async function visibleOrder(db: D1Database, principal: Principal, id: string): Promise<OrderRow> {
  const row = await orderRowById(db, id);
  if (!row || (principal.kind !== "Admin" && row.agent_id !== principal.agentId)) throw notFound("translation.entity.order");
  return row;
}

export async function oneOrder(deps: OrderDeps, principal: Principal, id: string): Promise<TranslationOrder> {
  const row = await visibleOrder(deps.db, principal, id);
  const [documents, history] = await Promise.all([documentsOfOrders(deps.db, [id]), historyOfOrder(deps.db, id)]);
  return { ...summaryOf(row, documents, principal), history: history.map(historyOf) };
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────────
type ListInput = z.output<typeof orderListQuery>;

/** Agencies see only their own orders (agentId forced); admins any. */
export function orderFiltersFor(principal: Principal, query: Partial<ListInput>): OrderFilters {
  return {
    agentId: principal.kind === "Admin" ? query.agentId : agencyOf(principal),
    status: query.status, kind: query.kind, from: query.from, to: query.to, serviceId: query.serviceId,
  };
}

export async function listOrders(deps: OrderDeps, principal: Principal, query: ListInput): Promise<OrderListResponse> {
  const filters = orderFiltersFor(principal, query);
  const page = await pagedList<OrderRow>(deps.db, forViewer(orderSpec(filters), seesMoney(principal)), query);
  const documents = await documentsOfOrders(deps.db, page.data.map((r) => r.id));
  const counts = Object.fromEntries(REQUEST_STATUSES_A.map((s) => [s, 0])) as Record<RequestStatusA, number>;
  for (const { status, n } of await orderStatusCounts(deps.db, whereOf(orderSpec(filters, false), query.search))) counts[status] = n;
  const unread = await unreadCounts(deps.db, "translation", page.data.map((r) => r.id), principal.kind === "Admin" ? "office" : "agency");
  return {
    ...page, counts,
    data: page.data.map((row) => ({ ...summaryOf(row, documents.filter((d) => d.order_id === row.id), principal), unreadMessages: unread.get(row.id) ?? 0 })),
  };
}

// ── Documents ────────────────────────────────────────────────────────────────────────────────────
interface DocumentInsert {
  orderId: string; kind: "upload" | "result"; by: PersonRef; at: string;
  /** Insert only if this holds when the batch runs (the move it belongs to applied). */
  guard?: Sql;
}

const guardSql = (guard?: Sql) => (guard ? { where: ` WHERE ${guard.sql}`, params: guard.params } : { where: "", params: [] });

/** A document from an attachment of the agency (file_key UNIQUE: one attachment becomes one document, once). */
function documentFromAttachment(db: D1Database, doc: DocumentInsert, attachmentId: string, agentId: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO translation_documents (id, order_id, kind, file_key, name, content_type, size, uploaded_by_kind, uploaded_by_id, uploaded_by_name, created_at)
         SELECT ?, ?, ?, file_key, name, content_type, size, uploaded_by_kind, uploaded_by_id, uploaded_by_name, ? FROM attachments WHERE id = ? AND agent_id = ?`,
      )
      .bind(uuidv7(), doc.orderId, doc.kind, doc.at, attachmentId, agentId),
    db.prepare("UPDATE attachments SET request_id = ? WHERE id = ?").bind(doc.orderId, attachmentId),
  ];
}

/** A document from a file stored just now. */
function documentFromFile(db: D1Database, doc: DocumentInsert, key: string, file: OrderFile): D1PreparedStatement {
  const { where, params } = guardSql(doc.guard);
  return db
    .prepare(
      `INSERT INTO translation_documents (id, order_id, kind, file_key, name, content_type, size, uploaded_by_kind, uploaded_by_id, uploaded_by_name, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?${where}`,
    )
    .bind(uuidv7(), doc.orderId, doc.kind, key, file.name, file.upload.type, file.upload.size, doc.by.kind, doc.by._id, doc.by.name, doc.at, ...params);
}

/** Stores files in R2 and answers their document statements; on failure the stored files are removed. */
async function storeDocuments(deps: OrderDeps, files: OrderFile[], doc: DocumentInsert, keys: string[]): Promise<D1PreparedStatement[]> {
  const statements: D1PreparedStatement[] = [];
  for (const file of files) {
    const key = await storeFile(deps.files, "request", file.upload);
    keys.push(key);
    statements.push(documentFromFile(deps.db, doc, key, file));
  }
  return statements;
}

// ── Ordering ─────────────────────────────────────────────────────────────────────────────────────
type Order = z.output<typeof orderInput>;

/**
 * POST legal-translation: the service as the agency sees it (disabled → 404), both languages offered by it and
 * enabled (400 naming the field), attachments the agency's own and unused; then ONE batch: charge price per page ×
 * pages (CHECK balance ≥ 0 → 402), the next reference, the order, its documents, its history row, the key's completion.
 */
export async function placeOrder(deps: OrderDeps, principal: Principal, input: Order, idempotencyKey?: string | null) {
  const agentId = agencyOf(principal);
  const { db } = deps;
  const replay = (orderId: string) => oneOrder(deps, principal, orderId);
  // The key is looked at before any check: a retry of an order that went through answers the first answer, and does
  // not trip over what the first success changed (its attachments are used now).
  return idempotent(
    db,
    { principal: principalKey(principal), key: idempotencyKey, scope: "POST /legal-translation", body: input },
    (complete) => orderOnce(deps, principal, agentId, input, idempotencyKey, complete),
    replay,
  );
}

async function orderOnce(
  deps: OrderDeps, principal: Principal, agentId: string, input: Order, idempotencyKey: string | null | undefined,
  complete: (resultId: string, status?: number) => D1PreparedStatement[],
) {
  const { db } = deps;
  const service = await serviceById(db, input.serviceId);
  if (!service || service.enabled !== 1) throw notFound("translation.entity.service");
  const offered = new Set(parseJson<string[]>(service.languages, []));
  const languages = new Map((await languagesByIds(db, [input.fromLanguageId, input.toLanguageId])).map((l) => [l.id, l]));
  const languageFor = (field: "fromLanguageId" | "toLanguageId"): OrderLanguage => {
    const row = languages.get(input[field]);
    if (!row || row.enabled !== 1 || !offered.has(row.id)) throw fieldIssue(field, "validation.languageNotOffered");
    return { _id: row.id, code: row.code, name: localizedOf(row, "name") };
  };
  const from = languageFor("fromLanguageId");
  const to = languageFor("toLanguageId");
  const attachmentIds = [...new Set(input.documents)];
  if (attachmentIds.length !== input.documents.length) throw fieldIssue("documents", "validation.attachmentTwice");
  const attachments = await attachmentsOf(db, agentId, attachmentIds);
  if (attachments.length !== attachmentIds.length) throw notFound("entity.attachment");
  if (attachments.some((a) => a.request_id)) throw new ApiError(409, "errors.attachmentUsed", "ATTACHMENT_USED");

  const price = service.price_per_page * input.pages;
  const kind = service.certified === 1 ? "legal" : "translation";
  const id = uuidv7();
  const at = nowIso();
  const by = personOf(principal);
  const scope = `${kind === "legal" ? "LT" : "TR"}-${at.slice(0, 4)}`;
  const statements = [
    ...orderStatements(db, { agentId, amount: price, reference: id, note: null, by, at, idempotencyKey }),
    db.prepare("INSERT INTO reference_counters (scope, value) VALUES (?, 1) ON CONFLICT (scope) DO UPDATE SET value = value + 1").bind(scope),
    db
      .prepare(
        `INSERT INTO translation_orders (id, reference, kind, service_id, service_name_en, service_name_ar, service_name_ku, from_language, to_language,
           from_language_id, to_language_id, pages, price_per_page, price, currency, turnaround_days, agent_id, filed_by_kind, filed_by_id, filed_by_name,
           status, note, created_at, updated_at)
         VALUES (?, ? || '-' || printf('%06d', (SELECT value FROM reference_counters WHERE scope = ?)), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Requested', ?, ?, ?)`,
      )
      .bind(
        id, scope, scope, kind, service.id, service.name_en, service.name_ar, service.name_ku, JSON.stringify(from), JSON.stringify(to), from._id, to._id,
        input.pages, service.price_per_page, price, deps.currency, service.turnaround_days, agentId, principal.kind, principal.id, principal.name,
        input.note ?? null, at, at,
      ),
    ...attachmentIds.flatMap((aid) => documentFromAttachment(db, { orderId: id, kind: "upload", by, at }, aid, agentId)),
    ...recordChange(db, { kind: "translation", requestId: id, by, from: null, to: "Requested", action: "filed", at }),
    ...complete(id, 201),
  ];
  try {
    await runCharging(db, statements, agentId, price, deps.currency, seesMoney(principal) ? "agency" : "staff");
  } catch (error) {
    // Only the documents' own constraint means "this attachment is used" (a concurrent order took it).
    if (isUniqueViolation(error) && /translation_documents\./.test((error as Error).message)) throw new ApiError(409, "errors.attachmentUsed", "ATTACHMENT_USED");
    throw error;
  }
  return oneOrder(deps, principal, id);
  return oneOrder(deps, principal, id);
}

// ── Status changes ───────────────────────────────────────────────────────────────────────────────
/** Set A through the one move check (services/transitions.ts). */
const ORDER_MACHINE: StateMachine<RequestStatusA> = { table: REQUEST_TRANSITIONS_A, allowed: allowedTransitionsA, keys: STATUS_A_KEYS };

const hasResult = async (db: D1Database, id: string) =>
  Boolean(await db.prepare("SELECT 1 FROM translation_documents WHERE order_id = ? AND kind = 'result' LIMIT 1").bind(id).first());
const resultRequired = () => new ApiError(409, "translation.errors.resultRequired", "RESULT_REQUIRED");

const REASON_STATES: readonly RequestStatusA[] = ["CorrectionNeeded", "Canceled"];

interface Move {
  to: RequestStatusA;
  reason: string | null;
  action: "status" | "documents" | "result" | "note";
  /** Statements built with `guard` (documents): they apply only with the move. */
  extra?: (guard: Sql) => Promise<D1PreparedStatement[]>;
}

/**
 * One change of an order in one batch: the UPDATE is a compare-and-set on the status and version read and stamps this
 * change's id; every other write (documents, history, event, refund) is conditional on the order carrying that id
 * (moveGuard), so a change that loses a race commits nothing and gets 409. A move to Canceled refunds the price, once
 * (UNIQUE refund index). `to` equal to the current status records a change without a move (documents, a note).
 */
async function applyChange(deps: OrderDeps, row: OrderRow, principal: Principal, move: Move, keys: string[]): Promise<void> {
  const { db } = deps;
  const at = nowIso();
  const by = personOf(principal);
  const moveId = uuidv7();
  const guard = moveGuard("translation_orders", row.id, moveId);
  const refund = move.to === "Canceled" && row.status !== "Canceled" && row.price > 0;
  const extra = move.extra ? await move.extra(guard) : [];
  const statements = [
    db
      .prepare("UPDATE translation_orders SET status = ?, reason = ?, version = version + 1, updated_at = ?, move_id = ? WHERE id = ? AND version = ? AND status = ?")
      // The order's reason is the one of its current state (what the agency must correct, why it was canceled).
      .bind(move.to, move.to === row.status ? row.reason : REASON_STATES.includes(move.to) ? move.reason : null, at, moveId, row.id, row.version, row.status),
    ...extra,
    ...recordChange(db, { kind: "translation", requestId: row.id, by, from: row.status, to: move.to, action: move.action, reason: move.reason, at, guard }),
    ...(refund ? refundStatements(db, { agentId: row.agent_id, amount: row.price, reference: row.id, note: row.reference, by, at, guard }) : []),
  ];
  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    await deleteFiles(deps.files, keys);
    if (isUniqueViolation(error)) throw changed();
    throw error;
  }
  if (results[0]!.meta.changes === 0) {
    await deleteFiles(deps.files, keys);
    throw changed();
  }
}

/** legal-translation/change-request-state/{id}: admins along the table; the agency may only cancel where allowed. */
export async function changeOrderState(deps: OrderDeps, principal: Principal, id: string, input: z.output<typeof orderStateInput>): Promise<TranslationOrder> {
  const row = await visibleOrder(deps.db, principal, id);
  checkMove(ORDER_MACHINE, row.status, input.status, moverOf(principal));
  if (input.status === "Done" && !(await hasResult(deps.db, id))) throw resultRequired();
  await applyChange(deps, row, principal, { to: input.status, reason: input.reason ?? null, action: "status" }, []);
  return oneOrder(deps, principal, id);
}

/**
 * legal-translation/update-by-admin/{id}: translated documents (files) and/or a move and/or a note to the agency, in
 * one change. Done needs a translated document, attached now or before.
 */
export async function updateOrderByAdmin(
  deps: OrderDeps, principal: Principal, id: string, input: z.output<typeof orderAdminUpdateInput>, files: OrderFile[],
): Promise<TranslationOrder> {
  const row = await visibleOrder(deps.db, principal, id);
  if (!input.status && !input.note && files.length === 0) throw fieldIssue("body", "validation.nothingToUpdate");
  // The same status again is a move like any other (409) unless the call also brings files or a note.
  if (input.status && (input.status !== row.status || (files.length === 0 && !input.note))) checkMove(ORDER_MACHINE, row.status, input.status, "Admin");
  if (files.length && row.status === "Canceled") throw new ApiError(409, "translation.errors.closed", { code: "ILLEGAL_TRANSITION", vars: { status: STATUS_A_KEYS[row.status] } });
  if (input.status === "Done" && row.status !== "Done" && files.length === 0 && !(await hasResult(deps.db, id))) throw resultRequired();
  const to = input.status ?? row.status;
  const keys: string[] = [];
  const by = personOf(principal);
  const at = nowIso();
  await applyChange(
    deps, row, principal,
    {
      to,
      reason: input.reason ?? input.note ?? (files.length ? files.map((f) => f.name).join(", ") : null),
      action: to !== row.status ? "status" : files.length ? "result" : "note",
      extra: (guard) => storeDocuments(deps, files, { orderId: id, kind: "result", by, at, guard }, keys),
    },
    keys,
  );
  return oneOrder(deps, principal, id);
}

/**
 * legal-translation/request/{id} (agency): its documents (and a note). While Requested they are added; while
 * CorrectionNeeded they are the correction and the order moves back to Requested automatically. 409 otherwise.
 */
export async function sendOrderDocuments(deps: OrderDeps, principal: Principal, id: string, files: OrderFile[], note: string | null): Promise<TranslationOrder> {
  agencyOf(principal);
  const row = await visibleOrder(deps.db, principal, id);
  if (row.status !== "Requested" && row.status !== "CorrectionNeeded") {
    throw new ApiError(409, "translation.errors.notEditable", { code: "ILLEGAL_TRANSITION", vars: { status: STATUS_A_KEYS[row.status] } });
  }
  if (files.length === 0 && !note) throw fieldIssue("file", "validation.fileRequired");
  const keys: string[] = [];
  const by = personOf(principal);
  const at = nowIso();
  await applyChange(
    deps, row, principal,
    {
      to: "Requested",
      reason: note,
      action: "documents",
      extra: (guard) => storeDocuments(deps, files, { orderId: id, kind: "upload", by, at, guard }, keys),
    },
    keys,
  );
  return oneOrder(deps, principal, id);
}
