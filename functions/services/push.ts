/**
 * Push notifications through Firebase Cloud Messaging (issue 13, DESIGN §7), in addition to the hub: devices register
 * their token, each account chooses which kinds reach its devices, and every live message of an audience also goes to
 * that audience's devices, each in its owner's saved language (not the sender's). Tokens FCM answers UNREGISTERED for
 * are deleted. Without a service account (FCM not configured) nothing is sent and nothing fails.
 */
import type { PushMessage, PushType } from "../../src/contract/events";
import { PUSH_CHOICES, type FirebaseSendInput, type PushOutcome, type PushSettings, type RegisterTokenInput, type TestNotificationInput, type UpdateFcmInput } from "../../src/contract/push";
import { LOCALES, isLocale, type Locale } from "../../src/shared/locales";
import { agentExists } from "../db/events";
import { nowIso } from "../db/ids";
import {
  deleteTokens, devicesOf, recipients, removeDevice, saveTypes, savedTypes, setDeviceEnabled, upsertDevice, type Audience, type Owner,
} from "../db/push";
import { notFound } from "../errors";
import { PUSH_DEFAULT_COLOR } from "../../src/shared/push";
import { translate } from "../i18n";
import type { HubName, HubPayload } from "./events";

/** What sends one message to one device (hub/fcm.ts's sender; a fake in tests). */
export interface PushSender {
  send(token: string, message: PushMessage): Promise<"sent" | "unregistered" | { retryAfterS: number } | { error: number }>;
}

export interface PushDeps {
  db: D1Database;
  /** Null when FCM is not configured. */
  sender: PushSender | null;
}

/** At most this many FCM calls in flight per delivery (one device per call: FCM has no multicast in HTTP v1). */
const PARALLEL_SENDS = 8;
const ICON = "/favicon.svg";
const CHOOSABLE: ReadonlySet<string> = new Set(PUSH_CHOICES);

const none = (configured: boolean): PushOutcome => ({ configured, devices: 0, sent: 0, failed: 0, removed: 0 });

/** The account's chosen kinds; no choice saved means every kind. */
const typesOf = (raw: string | null): PushType[] => {
  if (!raw) return [...PUSH_CHOICES];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed.filter((t) => typeof t === "string") as PushType[]) : [...PUSH_CHOICES];
  } catch {
    return [...PUSH_CHOICES];
  }
};

/**
 * Sends a message (one text per language) to the devices of an audience. `always` skips the kind filter (an admin's
 * own message, a test). Never throws for a device: each outcome is counted, UNREGISTERED tokens are deleted.
 */
export async function deliverPush(
  deps: PushDeps,
  audience: Audience,
  messages: Record<Locale, PushMessage>,
  options: { skipKinds?: readonly string[]; always?: boolean } = {},
): Promise<PushOutcome> {
  if (!deps.sender) return none(false);
  const type = messages.en.data.type;
  const devices = (await recipients(deps.db, audience, options.skipKinds)).filter((d) => options.always || typesOf(d.types).includes(type));
  const outcome: PushOutcome = { configured: true, devices: devices.length, sent: 0, failed: 0, removed: 0 };
  const gone: string[] = [];
  for (let i = 0; i < devices.length; i += PARALLEL_SENDS) {
    await Promise.all(
      devices.slice(i, i + PARALLEL_SENDS).map(async (device) => {
        const locale: Locale = isLocale(device.locale) ? device.locale : "en";
        try {
          const result = await deps.sender!.send(device.token, messages[locale]);
          if (result === "sent") outcome.sent++;
          else if (result === "unregistered") gone.push(device.token);
          else outcome.failed++;
        } catch (error) {
          outcome.failed++;
          console.error("push: FCM send failed", error);
        }
      }),
    );
  }
  outcome.removed = await deleteTokens(deps.db, gone);
  return outcome;
}

const audienceOfHub = (hub: HubName): Audience => (hub === "admins" || hub === "agents" ? hub : { agency: hub.slice("agency:".length) });

/**
 * The FCM half of a live publish: the hub's message to the same audience's devices. Only the kinds a person can
 * choose are pushed (a news edit or removal only updates open pages). Never throws: the event is committed either way.
 */
export async function pushLive(deps: PushDeps, hub: HubName, payload: HubPayload): Promise<void> {
  if (!deps.sender || !CHOOSABLE.has(payload.messages.en.data.type)) return;
  try {
    await deliverPush(deps, audienceOfHub(hub), payload.messages, { skipKinds: payload.skipKinds });
  } catch (error) {
    console.error("push: delivery failed", hub, error);
  }
}

// ── The calls ─────────────────────────────────────────────────────────────────────────────────────

export async function pushSettings(db: D1Database, owner: Owner): Promise<PushSettings> {
  const [types, devices] = await Promise.all([savedTypes(db, owner), devicesOf(db, owner)]);
  return { types: typesOf(types), devices: devices.map((d) => ({ deviceId: d.device_id, enabled: d.enabled === 1, updatedAt: d.updated_at })) };
}

/** firebase/register-token: this device's token for the caller's account. */
export async function registerToken(db: D1Database, owner: Owner, input: RegisterTokenInput): Promise<PushSettings> {
  await upsertDevice(db, owner, input.deviceId, input.token.trim(), input.enabled, nowIso());
  return pushSettings(db, owner);
}

/** agents/update-fcm, admin/update-fcm: token refresh, push on/off on this device, the kinds wanted. */
export async function updateFcm(db: D1Database, owner: Owner, input: UpdateFcmInput): Promise<PushSettings> {
  const now = nowIso();
  if (input.deviceId && input.token === null) await removeDevice(db, owner, input.deviceId);
  else if (input.deviceId && input.token) await upsertDevice(db, owner, input.deviceId, input.token.trim(), input.enabled, now);
  else if (input.deviceId && input.enabled !== undefined && !(await setDeviceEnabled(db, owner, input.deviceId, input.enabled, now))) throw notFound("push.device");
  if (input.types) await saveTypes(db, owner, JSON.stringify([...new Set(input.types)]), now);
  return pushSettings(db, owner);
}

const messagesFrom = (type: PushType, title: (l: Locale) => string, body: (l: Locale) => string, color?: string) =>
  Object.fromEntries(
    LOCALES.map((l) => [l, { notification: { title: title(l), body: body(l), icon: ICON }, data: { type, value: "{}", color: color ?? PUSH_DEFAULT_COLOR } }]),
  ) as Record<Locale, PushMessage>;

async function audienceOf(db: D1Database, input: { audience: string; agentId?: string | undefined }, caller: Owner): Promise<Audience> {
  if (input.audience === "self") return { owner: caller };
  if (input.audience === "agency") {
    if (!(await agentExists(db, input.agentId!))) throw notFound("entity.agent");
    return { agency: input.agentId! };
  }
  return input.audience as "agents" | "admins";
}

/** firebase/send (admins): their own message, as written in each language, to an audience's devices. */
export async function sendFirebase(deps: PushDeps, admin: Owner, input: FirebaseSendInput): Promise<PushOutcome> {
  const audience = await audienceOf(deps.db, input, admin);
  return deliverPush(deps, audience, messagesFrom("event.created", (l) => input.title[l], (l) => input.body[l], input.color), { always: true });
}

/** requests/send-test-notification (admins): the fixed test message, in each recipient's language. */
export async function sendTestNotification(deps: PushDeps, admin: Owner, input: TestNotificationInput): Promise<PushOutcome> {
  const audience = await audienceOf(deps.db, { audience: input.audience ?? "self", agentId: input.agentId }, admin);
  return deliverPush(deps, audience, messagesFrom("event.created", (l) => translate(l, "push.test.title"), (l) => translate(l, "push.test.body")), { always: true });
}
