/** Reads of visa requests, their documents, history and attachments (issue 8). Writes are batches built by services. */
import type { VisaStatus } from "../../src/contract/requests";
import { all, allByIds, first } from "./d1";
import { sqlPart, type ListSpec, type Sql } from "./paged";

export interface RequestRow {
  id: string; reference: string; visa_id: string; visa_title_en: string; visa_title_ar: string; visa_title_ku: string;
  country_id: string; country_code: string; country_name_en: string; country_name_ar: string; country_name_ku: string;
  agent_id: string; agent_name: string; filed_by_kind: "Agent" | "User"; filed_by_id: string; filed_by_name: string;
  fields: string; applicant_name: string; passport_number: string; price: number; currency: string; status: VisaStatus;
  reason: string | null; missing_documents: string; paid: number; note: string | null; version: number;
  created_at: string; updated_at: string; group_id: string | null;
  /** Issue 30 (migration 0027): the agency's own price to its traveller, printed on receipts. */
  selling_price: number | null;
}

export interface DocumentRow {
  id: string; request_id: string; kind: "upload" | "result"; requirement_id: string | null; file_key: string; name: string;
  content_type: string; size: number; uploaded_by_kind: string; uploaded_by_id: string; uploaded_by_name: string; created_at: string;
  requirement_name_en: string | null; requirement_name_ar: string | null; requirement_name_ku: string | null;
}

export interface HistoryRow {
  id: string; request_id: string; at: string; by_kind: string; by_id: string; by_name: string; from_status: VisaStatus | null;
  to_status: VisaStatus; reason: string | null; action: string;
}

export interface AttachmentRow {
  id: string; agent_id: string; file_key: string; name: string; content_type: string; size: number; source: string;
  uploaded_by_kind: string; uploaded_by_id: string; uploaded_by_name: string; request_id: string | null; created_at: string;
}

export interface RequestFilters {
  /** The agency whose requests these are: forced for agency callers, a filter for admins. */
  agentId?: string;
  status?: VisaStatus[];
  from?: string;
  to?: string;
  countryId?: string;
  visaId?: string;
  /** The travellers of one group filing (issue 28). */
  groupId?: string;
  /** These requests only (the office's bulk moves). */
  ids?: string[];
}

const REQUEST_SELECT = "r.*, a.name AS agent_name";
const REQUEST_FROM = "FROM visa_requests r JOIN agents a ON a.id = r.agent_id";

/** Day filters on created_at: from = that day onwards, to = up to the end of that day (UTC). */
function days(from?: string, to?: string): Sql[] {
  const parts: Sql[] = [];
  if (from) parts.push(sqlPart("r.created_at >= ?", `${from}T00:00:00.000Z`));
  if (to) parts.push(sqlPart("r.created_at < ?", new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000).toISOString()));
  return parts;
}

/** The filters as SQL, without the status filter when `withStatus` is false (the per-status counts). */
export function requestWhere(filters: RequestFilters, withStatus = true): Sql[] {
  return [
    filters.agentId ? sqlPart("r.agent_id = ?", filters.agentId) : null,
    withStatus && filters.status?.length ? sqlPart(`r.status IN (${filters.status.map(() => "?").join(", ")})`, ...filters.status) : null,
    filters.countryId ? sqlPart("r.country_id = ?", filters.countryId) : null,
    filters.visaId ? sqlPart("r.visa_id = ?", filters.visaId) : null,
    filters.groupId ? sqlPart("r.group_id = ?", filters.groupId) : null,
    // One bound JSON list, not one parameter per id: D1 takes at most 100 bound parameters a query, a group 200 travellers.
    filters.ids ? sqlPart("r.id IN (SELECT value FROM json_each(?))", JSON.stringify(filters.ids)) : null,
    ...days(filters.from, filters.to),
  ].filter((p): p is Sql => Boolean(p));
}

export function requestSpec(filters: RequestFilters, withStatus = true): ListSpec {
  return {
    select: REQUEST_SELECT,
    from: sqlPart(REQUEST_FROM),
    where: requestWhere(filters, withStatus),
    // Search by applicant, passport number or reference (and the agency's name, which admins look for).
    search: ["r.reference", "r.applicant_name", "r.passport_number", "a.name"],
    sortable: { createdAt: "r.created_at", updatedAt: "r.updated_at", reference: "r.reference", status: "r.status", price: "r.price" },
    moneySorts: ["price"],
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "r.id",
  };
}

export const requestRowById = (db: D1Database, id: string) => first<RequestRow>(db, `SELECT ${REQUEST_SELECT} ${REQUEST_FROM} WHERE r.id = ?`, id);

/** One request with its documents and history, in one round trip (null when there is no such request). */
export async function requestWithDetails(db: D1Database, id: string): Promise<{ row: RequestRow; documents: DocumentRow[]; history: HistoryRow[] } | null> {
  const [row, documents, history] = await db.batch([
    db.prepare(`SELECT ${REQUEST_SELECT} ${REQUEST_FROM} WHERE r.id = ?`).bind(id),
    db
      .prepare(
        `SELECT d.*, q.name_en AS requirement_name_en, q.name_ar AS requirement_name_ar, q.name_ku AS requirement_name_ku
         FROM request_documents d LEFT JOIN visa_requirements q ON q.id = d.requirement_id
         WHERE d.request_id = ? ORDER BY d.created_at, d.id`,
      )
      .bind(id),
    db.prepare("SELECT * FROM request_history WHERE request_id = ? ORDER BY at, rowid").bind(id),
  ]);
  const found = row!.results[0] as RequestRow | undefined;
  return found ? { row: found, documents: documents!.results as DocumentRow[], history: history!.results as HistoryRow[] } : null;
}

/** Per-status counts of the same filters (status filter ignored). */
export async function statusCounts(db: D1Database, where: Sql): Promise<{ status: VisaStatus; n: number }[]> {
  return all<{ status: VisaStatus; n: number }>(db, `SELECT r.status, COUNT(*) AS n ${REQUEST_FROM} ${where.sql} GROUP BY r.status`, ...where.params);
}

export const attachmentsOf = (db: D1Database, agentId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([] as AttachmentRow[])
    : allByIds(ids, (chunk, marks) => all<AttachmentRow>(db, `SELECT * FROM attachments WHERE agent_id = ? AND id IN (${marks})`, agentId, ...chunk));

/** Who may read a stored request file (visa request, translation order, attachment): its agency (agent or staff) and admins. Answers the owning agency, or null. */
export async function agencyOfFile(db: D1Database, key: string): Promise<string | null> {
  const row = await first<{ agent_id: string }>(
    db,
    `SELECT r.agent_id FROM request_documents d JOIN visa_requests r ON r.id = d.request_id WHERE d.file_key = ?
     UNION ALL SELECT o.agent_id FROM translation_documents d JOIN translation_orders o ON o.id = d.order_id WHERE d.file_key = ?
     UNION ALL SELECT agent_id FROM attachments WHERE file_key = ?
     UNION ALL SELECT m.agent_id FROM message_files f JOIN messages m ON m.id = f.message_id WHERE f.file_key = ? AND m.internal = 0 LIMIT 1`,
    // A thread's files (issue 29) are the agency's too, except those of the office's internal messages.
    key, key, key, key,
  );
  return row?.agent_id ?? null;
}
