/**
 * The news feed (issue 13; spec §4 "News list"). Admins write; agents read enabled items. Publishing an item (created
 * enabled, or enabled later) writes a news-feed.created event for all agents in the same D1 batch; every other change
 * goes out live only (news-feed.updated, news-feed.removed), so open pages apply spec §4's list rules.
 */
import type { ListQuery, ListResponse, LocalizedText } from "../../src/contract/common";
import type { NewsItem } from "../../src/contract/news";
import { LOCALES } from "../../src/shared/locales";
import { ApiError, notFound } from "../errors";
import { nowIso, uuidv7 } from "../db/ids";
import { deleteNewsRow, insertNews, markNewsStatements, newsById, newsSpec, updateNews, type NewsReader, type NewsRow } from "../db/news";
import { pagedList } from "../db/paged";
import { localizedOf } from "../db/rows";
import { richContent, type RichContent } from "./rich-content";
import { eventStatements, liveMessage, literal, publishEvents, type LiveHub, type PreparedEvent } from "./events";

export interface NewsDeps {
  db: D1Database;
  hub: LiveHub | null;
}

export interface NewsFields {
  title?: LocalizedText;
  message?: LocalizedText;
  enabled?: boolean;
}

export function newsRecord(row: NewsRow): NewsItem {
  return {
    _id: row.id, enabled: row.enabled === 1, title: localizedOf(row, "title"), message: localizedOf(row, "message"),
    createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

/** An item as shown: the message is sanitized again on the way out (DESIGN §11), so rules added later reach old rows. */
async function shown(row: NewsRow): Promise<NewsItem> {
  const item = newsRecord(row);
  return { ...item, message: (await richContent()).sanitizeLocalized(item.message) };
}

/**
 * GET news-feed (enabled only) and news-feed/all-by-admin (everything): newest first. With a reader, each item says
 * whether they read it, and `reader.read` keeps only read or unread ones (the "all news" page, issue 27).
 */
export async function listNews(
  db: D1Database, all: boolean, query: ListQuery & { enabled?: "true" | "false" }, reader?: NewsReader,
): Promise<ListResponse<NewsItem>> {
  const page = await pagedList<NewsRow & { read_at?: string | null }>(db, newsSpec(all, query, reader), query);
  return { ...page, data: await Promise.all(page.data.map(async (row) => ({ ...(await shown(row)), ...(reader && { read: Boolean(row.read_at) }) }))) };
}

/** POST news-feed/mark-read: the reader's marks; answers how many items are unread now. */
export async function markNews(db: D1Database, reader: { kind: string; id: string }, ids: string[] | undefined, read: boolean): Promise<{ unread: number }> {
  const statements = markNewsStatements(db, reader, ids, read, nowIso());
  if (statements.length) await db.batch(statements);
  const left = await pagedList<NewsRow>(db, newsSpec(false, {}, { ...reader, read: false }), { page: 1, limit: 1 });
  return { unread: left.total };
}

/** One item; a disabled one is invisible to agencies. */
export async function oneNews(db: D1Database, admin: boolean, id: string): Promise<NewsItem> {
  const row = await newsById(db, id);
  if (!row || (!admin && row.enabled !== 1)) throw notFound("news.entity");
  return shown(row);
}

/** The visible text of sanitized HTML, shortened for a toast or an event line. */
function excerpt(rich: RichContent, html: string, max = 160): string {
  const text = rich.plainText(html);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Sanitizes each language; a message that is empty once cleaned (only a script, say) is a 400 naming its language. */
async function cleanMessage(message: LocalizedText): Promise<LocalizedText> {
  const rich = await richContent();
  const clean = rich.sanitizeLocalized(message);
  const empty = LOCALES.filter((l) => !excerpt(rich, clean[l]) && !/<img\s/i.test(clean[l]));
  if (empty.length) {
    throw new ApiError(400, empty.map((l, i) => `message.${l}: {{v${i}}}`), {
      code: "VALIDATION_FAILED", vars: Object.fromEntries(empty.map((_, i) => [`v${i}`, "validation.required"])),
    });
  }
  return clean;
}

const columnsOf = (title: LocalizedText, message: LocalizedText) => ({
  title_en: title.en, title_ar: title.ar, title_ku: title.ku, message_en: message.en, message_ar: message.ar, message_ku: message.ku,
});

/** The event of a published item: for all agents, the title in each language and the start of the message. */
async function published(db: D1Database, item: NewsItem, adminId: string) {
  const rich = await richContent();
  return eventStatements(db, {
    audience: "agents", type: "news-feed.created", createdBy: adminId,
    title: { key: "news.event.published", vars: { title: item.title } },
    body: literal(Object.fromEntries(LOCALES.map((l) => [l, excerpt(rich, item.message[l])])) as LocalizedText),
    value: { news: item },
  });
}

export async function createNews({ db, hub }: NewsDeps, adminId: string, input: Required<NewsFields>): Promise<NewsItem> {
  const now = nowIso();
  const row: NewsRow = {
    id: uuidv7(), ...columnsOf(input.title, await cleanMessage(input.message)), enabled: input.enabled ? 1 : 0, created_by: adminId,
    created_at: now, updated_at: now,
  };
  const item = newsRecord(row);
  const event = item.enabled ? await published(db, item, adminId) : null;
  await db.batch([insertNews(db, row), ...(event?.statements ?? [])]);
  if (event) await publishEvents(hub, [event.event]);
  return item;
}

export async function updateNewsItem({ db, hub }: NewsDeps, adminId: string, id: string, input: NewsFields): Promise<NewsItem> {
  const before = await newsById(db, id);
  if (!before) throw notFound("news.entity");
  const current = newsRecord(before);
  const message = input.message ? await cleanMessage(input.message) : current.message;
  const row: NewsRow = {
    ...before, ...columnsOf(input.title ?? current.title, message),
    enabled: input.enabled === undefined ? before.enabled : input.enabled ? 1 : 0, updated_at: nowIso(),
  };
  const item = newsRecord(row);
  // Enabling a hidden item publishes it (an event for all agents); any other change is a live update only.
  const event = before.enabled === 0 && item.enabled ? await published(db, item, adminId) : null;
  await db.batch([updateNews(db, row), ...(event?.statements ?? [])]);
  const live: PreparedEvent = event?.event ?? liveMessage({
    audience: "agents", type: "news-feed.updated", title: { key: "news.event.updated", vars: { title: item.title } }, value: { news: item },
  });
  await publishEvents(hub, [live]);
  return item;
}

export async function deleteNews({ db, hub }: NewsDeps, id: string): Promise<{ _id: string; deleted: true }> {
  const before = await newsById(db, id);
  if (!before || (await deleteNewsRow(db, id)) === 0) throw notFound("news.entity");
  await publishEvents(hub, [liveMessage({
    audience: "agents", type: "news-feed.removed", title: { key: "news.event.removed", vars: { title: localizedOf(before, "title") } },
    value: { news: { _id: id } },
  })]);
  return { _id: id, deleted: true };
}
