/** Reads of group filings (issue 28). The group's state is its travellers' (visa requests with group_id): never a copy. */
import type { VisaStatus } from "../../src/contract/requests";
import { all, first } from "./d1";
import { sqlPart, type ListSpec } from "./paged";

export interface GroupRow {
  id: string; reference: string; agent_id: string; agent_name: string; visa_id: string; name: string; note: string | null;
  traveller_count: number; filed_by_kind: string; filed_by_id: string; filed_by_name: string; created_at: string; updated_at: string;
  /** JSON object status → count, from the travellers now. */
  counts: string;
  total: number; currency: string;
  visa_title_en: string; visa_title_ar: string; visa_title_ku: string; country_id: string; country_code: string;
  country_name_en: string; country_name_ar: string; country_name_ku: string;
}

export interface GroupFilters {
  /** Forced for agency callers, a filter for admins. */
  agentId?: string;
  /** Groups with at least one traveller in one of these statuses. */
  status?: VisaStatus[];
}

// The visa as filed is read from the group's first traveller (each request keeps its copy of the visa's title).
const GROUP_SELECT = `g.*, a.name AS agent_name,
  (SELECT json_group_object(status, n) FROM (SELECT status, COUNT(*) AS n FROM visa_requests WHERE group_id = g.id GROUP BY status)) AS counts,
  (SELECT COALESCE(SUM(price), 0) FROM visa_requests WHERE group_id = g.id) AS total,
  f.currency, f.visa_title_en, f.visa_title_ar, f.visa_title_ku, f.country_id, f.country_code, f.country_name_en, f.country_name_ar, f.country_name_ku`;
const GROUP_FROM = `FROM request_groups g JOIN agents a ON a.id = g.agent_id
  JOIN visa_requests f ON f.id = (SELECT id FROM visa_requests WHERE group_id = g.id ORDER BY reference LIMIT 1)`;

export function groupSpec(filters: GroupFilters): ListSpec {
  return {
    select: GROUP_SELECT,
    from: sqlPart(GROUP_FROM),
    where: [
      filters.agentId ? sqlPart("g.agent_id = ?", filters.agentId) : null,
      filters.status?.length
        ? sqlPart(`EXISTS (SELECT 1 FROM visa_requests s WHERE s.group_id = g.id AND s.status IN (${filters.status.map(() => "?").join(", ")}))`, ...filters.status)
        : null,
    ],
    search: ["g.reference", "g.name", "a.name"],
    sortable: { createdAt: "g.created_at", reference: "g.reference", travellers: "g.traveller_count" },
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "g.id",
  };
}

export const groupRowById = (db: D1Database, id: string) => first<GroupRow>(db, `SELECT ${GROUP_SELECT} ${GROUP_FROM} WHERE g.id = ?`, id);

export const sharedDocumentsOf = (db: D1Database, groupId: string) =>
  all<{ attachment_id: string; requirement_id: string; name: string }>(
    db,
    `SELECT d.attachment_id, d.requirement_id, COALESCE(t.name, '') AS name FROM request_group_documents d LEFT JOIN attachments t ON t.id = d.attachment_id
     WHERE d.group_id = ? ORDER BY d.rowid`,
    groupId,
  );
