/**
 * The message thread of a visa request or a translation order (issue 29 item 1): the agency (agent and staff) and the
 * office write plain text with links and attachments; the office may mark a message internal (never sent to the
 * agency). A message can be corrected by its author for 5 minutes, never after.
 */
import * as z from "zod/mini";
import { checked } from "./common";

/** At most 4 000 characters: a message, not a document (attachments carry documents). */
export const MESSAGE_MAX = 4_000;
/** A message can be corrected by its author this long after sending. */
export const MESSAGE_EDIT_MS = 5 * 60_000;
/** Attachments per message. */
export const MESSAGE_FILES_MAX = 5;

/** Line breaks are allowed in a message; other control characters and bidi overrides are not ("Trojan source"). */
const UNSAFE_MESSAGE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const messageText = checked(z.string({ error: "validation.required" }),
  z.trim(),
  z.minLength(1, { error: "validation.required", abort: true }),
  z.maxLength(MESSAGE_MAX, { error: "validation.tooLong" }),
  z.refine((v) => !UNSAFE_MESSAGE.test(v), { error: "validation.controlCharacters" }),
);

/** POST …/messages: JSON, or multipart with this as the "data" part and up to 5 "file" parts. */
export const messageInput = z.strictObject({
  body: messageText,
  /** Office only: a note for the office, never sent to the agency. */
  internal: z.optional(z.boolean({ error: "validation.invalid" })),
});
export type MessageInput = z.input<typeof messageInput>;

export const messageEditInput = z.strictObject({ body: messageText });

export type ThreadSide = "agency" | "office";

export interface MessageFile {
  name: string;
  contentType: string;
  size: number;
  url: string;
}

export interface ThreadMessage {
  _id: string;
  side: ThreadSide;
  author: { kind: "Agent" | "User" | "Admin"; _id: string; name: string };
  body: string;
  internal: boolean;
  files: MessageFile[];
  createdAt: string;
  editedAt: string | null;
  /** The caller may still correct it (their own, within 5 minutes). */
  editable: boolean;
}

export interface Thread {
  data: ThreadMessage[];
  /** How far each side has read: the moment of the last message it saw (null: never opened). */
  read: Record<ThreadSide, string | null>;
  /** Messages from the other side the caller has not read. */
  unread: number;
}
