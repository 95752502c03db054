/**
 * Records the live hub reports on, and the open pages that show them (issue 26): a page follows the records it shows
 * and reads them again when the hub says one changed, so what the screen says stays true without a reload (a status,
 * the re-upload panel, the documents, the moves still allowed, a balance, a list's counts).
 *
 * One mechanism for every page: the live client (src/features/live) turns each message into the topics it touches
 * (`topicsOf`) and calls `recordsChanged`; a page calls `followRecords` with its topics and its own reload. After a
 * reconnect nothing says what was missed, so every follower reloads ("*").
 * No React and no live code here: a page that follows records loads only this.
 */
import type { PushMessage } from "../contract/events";
import { discardFirstData } from "./first-data";

/**
 * What a message can be about: one request (`request:<id>`), the request lists and counts (`requests`), one
 * translation order (`order:<id>`) and the order lists (`orders`), the agency's balance and its statement
 * (`balance`). "*" is everything (a reconnect).
 */
export type RecordTopic = `request:${string}` | "requests" | `order:${string}` | "orders" | `thread:${string}` | "balance" | "*";

export const requestTopic = (id: string): RecordTopic => `request:${id}`;
export const orderTopic = (id: string): RecordTopic => `order:${id}`;
/** The message thread of a visa request ("visa") or a translation order ("translation"), issue 29. */
export const threadTopic = (subject: "visa" | "translation", id: string): RecordTopic => `thread:${subject}:${id}`;

/** Several messages of one change (a cancel and its refund) come together: they make one reload. */
export const COALESCE_MS = 120;

interface Follower {
  topics: readonly RecordTopic[];
  reload: () => unknown;
  timer: ReturnType<typeof setTimeout> | null;
}

const followers = new Set<Follower>();

/** The topics a live message touches (none for news and events of their own: those have their own stores). */
export function topicsOf(message: Pick<PushMessage, "data">): RecordTopic[] {
  let value: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(message.data.value) as unknown;
    if (parsed && typeof parsed === "object") value = parsed as Record<string, unknown>;
  } catch {
    // A message without details touches nothing we can name.
  }
  switch (message.data.type) {
    case "request.created":
    case "request.updated":
    case "document.uploaded":
      // Translation orders speak in the same three types (spec §3) and name themselves by `orderId`.
      if (typeof value.orderId === "string") return [orderTopic(value.orderId), "orders"];
      return typeof value.requestId === "string" ? [requestTopic(value.requestId), "requests"] : ["requests"];
    case "balance.updated":
      return ["balance"];
    case "message.created":
    case "thread.changed": {
      const id = value.subject === "translation" ? value.orderId : value.requestId;
      if ((value.subject !== "visa" && value.subject !== "translation") || typeof id !== "string") return [];
      // A new message also changes the lists' unread counts.
      const list: RecordTopic = value.subject === "translation" ? "orders" : "requests";
      return message.data.type === "message.created" ? [threadTopic(value.subject, id), list] : [threadTopic(value.subject, id)];
    }
    default:
      return [];
  }
}

/** Tells every page part that follows one of `topics` to read its record again (once, however many messages came). */
export function recordsChanged(topics: readonly RecordTopic[]): void {
  if (topics.length === 0) return;
  // What the edge wrote into the page for its first calls is now older than the record: an island that takes over
  // from here asks the API.
  discardFirstData();
  const all = topics.includes("*");
  for (const follower of followers) {
    if (follower.timer || !(all || follower.topics.some((topic) => topics.includes(topic)))) continue;
    follower.timer = setTimeout(() => {
      follower.timer = null;
      void follower.reload();
    }, COALESCE_MS);
  }
}

/** Calls `reload` whenever the hub reports a change to one of `topics`; answers the function that stops it. */
export function followRecords(topics: readonly RecordTopic[], reload: () => unknown): () => void {
  const follower: Follower = { topics, reload, timer: null };
  followers.add(follower);
  return () => {
    if (follower.timer) clearTimeout(follower.timer);
    followers.delete(follower);
  };
}
