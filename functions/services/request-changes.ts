/**
 * The ONE place a request's change is recorded (issue 8 item 8): every filing, status change and document change
 * goes through recordChange, which answers the statements to put in the change's own batch. Today that is the
 * history row; the live-notification issue adds the event row here, so no route or service writes history itself.
 */
import type { PersonRef, RequestStatusA, VisaStatus } from "../../src/contract/requests";
import { nowIso, uuidv7 } from "../db/ids";
import type { Sql } from "../db/paged";
import { changedIds, requestEventStatements } from "./request-events";

export type ChangeAction = "filed" | "status" | "documents" | "fields" | "result" | "resultRemoved" | "note";

/**
 * Which kind of request changed: visa requests (status set B) keep their history in request_history, translation and
 * legal-translation orders (status set A, issue 12) in translation_history (same columns; each table's foreign key
 * points at its own kind's table).
 */
export type RequestKind = "visa" | "translation";
const HISTORY_TABLE: Record<RequestKind, string> = { visa: "request_history", translation: "translation_history" };

export interface RequestChange {
  /** Default "visa". */
  kind?: RequestKind;
  /** The request changed, or `requestIds`: the same change of many (a group's filing), in a fixed number of statements. */
  requestId?: string;
  requestIds?: string[];
  by: PersonRef;
  /** null when the request is filed. */
  from: VisaStatus | RequestStatusA | null;
  to: VisaStatus | RequestStatusA;
  action: ChangeAction;
  reason?: string | null;
  at?: string;
  /** Write only if this holds when the batch runs (e.g. the status change's conditional UPDATE applied). */
  guard?: Sql;
  /** One traveller of a group action: its event only moves open pages (the group's notice speaks for all). */
  quiet?: boolean;
}

export function recordChange(db: D1Database, change: RequestChange): D1PreparedStatement[] {
  const guard = change.guard ? ` WHERE ${change.guard.sql}` : "";
  const rows = changedIds(change).map((requestId) => ({ id: uuidv7(), requestId }));
  return [
    db
      .prepare(
        `INSERT INTO ${HISTORY_TABLE[change.kind ?? "visa"]} (id, request_id, at, by_kind, by_id, by_name, from_status, to_status, reason, action)
         SELECT j.value ->> 'id', j.value ->> 'requestId', ?, ?, ?, ?, ?, ?, ?, ? FROM json_each(?) j${guard}`,
      )
      .bind(
        change.at ?? nowIso(), change.by.kind, change.by._id, change.by.name, change.from, change.to,
        change.reason ?? null, change.action, JSON.stringify(rows), ...(change.guard?.params ?? []),
      ),
    // Its event for the agency or the admins (issue 13), under the same guard.
    ...requestEventStatements(db, change),
  ];
}
