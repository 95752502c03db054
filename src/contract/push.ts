/**
 * Push notifications through Firebase Cloud Messaging (issue 13, DESIGN §7): the device token calls
 * (`firebase/register-token`, `agents/update-fcm`, `admin/update-fcm`), the admins' sends (`firebase/send`,
 * `requests/send-test-notification`) and the notification settings of /information. Written with zod/mini (small in
 * the browser: the settings island validates with it too). Messages are `validation.*` keys.
 */
import * as z from "zod/mini";
import { PUSH_TYPES, type PushType } from "./events";
import { PUSH_CHOICES } from "../shared/push";

// Same reason as contract/common.ts: no `new Function` probe (CSP has no 'unsafe-eval'; workerd forbids eval).
z.config({ jitless: true });

export { PUSH_CHOICES, type PushChoice } from "../shared/push";
// Every choice is a push type of the contract.
PUSH_CHOICES satisfies readonly PushType[];

/** FCM registration tokens are ~150–170 URL-safe characters; the bound leaves room and refuses junk. */
const fcmToken = z.string({ error: "validation.required" }).check(
  z.trim(),
  z.minLength(20, { error: "validation.invalid" }),
  z.maxLength(4096, { error: "validation.tooLong" }),
  z.regex(/^[A-Za-z0-9_:.-]+$/, { error: "validation.invalid" }),
);
/** The browser's own random id for "this device" (localStorage). */
const deviceId = z.string({ error: "validation.required" }).check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "validation.id" }));
const entityId = z.string({ error: "validation.required" }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "validation.id" }));
const bool = z.boolean({ error: "validation.invalid" });
const pushTypes = z.array(z.enum(PUSH_TYPES, { error: "validation.invalid" })).check(z.maxLength(PUSH_TYPES.length, { error: "validation.max" }));

/** POST firebase/register-token: this device's token for the caller's account (a token seen again updates its row). */
export const registerTokenInput = z.strictObject({ token: fcmToken, deviceId, enabled: z.optional(bool) });
export type RegisterTokenInput = z.input<typeof registerTokenInput>;

/**
 * PATCH agents/update-fcm and admin/update-fcm: the caller's push settings. `token` refreshes this device's token
 * (after 7 days, spec §9), `enabled` switches push on this device, `types` are the kinds the account wants pushed.
 */
export const updateFcmInput = z
  .strictObject({ deviceId: z.optional(deviceId), token: z.optional(z.nullable(fcmToken)), enabled: z.optional(bool), types: z.optional(pushTypes) })
  .check(
    z.superRefine((value, ctx) => {
      if ((value.token !== undefined || value.enabled !== undefined) && !value.deviceId) ctx.addIssue({ code: "custom", path: ["deviceId"], message: "validation.required", input: value });
      if (value.token === undefined && value.enabled === undefined && value.types === undefined) ctx.addIssue({ code: "custom", path: ["types"], message: "validation.required", input: value });
    }),
  );
export type UpdateFcmInput = z.input<typeof updateFcmInput>;

const colour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, { error: "validation.colour" }));
const localized = (max: number) => {
  const one = z.string({ error: "validation.required" }).check(z.trim(), z.minLength(1, { error: "validation.required" }), z.maxLength(max, { error: "validation.tooLong" }));
  return z.strictObject({ en: one, ar: one, ku: one }, { error: (issue) => (issue.input === undefined ? "validation.required" : "validation.invalid") });
};
const audience = z.enum(["agency", "agents", "admins"], { error: "validation.invalid" });

const agencyNeedsId = z.superRefine((value: { audience: string; agentId?: string | undefined }, ctx) => {
  if (value.audience === "agency" && !value.agentId) ctx.addIssue({ code: "custom", path: ["agentId"], message: "validation.required", input: value });
  if (value.audience !== "agency" && value.agentId) ctx.addIssue({ code: "custom", path: ["agentId"], message: "validation.invalid", input: value });
});

/** POST firebase/send (admins): a push message of their own, in three languages, to an audience's devices. */
export const firebaseSendInput = z
  .strictObject({ audience, agentId: z.optional(entityId), title: localized(200), body: localized(1000), color: z.optional(colour) })
  .check(agencyNeedsId);
export type FirebaseSendInput = z.input<typeof firebaseSendInput>;

/** POST requests/send-test-notification (admins): the fixed test message to the caller ("self") or an audience. */
export const testNotificationInput = z
  .strictObject({ audience: z._default(z.enum(["self", "agency", "agents", "admins"], { error: "validation.invalid" }), "self"), agentId: z.optional(entityId) })
  .check(agencyNeedsId);
export type TestNotificationInput = z.input<typeof testNotificationInput>;

/** How a send went: FCM deliveries, failures, and tokens dropped because FCM no longer knows them. */
export interface PushOutcome {
  /** False when the Worker has no service account (nothing was sent through FCM). */
  configured: boolean;
  devices: number;
  sent: number;
  failed: number;
  removed: number;
  /**
   * Open pages the message reached live (the hub's sockets); only on a test notification sent to an audience (not
   * "self"), where the admin asks whether a chosen agency is reached at all.
   */
  sockets?: number;
}

export interface PushDevice {
  deviceId: string;
  enabled: boolean;
  updatedAt: string;
}

/** The caller's push settings (answer of the update-fcm calls and of GET firebase/settings). */
export interface PushSettings {
  types: PushType[];
  devices: PushDevice[];
  /**
   * The kinds this account can be told about, to choose from (issue 26 item 5): staff never hear of money, so they are
   * not offered "balance changes"; administrators get their own set. Absent from older answers: every kind.
   */
  offered?: PushType[];
}

/** GET firebase/config (our addition): the public Firebase web config, or null when push is not configured. */
export interface PublicPushConfig {
  firebase: { apiKey: string; authDomain?: string; projectId: string; storageBucket?: string; messagingSenderId: string; appId: string } | null;
  vapidKey: string | null;
}
