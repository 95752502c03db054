/**
 * Events and live messages (issue 13; DESIGN §7, spec §3). An event is one notable change written for its audience
 * (one agency, all admins or all agents), in each recipient's language, seen or unseen per recipient. Live messages
 * have the foreground push shape of spec §3, whether they come over the hub's WebSocket or through FCM.
 */
import * as z from "zod/mini";
import { checked, flagText, id, listQuery } from "./common";
import { AUDIENCES, PUSH_TYPES, type Audience, type PushType } from "./events-constants";
import { localizedText } from "./catalogue";

// The lists live apart, free of zod: the admin events table imports them, not the schemas.
export * from "./events-constants";

/** The foreground push message of spec §3. `value` is a JSON-encoded string (FCM data values must be strings). */
export interface PushMessage {
  notification: { title: string; body: string; icon: string };
  data: { type: PushType; value: string; color: string };
}

export { PUSH_DEFAULT_COLOR } from "../shared/push";

const colour = checked(z.string(), z.regex(/^#[0-9a-fA-F]{6}$/, { error: "validation.colour" }));

/** POST events (admins): a message of their own to an audience. */
export const eventInput = checked(z.strictObject({
  audience: z.enum(AUDIENCES, { error: "validation.invalid" }),
  agentId: z.optional(id),
  title: localizedText(200),
  message: localizedText(2000),
  color: z.optional(colour),
}),
    z.superRefine((value, ctx) => {
      if (value.audience === "agency" && !value.agentId) ctx.addIssue({ code: "custom", path: ["agentId"], message: "validation.required" });
      if (value.audience !== "agency" && value.agentId) ctx.addIssue({ code: "custom", path: ["agentId"], message: "validation.invalid" });
    }),
  );
export type EventInput = z.input<typeof eventInput>;

/** PATCH events/{id}: the caller marks the event seen or unseen. */
export const eventPatch = z.strictObject({ seen: z.boolean({ error: "validation.invalid" }) });

const flag = flagText("validation.invalid");
export const eventListQuery = z.extend(listQuery, {
  seen: z.optional(flag),
  type: z.optional(z.enum(PUSH_TYPES, { error: "validation.invalid" })),
  /** Admins: one audience only (the bell asks for "admins"). */
  audience: z.optional(z.enum(AUDIENCES, { error: "validation.invalid" })),
  /** Events after this moment (a reconnecting page asks for what it missed). */
  since: z.optional(z.iso.datetime({ error: "validation.invalid" })),
});

/** toggle-seen-many: the listed ids (comma-separated), or every event of the caller when `ids` is absent; `seen` sets instead of flipping. */
export const toggleManyQuery = z.strictObject({
  ids: z.optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean)),
      ),
      checked(z.array(id), z.minLength(1, { error: "validation.required" }), z.maxLength(100, { error: "validation.max" })),
    ),
  ),
  seen: z.optional(flag),
});

export interface EventRecord {
  _id: string;
  type: PushType;
  audience: Audience;
  agentId: string | null;
  /** In the recipient's saved language. */
  title: string;
  message: string;
  /** JSON-encoded details (request id, status, news item, balance, …). */
  value: string;
  color: string;
  seen: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EventList {
  data: EventRecord[];
  total: number;
  page: number;
  limit: number;
  /** How many events addressed to the caller are unseen (the bell). */
  unseen: number;
}
