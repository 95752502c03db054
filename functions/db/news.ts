/** Reads and writes of the news feed. */
import { first, run, stmt } from "./d1";
import { sqlPart, type ListSpec } from "./paged";

export interface NewsRow {
  id: string;
  title_en: string; title_ar: string; title_ku: string;
  message_en: string; message_ar: string; message_ku: string;
  enabled: number; created_by: string | null; created_at: string; updated_at: string;
}

/** The feed as a caller sees it: agencies (and GET news-feed for anyone) only enabled items; admins' list everything. */
/** Who reads the list (their read marks come with each item, issue 27), and whether only read or unread items. */
export interface NewsReader {
  kind: string;
  id: string;
  read?: boolean;
}

export function newsSpec(all: boolean, filters: { enabled?: "true" | "false" }, reader?: NewsReader): ListSpec {
  return {
    select: reader ? "n.*, nr.read_at AS read_at" : "n.*",
    from: reader
      ? sqlPart("FROM news n LEFT JOIN news_reads nr ON nr.news_id = n.id AND nr.reader_kind = ? AND nr.reader_id = ?", reader.kind, reader.id)
      : sqlPart("FROM news n"),
    where: [
      !all && sqlPart("n.enabled = 1"),
      filters.enabled !== undefined && sqlPart("n.enabled = ?", filters.enabled === "true" ? 1 : 0),
      reader?.read !== undefined && sqlPart(reader.read ? "nr.read_at IS NOT NULL" : "nr.read_at IS NULL"),
    ],
    // Titles and messages (the message's HTML too: a search for a tag name is rare enough not to matter).
    search: ["n.title_en", "n.title_ar", "n.title_ku", "n.message_en", "n.message_ar", "n.message_ku"],
    sortable: {
      createdAt: "n.created_at", updatedAt: "n.updated_at", enabled: "n.enabled",
      "title.en": "n.title_en COLLATE NOCASE", "title.ar": "n.title_ar", "title.ku": "n.title_ku",
    },
    defaultSort: { key: "createdAt", order: "desc" },
    tieBreaker: "n.id",
  };
}

/** Marks items read (or unread) for one reader; without ids, every enabled item is marked read. */
export function markNewsStatements(db: D1Database, reader: { kind: string; id: string }, ids: string[] | undefined, read: boolean, at: string) {
  if (!read) {
    return (ids ?? []).map((id) => stmt(db, "DELETE FROM news_reads WHERE news_id = ? AND reader_kind = ? AND reader_id = ?", id, reader.kind, reader.id));
  }
  if (!ids) {
    return [stmt(db, "INSERT OR IGNORE INTO news_reads (news_id, reader_kind, reader_id, read_at) SELECT id, ?, ?, ? FROM news WHERE enabled = 1", reader.kind, reader.id, at)];
  }
  return ids.map((id) => stmt(db, "INSERT OR IGNORE INTO news_reads (news_id, reader_kind, reader_id, read_at) SELECT id, ?, ?, ? FROM news WHERE id = ? AND enabled = 1", reader.kind, reader.id, at, id));
}

export const newsById = (db: D1Database, id: string) => first<NewsRow>(db, "SELECT * FROM news WHERE id = ?", id);

export const insertNews = (db: D1Database, row: NewsRow) =>
  stmt(
    db,
    `INSERT INTO news (id, title_en, title_ar, title_ku, message_en, message_ar, message_ku, enabled, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row.id, row.title_en, row.title_ar, row.title_ku, row.message_en, row.message_ar, row.message_ku, row.enabled, row.created_by,
    row.created_at, row.updated_at,
  );

/** Writes the whole row back (the service merged the patch): one statement, so it can join a batch with its event. */
export const updateNews = (db: D1Database, row: NewsRow) =>
  stmt(
    db,
    `UPDATE news SET title_en = ?, title_ar = ?, title_ku = ?, message_en = ?, message_ar = ?, message_ku = ?, enabled = ?, updated_at = ?
     WHERE id = ?`,
    row.title_en, row.title_ar, row.title_ku, row.message_en, row.message_ar, row.message_ku, row.enabled, row.updated_at, row.id,
  );

export const deleteNewsRow = (db: D1Database, id: string) => run(db, "DELETE FROM news WHERE id = ?", id);
