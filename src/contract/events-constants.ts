/** Event types and audiences (issue 13) without zod: events.ts re-exports them with the schemas built on them. */
/** Push event types of spec §3, plus our own for what the spec leaves out (news removal, balance changes). */
export const PUSH_TYPES = [
  "request.created", "request.updated", "document.uploaded", "news-feed.created", "news-feed.updated", "agent.fcm.updated",
  "news-feed.removed", "balance.updated", "event.created",
  // Issue 29: a message in a request's thread (bell, toast, push), and a thread's quiet change (read marks, edits).
  "message.created", "thread.changed",
] as const;
export type PushType = (typeof PUSH_TYPES)[number];

export const AUDIENCES = ["agency", "admins", "agents"] as const;
export type Audience = (typeof AUDIENCES)[number];
