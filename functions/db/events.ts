/** Reads and writes of events and of who has seen them (DESIGN §7). */
import type { SessionKindName } from "../../src/contract/auth";
import type { Audience } from "../../src/contract/events";
import { all, first, stmt } from "./d1";
import { sqlPart, type ListSpec, type Sql } from "./paged";

export interface EventRow {
  id: string; audience: Audience; agent_id: string | null; type: string;
  title_en: string; title_ar: string; title_ku: string; body_en: string; body_ar: string; body_ku: string;
  value: string; color: string | null; money: number; created_by: string | null; created_at: string; updated_at: string;
  /** A traveller's own event within a group action (migration 0026): for open pages only, never in a bell. */
  quiet?: number;
  seen?: number;
}

/** Who reads: an admin, an agency owner or one of its staff (staff never see money events). */
export interface Reader {
  kind: SessionKindName;
  id: string;
  agentId: string | null;
}

/** The events addressed to a reader (what the bell counts); quiet ones (a traveller's within a group action) are nobody's. */
export function addressedTo(reader: Reader): Sql {
  if (reader.kind === "Admin") return sqlPart("e.audience = 'admins' AND e.quiet = 0");
  const own = sqlPart("(e.audience = 'agents' OR (e.audience = 'agency' AND e.agent_id = ?)) AND e.quiet = 0", reader.agentId ?? "");
  return reader.kind === "User" ? { sql: `${own.sql} AND e.money = 0`, params: own.params } : own;
}

const seenBy = (reader: Reader) =>
  sqlPart("EXISTS (SELECT 1 FROM event_seen s WHERE s.event_id = e.id AND s.reader_kind = ? AND s.reader_id = ?)", reader.kind, reader.id);

/** The reader's own seen mark joins the row (at most one: it is the key), so lists and counts bind the same values. */
const withSeen = (reader: Reader) =>
  sqlPart("FROM events e LEFT JOIN event_seen s ON s.event_id = e.id AND s.reader_kind = ? AND s.reader_id = ?", reader.kind, reader.id);

/** What a reader may list: admins every event (narrowed by `audience`), others what is addressed to them. */
export function eventSpec(reader: Reader, filters: { seen?: "true" | "false"; type?: string; audience?: Audience; since?: string }): ListSpec {
  return {
    select: "e.*, (s.event_id IS NOT NULL) AS seen",
    from: withSeen(reader),
    where: [
      reader.kind !== "Admin" && addressedTo(reader),
      reader.kind === "Admin" && sqlPart("e.quiet = 0"),
      reader.kind === "Admin" && filters.audience !== undefined && sqlPart("e.audience = ?", filters.audience),
      filters.type !== undefined && sqlPart("e.type = ?", filters.type),
      filters.since !== undefined && sqlPart("e.created_at > ?", filters.since),
      filters.seen !== undefined && sqlPart(filters.seen === "true" ? "s.event_id IS NOT NULL" : "s.event_id IS NULL"),
    ],
    search: ["e.title_en", "e.title_ar", "e.title_ku", "e.body_en", "e.body_ar", "e.body_ku"],
    sortable: { createdAt: "e.created_at", type: "e.type", audience: "e.audience" },
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "e.id",
  };
}

export async function unseenCount(db: D1Database, reader: Reader): Promise<number> {
  const where = addressedTo(reader);
  const seen = seenBy(reader);
  const row = await first<{ n: number }>(db, `SELECT COUNT(*) AS n FROM events e WHERE ${where.sql} AND NOT ${seen.sql}`, ...where.params, ...seen.params);
  return row?.n ?? 0;
}

export const eventById = (db: D1Database, reader: Reader, id: string) => {
  const from = withSeen(reader);
  return first<EventRow>(db, `SELECT e.*, (s.event_id IS NOT NULL) AS seen ${from.sql} WHERE e.id = ?`, ...from.params, id);
};

export const insertEvent = (db: D1Database, row: EventRow) =>
  stmt(
    db,
    `INSERT INTO events (id, audience, agent_id, type, title_en, title_ar, title_ku, body_en, body_ar, body_ku, value, color, money, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row.id, row.audience, row.agent_id, row.type, row.title_en, row.title_ar, row.title_ku, row.body_en, row.body_ar, row.body_ku,
    row.value, row.color, row.money, row.created_by, row.created_at, row.updated_at,
  );

export const markSeen = (db: D1Database, reader: Reader, eventId: string, at: string) =>
  stmt(db, "INSERT OR IGNORE INTO event_seen (event_id, reader_kind, reader_id, seen_at) VALUES (?, ?, ?, ?)", eventId, reader.kind, reader.id, at);

export const markUnseen = (db: D1Database, reader: Reader, eventId: string) =>
  stmt(db, "DELETE FROM event_seen WHERE event_id = ? AND reader_kind = ? AND reader_id = ?", eventId, reader.kind, reader.id);

/** Marks every event addressed to the reader seen, in one statement. */
export function markAllSeen(db: D1Database, reader: Reader, at: string) {
  const where = addressedTo(reader);
  return stmt(
    db,
    `INSERT OR IGNORE INTO event_seen (event_id, reader_kind, reader_id, seen_at) SELECT e.id, ?, ?, ? FROM events e WHERE ${where.sql}`,
    reader.kind, reader.id, at, ...where.params,
  );
}

export const deleteEventRow = (db: D1Database, id: string) => stmt(db, "DELETE FROM events WHERE id = ?", id).run();

/** The saved language of an account (events and live messages are written in it). */
export async function savedLocale(db: D1Database, kind: SessionKindName, id: string): Promise<string | null> {
  const table = { Admin: "admins", Agent: "agents", User: "users" }[kind];
  return (await first<{ locale: string }>(db, `SELECT locale FROM ${table} WHERE id = ?`, id))?.locale ?? null;
}

export const agentExists = async (db: D1Database, id: string) => Boolean(await first(db, "SELECT 1 AS x FROM agents WHERE id = ?", id));

export const eventsByIds = (db: D1Database, ids: string[]) =>
  all<{ id: string }>(db, `SELECT id FROM events WHERE id IN (${ids.map(() => "?").join(", ")})`, ...ids);

/** Saves the language an account reads events in (the locale cookie at sign-in). */
export async function saveLocale(db: D1Database, kind: SessionKindName, id: string, locale: string): Promise<void> {
  const table = { Admin: "admins", Agent: "agents", User: "users" }[kind];
  await stmt(db, `UPDATE ${table} SET locale = ? WHERE id = ? AND locale <> ?`, locale, id, locale).run();
}
