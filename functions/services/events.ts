/**
 * Events (DESIGN §7): one row per notable change for its audience, written in all three languages when it happens so
 * that every recipient reads it in their own saved language; seen/unseen per recipient; and the live message of
 * spec §3 that the hub (and FCM, when configured) delivers once the row is committed.
 *
 * Other services add events to their own D1 batch with `eventStatements` (the event and the change commit together),
 * then call `publishEvents` after the batch succeeded.
 */
import type { EventList, EventRecord, EventInput, PushMessage, PushType } from "../../src/contract/events";
import { PUSH_DEFAULT_COLOR } from "../../src/contract/events";
import type { ListQuery, LocalizedText } from "../../src/contract/common";
import { LOCALES, isLocale, type Locale } from "../../src/shared/locales";
import { notFound } from "../errors";
import {
  addressedTo, agentExists, deleteEventRow, saveLocale, eventById, eventSpec, insertEvent, markAllSeen, markSeen, markUnseen, savedLocale,
  unseenCount, type EventRow, type Reader,
} from "../db/events";
import { nowIso, uuidv7 } from "../db/ids";
import { pagedList } from "../db/paged";
import { translate } from "../i18n";
import type { HubName, HubPayload, LiveHub } from "./hub-types";
import { formatMoneyMarkers } from "../../src/shared/format";
import { unverifiedClaims } from "./sessions";

export type { Reader } from "../db/events";

export type { HubName, HubPayload, LiveHub } from "./hub-types";

/** A var of a message: plain, a message key to translate, or a text already written in every language. */
export type TextVar = string | number | { key: string } | LocalizedText;
export interface Text {
  key: string;
  vars?: Record<string, TextVar>;
}

const renderVar = (value: TextVar, locale: Locale): string | number => {
  if (typeof value === "string" || typeof value === "number") return value;
  if ("key" in value) return translate(locale, value.key);
  return value[locale] || value.en;
};

/** A text in one language: a key of locales/*.json with its vars, or `{ key: "", vars: { text } }` for literal localized text. */
export function renderText(text: Text, locale: Locale): string {
  const vars = Object.fromEntries(Object.entries(text.vars ?? {}).map(([k, v]) => [k, renderVar(v, locale)]));
  return text.key ? translate(locale, text.key, vars) : String(vars.text ?? "");
}

/** Literal text already written in every language (admin messages, news titles). */
export const literal = (text: LocalizedText): Text => ({ key: "", vars: { text } });

export interface EventDraft {
  audience: "agency" | "admins" | "agents";
  /** The agency, for audience "agency". */
  agentId?: string | null;
  type: PushType;
  title: Text;
  body?: Text;
  /** Details for the page (request id, status, the news item, the new balance …); sent as a JSON string. */
  value: Record<string, unknown>;
  color?: string;
  /** Money events are never shown to staff users. */
  money?: boolean;
  createdBy?: string | null;
}

/** An event ready to be written, and what to publish once it is. */
export interface PreparedEvent {
  row: EventRow;
  hub: HubName;
  payload: HubPayload;
}

const ICON = "/favicon.svg";

/**
 * A stored title or body as its reader reads it: amounts only known inside the change's batch (the balance after a
 * movement) are kept as money markers and written here, by the reader's digit and money rule (issue 26).
 */
const stored = (text: string, locale: Locale) => formatMoneyMarkers(text, locale);

function messageOf(row: EventRow, locale: Locale, value: string): PushMessage {
  return {
    notification: { title: stored(row[`title_${locale}`], locale), body: stored(row[`body_${locale}`], locale), icon: ICON },
    data: { type: row.type as PushType, value, color: row.color ?? PUSH_DEFAULT_COLOR },
  };
}

/** What to publish for an event row that is already committed (its text is final). */
export function preparedFromRow(row: EventRow): PreparedEvent {
  // A quiet event (a traveller's within a group action, migration 0026) only moves the open pages of its record: no
  // event id (no bell entry), marked quiet (no toast), never pushed. The group's own event is the notice.
  const value = row.quiet ? quietValue(row.value) : row.value;
  const messages = Object.fromEntries(LOCALES.map((l) => [l, messageOf(row, l, value)])) as Record<Locale, PushMessage>;
  return { row, hub: hubOf(row.audience, row.agent_id), payload: { messages, ...(row.money ? { skipKinds: ["User"] } : {}), ...(row.quiet ? { quiet: true } : {}) } };
}

function quietValue(text: string): string {
  try {
    const { eventId: _eventId, ...rest } = JSON.parse(text) as Record<string, unknown>;
    return JSON.stringify({ ...rest, quiet: true });
  } catch {
    return text;
  }
}

/**
 * The other side's copy of a record's event (issue 26): a change one side makes is news to the other (its event), but
 * the pages open on the acting side show the record too — another admin's open request, the agency's staff on the
 * list. They get the same message marked `echo`, without the event's id: it reloads what they show and nothing else
 * (no toast, no bell entry; the event is not theirs). Only events that name their record and agency have one.
 */
export function echoOf(row: EventRow): PreparedEvent | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(row.value) as Record<string, unknown>;
  } catch {
    return null;
  }
  const record = typeof value.requestId === "string" || typeof value.orderId === "string";
  if (!record || typeof value.agentId !== "string" || row.audience === "agents") return null;
  const { eventId: _eventId, ...rest } = value;
  const other: EventRow = row.audience === "admins" ? { ...row, audience: "agency", agent_id: value.agentId } : { ...row, audience: "admins", agent_id: null };
  const echo = preparedFromRow({ ...other, value: JSON.stringify({ ...rest, echo: true }) });
  // Open pages follow it; nobody's phone hears of the other side's own event.
  return { ...echo, payload: { ...echo.payload, quiet: true } };
}

export const hubOf = (audience: EventDraft["audience"], agentId: string | null | undefined): HubName =>
  audience === "agency" ? `agency:${agentId}` : audience;

/** A live message without an event row (news edits and removals): same shape, same languages. */
export function liveMessage(draft: Omit<EventDraft, "createdBy">): PreparedEvent {
  return prepare(draft, null);
}

function prepare(draft: EventDraft, id: string | null): PreparedEvent {
  const now = nowIso();
  const titles = Object.fromEntries(LOCALES.map((l) => [l, renderText(draft.title, l)]));
  const bodies = Object.fromEntries(LOCALES.map((l) => [l, draft.body ? renderText(draft.body, l) : ""]));
  const row: EventRow = {
    id: id ?? uuidv7(), audience: draft.audience, agent_id: draft.audience === "agency" ? (draft.agentId ?? null) : null, type: draft.type,
    title_en: titles.en!, title_ar: titles.ar!, title_ku: titles.ku!, body_en: bodies.en!, body_ar: bodies.ar!, body_ku: bodies.ku!,
    value: "", color: draft.color ?? null, money: draft.money ? 1 : 0, created_by: draft.createdBy ?? null, created_at: now, updated_at: now,
  };
  // The event's own id travels in the value, so a page can mark it seen from the toast.
  row.value = JSON.stringify(id ? { ...draft.value, eventId: row.id } : draft.value);
  const messages = Object.fromEntries(LOCALES.map((l) => [l, messageOf(row, l, row.value)])) as Record<Locale, PushMessage>;
  return { row, hub: hubOf(draft.audience, draft.agentId), payload: { messages, ...(draft.money ? { skipKinds: ["User"] } : {}) } };
}

/**
 * The statements that write one event, for the caller's own D1 batch, and the prepared event to publish after the
 * batch committed (`publishEvents`).
 */
export function eventStatements(db: D1Database, draft: EventDraft): { statements: D1PreparedStatement[]; event: PreparedEvent } {
  const event = prepare(draft, uuidv7());
  return { statements: [insertEvent(db, event.row)], event };
}

/**
 * Delivers prepared events live. Never throws: the change is already committed and the row is there for the page to
 * fetch (a reconnecting page asks events/all for what it missed), so a hub hiccup only costs immediacy.
 */
export async function publishEvents(hub: LiveHub | null | undefined, events: PreparedEvent[]): Promise<void> {
  if (!hub) return;
  await Promise.all(
    events.map((e) => hub.publish(e.hub, e.payload).catch((error: unknown) => console.error("live publish failed", e.hub, error))),
  );
}

/** Writes and publishes one event on its own (when no other change shares its batch). */
export async function recordEvent(db: D1Database, hub: LiveHub | null | undefined, draft: EventDraft): Promise<PreparedEvent> {
  const { statements, event } = eventStatements(db, draft);
  await db.batch(statements);
  await publishEvents(hub, [event]);
  return event;
}

// ── The events API ────────────────────────────────────────────────────────────────────────────────

/**
 * The language events are written in for this reader (issue 13 item 5: the recipient's saved language). The site's
 * language they use now (the locale cookie, which the edge keeps in step with the page shown) becomes their saved one:
 * someone who switches the site to English reads their toasts, bell and pushes in English from then on, not in the
 * language they signed in with. Without the cookie (an API client), the saved language, else the browser's.
 */
export async function readerLocale(db: D1Database, reader: Reader, siteLocale: string | undefined, fallback: Locale): Promise<Locale> {
  const saved = await savedLocale(db, reader.kind, reader.id);
  if (isLocale(siteLocale)) {
    if (saved !== siteLocale) await saveLocale(db, reader.kind, reader.id, siteLocale);
    return siteLocale;
  }
  return isLocale(saved) ? saved : fallback;
}

export function eventRecord(row: EventRow, locale: Locale): EventRecord {
  return {
    _id: row.id, type: row.type as PushType, audience: row.audience, agentId: row.agent_id,
    title: stored(row[`title_${locale}`], locale), message: stored(row[`body_${locale}`], locale), value: row.value, color: row.color ?? PUSH_DEFAULT_COLOR,
    seen: row.seen === 1, createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

type EventQuery = ListQuery & { seen?: "true" | "false"; type?: string; audience?: EventRow["audience"]; since?: string };

/** events/all: the caller's events, newest first, with how many of those addressed to them are unseen. */
export async function listEvents(db: D1Database, reader: Reader, locale: Locale, query: EventQuery): Promise<EventList> {
  const [page, unseen] = await Promise.all([pagedList<EventRow>(db, eventSpec(reader, query), query), unseenCount(db, reader)]);
  return { ...page, data: page.data.map((row) => eventRecord(row, locale)), unseen };
}

/** One event the reader may see (admins: any); anything else is a 404, so ids of other agencies reveal nothing. */
async function visibleEvent(db: D1Database, reader: Reader, id: string): Promise<EventRow> {
  const row = await eventById(db, reader, id);
  if (!row || !mayRead(reader, row)) throw notFound("events.entity");
  return row;
}

function mayRead(reader: Reader, row: EventRow): boolean {
  if (reader.kind === "Admin") return true;
  if (reader.kind === "User" && row.money === 1) return false;
  return row.audience === "agents" || (row.audience === "agency" && row.agent_id === reader.agentId);
}

export async function oneEvent(db: D1Database, reader: Reader, locale: Locale, id: string): Promise<EventRecord> {
  return eventRecord(await visibleEvent(db, reader, id), locale);
}

/** POST events (admins): a message of their own to an audience, delivered live like any other event. */
export async function createEvent(db: D1Database, hub: LiveHub | null, admin: Reader, locale: Locale, input: EventInput): Promise<EventRecord> {
  if (input.audience === "agency" && !(await agentExists(db, input.agentId!))) throw notFound("entity.agent");
  const event = await recordEvent(db, hub, {
    audience: input.audience, agentId: input.agentId ?? null, type: "event.created", title: literal(input.title), body: literal(input.message),
    value: {}, color: input.color, createdBy: admin.id,
  });
  return eventRecord({ ...event.row, seen: 0 }, locale);
}

/** Marks one event seen or unseen for the reader (PATCH events/{id}). */
export async function setSeen(db: D1Database, reader: Reader, locale: Locale, id: string, seen: boolean): Promise<EventRecord> {
  await visibleEvent(db, reader, id);
  await (seen ? markSeen(db, reader, id, nowIso()) : markUnseen(db, reader, id)).run();
  return oneEvent(db, reader, locale, id);
}

/** events/toggle-seen/{id}: flips the reader's mark. */
export async function toggleSeen(db: D1Database, reader: Reader, locale: Locale, id: string): Promise<EventRecord> {
  const row = await visibleEvent(db, reader, id);
  return setSeen(db, reader, locale, id, row.seen !== 1);
}

/**
 * events/toggle-seen-many: the listed events flip (or all take `seen` when given); without ids, every event addressed
 * to the reader is marked seen ("mark all as read"). Ids the reader may not see are a 404, and nothing changes.
 */
export async function toggleSeenMany(db: D1Database, reader: Reader, ids: string[] | undefined, seen: boolean | undefined): Promise<{ updated: number; unseen: number }> {
  const now = nowIso();
  if (!ids) {
    let changed: D1Result;
    if (seen === false) {
      const where = addressedTo(reader);
      changed = await db.prepare(`DELETE FROM event_seen WHERE reader_kind = ? AND reader_id = ? AND event_id IN (SELECT e.id FROM events e WHERE ${where.sql})`)
        .bind(reader.kind, reader.id, ...where.params).run();
    } else {
      changed = await markAllSeen(db, reader, now).run();
    }
    return { updated: changed.meta.changes, unseen: await unseenCount(db, reader) };
  }
  const unique = [...new Set(ids)];
  const rows = await Promise.all(unique.map((id) => visibleEvent(db, reader, id)));
  await db.batch(rows.map((row) => ((seen ?? row.seen !== 1) ? markSeen(db, reader, row.id, now) : markUnseen(db, reader, row.id))));
  return { updated: rows.length, unseen: await unseenCount(db, reader) };
}

export async function deleteEvent(db: D1Database, id: string): Promise<{ _id: string; deleted: true }> {
  const removed = await deleteEventRow(db, id);
  if (!removed.meta.changes) throw notFound("events.entity");
  return { _id: id, deleted: true };
}

/**
 * Sign-in remembers the language the person chose on the site (the locale cookie), so events and live messages reach
 * them in it (issue 13 item 5); without the cookie the saved language stays as it is.
 */
export async function rememberLocale(db: D1Database, accessToken: string | undefined, cookieLocale: string | undefined): Promise<void> {
  if (!accessToken || !isLocale(cookieLocale)) return;
  const claims = unverifiedClaims(accessToken);
  const kind = claims.kind;
  if ((kind === "Agent" || kind === "User" || kind === "Admin") && typeof claims.sub === "string") await saveLocale(db, kind, claims.sub, cookieLocale);
}
