/** Reads of top-up requests (issue 30). */
import { first } from "./d1";

export interface TopUpRow {
  id: string; agent_id: string; agent_name: string; amount: number; approved_amount: number | null; paid_through: string; bank_reference: string;
  note: string | null; slip_key: string; slip_type: string; status: "Pending" | "Approved" | "Rejected"; reason: string | null;
  decision_id: string | null; transaction_id: string | null; decided_by_name: string | null; decided_at: string | null; created_at: string; updated_at: string;
}

export const TOP_UP_SELECT = "t.*, a.name AS agent_name";
export const TOP_UP_FROM = "FROM top_up_requests t JOIN agents a ON a.id = t.agent_id";

export const topUpById = (db: D1Database, id: string) => first<TopUpRow>(db, `SELECT ${TOP_UP_SELECT} ${TOP_UP_FROM} WHERE t.id = ?`, id);

/** The agency whose transfer slip this key is (null: not a slip). The slip is money: its owner (not staff) and admins. */
export const slipOwner = async (db: D1Database, key: string) =>
  (await first<{ agent_id: string }>(db, "SELECT agent_id FROM top_up_requests WHERE slip_key = ?", key))?.agent_id ?? null;
