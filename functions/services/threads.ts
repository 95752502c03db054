/**
 * The message thread of a visa request or a translation order (issue 29 item 1). The agency and the office talk about
 * one record in one place instead of WhatsApp: plain text with links, attachments checked and stored like documents,
 * live on the other side (open page, bell, push) in the reader's language with the sender's name, read marks per side.
 *
 * Who sees what: the office everything; the agency (agent and staff) every message but the office's internal ones —
 * those are never written into an agency event, never answered to an agency call, and their files are not served to
 * it (db/requests.ts agencyOfFile). A message holds no money field; staff read the thread like the rest of the request.
 */
import { MESSAGE_EDIT_MS, type MessageInput, type Thread, type ThreadMessage, type ThreadSide } from "../../src/contract/threads";
import { LOCALES } from "../../src/shared/locales";
import { all, allByIds, first, stmt } from "../db/d1";
import { nowIso, uuidv7 } from "../db/ids";
import { ApiError, notFound } from "../errors";
import type { Principal } from "./accounts";
import { eventStatements, liveMessage, publishEvents, type LiveHub } from "./events";
import { deleteFiles, fileUrl, storeFile, type Upload } from "./files";
import { publishAfterCommit } from "./live-outbox";

export type SubjectKind = "visa" | "translation";

export interface ThreadDeps {
  db: D1Database;
  files: R2Bucket;
  hub: LiveHub | null;
}

interface Subject {
  kind: SubjectKind;
  id: string;
  agentId: string;
  reference: string;
}

const TABLE: Record<SubjectKind, string> = { visa: "visa_requests", translation: "translation_orders" };
const NOT_FOUND: Record<SubjectKind, string> = { visa: "entity.request", translation: "translation.entity.order" };

export const sideOf = (principal: Principal): ThreadSide => (principal.kind === "Admin" ? "office" : "agency");
const otherSide = (side: ThreadSide): ThreadSide => (side === "office" ? "agency" : "office");

/** The record the thread belongs to, if the caller may see it (another agency's record does not exist for it: 404). */
async function subjectFor(db: D1Database, kind: SubjectKind, id: string, principal: Principal): Promise<Subject> {
  const row = await first<{ id: string; agent_id: string; reference: string }>(db, `SELECT id, agent_id, reference FROM ${TABLE[kind]} WHERE id = ?`, id);
  if (!row || (principal.kind !== "Admin" && row.agent_id !== principal.agentId)) throw notFound(NOT_FOUND[kind]);
  return { kind, id: row.id, agentId: row.agent_id, reference: row.reference };
}

interface MessageRow {
  id: string; side: ThreadSide; author_kind: ThreadMessage["author"]["kind"]; author_id: string; author_name: string; body: string;
  internal: number; created_at: string; edited_at: string | null;
}
interface FileRow { message_id: string; file_key: string; name: string; type: string; size: number }

const editable = (row: MessageRow, principal: Principal, now: number) =>
  row.author_id === principal.id && row.author_kind === principal.kind && now - Date.parse(row.created_at) < MESSAGE_EDIT_MS;

/** The agency's side never reads internal messages: one condition, used by every read. */
const visibleTo = (side: ThreadSide) => (side === "office" ? "" : " AND internal = 0");

/** The thread as the caller sees it, with both sides' read marks and the caller's unread count. */
export async function readThread(db: D1Database, kind: SubjectKind, id: string, principal: Principal): Promise<Thread> {
  const subject = await subjectFor(db, kind, id, principal);
  const side = sideOf(principal);
  const [rows, reads] = await Promise.all([
    all<MessageRow>(db, `SELECT * FROM messages WHERE subject_kind = ? AND subject_id = ?${visibleTo(side)} ORDER BY created_at, id`, kind, subject.id),
    all<{ side: ThreadSide; last_read_at: string }>(db, "SELECT side, last_read_at FROM message_reads WHERE subject_kind = ? AND subject_id = ?", kind, subject.id),
  ]);
  // The thread's files by a join, not a list of ids: a long thread is past D1's 100 bound values.
  const files = rows.length
    ? await all<FileRow>(db, `SELECT f.* FROM message_files f JOIN messages m ON m.id = f.message_id WHERE m.subject_kind = ? AND m.subject_id = ?${visibleTo(side).replace("internal", "m.internal")} ORDER BY f.rowid`, kind, subject.id)
    : [];
  const read: Thread["read"] = { agency: null, office: null };
  for (const r of reads) read[r.side] = r.last_read_at;
  const now = Date.now();
  const data = rows.map((row): ThreadMessage => ({
    _id: row.id, side: row.side, author: { kind: row.author_kind, _id: row.author_id, name: row.author_name }, body: row.body,
    internal: row.internal === 1, createdAt: row.created_at, editedAt: row.edited_at, editable: editable(row, principal, now),
    files: files.filter((f) => f.message_id === row.id).map((f) => ({ name: f.name, contentType: f.type, size: f.size, url: fileUrl(f.file_key)! })),
  }));
  const mine = read[side] ?? "";
  const unread = data.filter((m) => m.side !== side && m.createdAt > mine).length;
  return { data, read, unread };
}

/** What a live message says about the thread's record: pages find it by `requestId` or `orderId` (record-changes.ts). */
const subjectValue = (subject: Subject) => ({ subject: subject.kind, [subject.kind === "visa" ? "requestId" : "orderId"]: subject.id, reference: subject.reference });

/** One line of the message for bells and pushes: the first 140 characters, on one line. */
const excerpt = (body: string) => {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};

/**
 * What tells open pages of one side to read the thread again: no bell entry, no toast, no push ("thread.changed" is
 * not a kind anyone receives as a notification).
 */
function threadNotice(subject: Subject, side: ThreadSide, extra: Record<string, unknown> = {}) {
  const value = { ...subjectValue(subject), side, ...extra };
  const text = { key: "threads.event.updated", vars: { reference: subject.reference } };
  return liveMessage({ audience: side === "office" ? "admins" : "agency", agentId: subject.agentId, type: "thread.changed", title: text, value });
}

/**
 * Sends a message. Files are stored first (R2 is not part of a D1 batch); the message, its files, the writer's read
 * mark and the other side's event are one batch, so a message is never half there; if the batch fails, the files go.
 */
export async function postMessage(
  deps: ThreadDeps, kind: SubjectKind, id: string, principal: Principal, input: MessageInput, uploads: { upload: Upload; name: string }[],
): Promise<ThreadMessage> {
  const subject = await subjectFor(deps.db, kind, id, principal);
  const side = sideOf(principal);
  if (input.internal && side !== "office") throw new ApiError(400, ["internal: {{v0}}"], { code: "VALIDATION_FAILED", vars: { v0: "threads.internalOfficeOnly" } });
  const internal = side === "office" && input.internal === true;
  const body = input.body.trim();
  const keys: string[] = [];
  try {
    for (const { upload } of uploads) keys.push(await storeFile(deps.files, "request", upload));
    const messageId = uuidv7();
    const at = nowIso();
    const statements = [
      stmt(deps.db, `INSERT INTO messages (id, subject_kind, subject_id, agent_id, side, author_kind, author_id, author_name, body, internal, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, messageId, kind, subject.id, subject.agentId, side, principal.kind, principal.id, principal.name, body, internal ? 1 : 0, at),
      ...uploads.map(({ upload, name }, i) =>
        stmt(deps.db, "INSERT INTO message_files (file_key, message_id, name, type, size) VALUES (?, ?, ?, ?, ?)", keys[i]!, messageId, name, upload.type, upload.size)),
      readMark(deps.db, subject, side, at, principal.name),
    ];
    if (!internal) {
      // The other side hears of it in the bell and by push, in each reader's language, with the sender's name.
      const value = { ...subjectValue(subject), messageId, side };
      const { statements: eventRows, event } = eventStatements(deps.db, {
        audience: side === "office" ? "agency" : "admins", agentId: subject.agentId, type: "message.created", value, createdBy: principal.id,
        title: { key: side === "office" ? "threads.event.fromOffice" : "threads.event.fromAgency", vars: { name: principal.name, reference: subject.reference } },
        body: { key: "", vars: { text: Object.fromEntries(LOCALES.map((l) => [l, excerpt(body)])) as Record<(typeof LOCALES)[number], string> } },
        color: "#e0f2fe",
      });
      statements.push(...eventRows);
      publishAfterCommit(event.row.id);
    }
    await deps.db.batch(statements);
    // The writer's own side (another admin, the agency's other people) sees the new message on its open pages.
    await publishEvents(deps.hub, [threadNotice(subject, side, { messageId })]);
    return {
      _id: messageId, side, author: { kind: principal.kind as ThreadMessage["author"]["kind"], _id: principal.id, name: principal.name }, body, internal,
      createdAt: at, editedAt: null, editable: true,
      files: uploads.map(({ upload, name }, i) => ({ name, contentType: upload.type, size: upload.size, url: fileUrl(keys[i]!)! })),
    };
  } catch (error) {
    await deleteFiles(deps.files, keys);
    throw error;
  }
}

function readMark(db: D1Database, subject: Subject, side: ThreadSide, at: string, name: string) {
  return stmt(db, `INSERT INTO message_reads (subject_kind, subject_id, side, last_read_at, reader_name) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (subject_kind, subject_id, side) DO UPDATE SET last_read_at = max(last_read_at, excluded.last_read_at), reader_name = excluded.reader_name`,
  subject.kind, subject.id, side, at, name);
}

/** The caller's side has read the thread up to now; the other side's open page shows it ("seen"). */
export async function markThreadRead(deps: ThreadDeps, kind: SubjectKind, id: string, principal: Principal): Promise<{ read: Thread["read"]; unread: 0 }> {
  const subject = await subjectFor(deps.db, kind, id, principal);
  const side = sideOf(principal);
  await readMark(deps.db, subject, side, nowIso(), principal.name).run();
  const reads = await all<{ side: ThreadSide; last_read_at: string }>(deps.db, "SELECT side, last_read_at FROM message_reads WHERE subject_kind = ? AND subject_id = ?", kind, subject.id);
  const read: Thread["read"] = { agency: null, office: null };
  for (const r of reads) read[r.side] = r.last_read_at;
  // An office read mark tells the agency "seen"; an agency read mark tells the office. Both sides' pages follow.
  await publishEvents(deps.hub, [threadNotice(subject, otherSide(side), { reader: side }), threadNotice(subject, side, { reader: side })]);
  return { read, unread: 0 };
}

/** Corrects a message: its author only, within 5 minutes of sending; never after (409). */
export async function editMessage(deps: ThreadDeps, kind: SubjectKind, id: string, principal: Principal, messageId: string, body: string): Promise<ThreadMessage> {
  const subject = await subjectFor(deps.db, kind, id, principal);
  const side = sideOf(principal);
  const row = await first<MessageRow>(deps.db, `SELECT * FROM messages WHERE id = ? AND subject_kind = ? AND subject_id = ?${visibleTo(side)}`, messageId, kind, subject.id);
  if (!row) throw notFound("threads.entity.message");
  if (row.author_id !== principal.id || row.author_kind !== principal.kind) throw new ApiError(403, "threads.notYours", "FORBIDDEN");
  const at = nowIso();
  const cutoff = new Date(Date.now() - MESSAGE_EDIT_MS).toISOString();
  // The 5-minute rule is part of the write, so a correction sent at 4:59 that arrives at 5:01 is refused too.
  const changed = await stmt(deps.db, "UPDATE messages SET body = ?, edited_at = ? WHERE id = ? AND created_at > ?", body.trim(), at, messageId, cutoff).run();
  if (changed.meta.changes === 0) throw new ApiError(409, "threads.editClosed", "EDIT_CLOSED");
  const notices = [threadNotice(subject, side, { messageId, edited: true })];
  if (row.internal === 0) notices.push(threadNotice(subject, otherSide(side), { messageId, edited: true }));
  await publishEvents(deps.hub, notices);
  return (await readThread(deps.db, kind, id, principal)).data.find((m) => m._id === messageId)!;
}

/**
 * For a list: how many messages of the other side each record has that the caller's side has not read (lists show
 * unread counts). One query for the page's records; the agency never counts internal notes.
 */
export async function unreadCounts(db: D1Database, kind: SubjectKind, ids: string[], side: ThreadSide): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await allByIds(ids, (chunk, marks) => all<{ id: string; n: number }>(db,
    `SELECT m.subject_id AS id, COUNT(*) AS n FROM messages m
     LEFT JOIN message_reads r ON r.subject_kind = m.subject_kind AND r.subject_id = m.subject_id AND r.side = ?
     WHERE m.subject_kind = ? AND m.subject_id IN (${marks}) AND m.side <> ?${side === "office" ? "" : " AND m.internal = 0"}
       AND m.created_at > COALESCE(r.last_read_at, '')
     GROUP BY m.subject_id`,
    side, kind, ...chunk, side));
  return new Map(rows.map((r) => [r.id, r.n]));
}
