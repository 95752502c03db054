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
import { ADMIN_PUSH_CHOICES, PUSH_DEFAULT_COLOR } from "../../src/shared/push";
import { translate } from "../i18n";
import { recordEvent, type HubName, type HubPayload, type LiveHub } from "./events";
import { agencyName } from "../db/agents";

/** What sends one message to one device (hub/fcm.ts's sender; a fake in tests). */
export interface PushSender {
  send(token: string, message: PushMessage): Promise<"sent" | "unregistered" | { retryAfterS: number } | { error: number }>;
}

export interface PushDeps {
  db: D1Database;
  /** Null when FCM is not configured. */
  sender: PushSender | null;
  /** Publishes to the hub's open pages and answers how many sockets got it (the test notification reports it). */
  sockets?: (hub: HubName, payload: HubPayload) => Promise<number>;
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
  if (!deps.sender || payload.quiet || !CHOOSABLE.has(payload.messages.en.data.type)) return;
  try {
    await deliverPush(deps, audienceOfHub(hub), payload.messages, { skipKinds: payload.skipKinds });
  } catch (error) {
    console.error("push: delivery failed", hub, error);
  }
}

// ── The calls ─────────────────────────────────────────────────────────────────────────────────────

/** An agency's account (the agency or a staff user): its device changes are told to the office. */
const ofAgency = (owner: Owner): owner is Owner & { agentId: string } => (owner.kind === "Agent" || owner.kind === "User") && Boolean(owner.agentId);

/** The owner's devices that get push, as a comparable fingerprint (token and on/off per device). */
const deviceState = async (db: D1Database, owner: Owner) =>
  (await devicesOf(db, owner)).map((d) => `${d.device_id}:${d.token}:${d.enabled}`).sort().join("|");

/**
 * Runs a change of the owner's devices and, when an agency's devices really changed (one added, removed, switched or
 * with a new token), tells the admins with an `agent.fcm.updated` event (spec §3's event list): the office sees when
 * an agency's push reach changed, e.g. before sending it a test notification. Saving the same token again says nothing.
 */
async function withDeviceEvent<T>(deps: DeviceDeps, owner: Owner, change: () => Promise<T>): Promise<T> {
  if (!ofAgency(owner)) return change();
  const before = await deviceState(deps.db, owner);
  const result = await change();
  const after = await deviceState(deps.db, owner);
  if (after !== before) {
    const agency = await agencyName(deps.db, owner.agentId);
    const enabled = (await devicesOf(deps.db, owner)).filter((d) => d.enabled === 1).length;
    await recordEvent(deps.db, deps.hub, {
      audience: "admins", type: "agent.fcm.updated",
      title: { key: "push.fcmUpdated.title", vars: { agency: agency ?? "" } },
      body: { key: "push.fcmUpdated.body", vars: { count: enabled } },
      value: { agentId: owner.agentId, ownerKind: owner.kind, ownerId: owner.id, devices: enabled },
    });
  }
  return result;
}

/** What the device calls need: D1, and the hub that tells the admins' open pages. */
export interface DeviceDeps {
  db: D1Database;
  hub: LiveHub | null;
}

/** The kinds an account can be told about: staff never hear of money (DESIGN §3), admins have their own set. */
const offeredTo = (owner: Owner): PushType[] =>
  owner.kind === "Admin" ? [...ADMIN_PUSH_CHOICES] : owner.kind === "User" ? PUSH_CHOICES.filter((t) => t !== "balance.updated") : [...PUSH_CHOICES];

export async function pushSettings(db: D1Database, owner: Owner): Promise<PushSettings> {
  const [types, devices] = await Promise.all([savedTypes(db, owner), devicesOf(db, owner)]);
  return {
    types: typesOf(types), devices: devices.map((d) => ({ deviceId: d.device_id, enabled: d.enabled === 1, updatedAt: d.updated_at })), offered: offeredTo(owner),
  };
}

/** firebase/register-token: this device's token for the caller's account. */
export async function registerToken(deps: DeviceDeps, owner: Owner, input: RegisterTokenInput): Promise<PushSettings> {
  await withDeviceEvent(deps, owner, () => upsertDevice(deps.db, owner, input.deviceId, input.token.trim(), input.enabled, nowIso()));
  return pushSettings(deps.db, owner);
}

/** agents/update-fcm, admin/update-fcm: token refresh, push on/off on this device, the kinds wanted. */
export async function updateFcm(deps: DeviceDeps, owner: Owner, input: UpdateFcmInput): Promise<PushSettings> {
  const { db } = deps;
  const now = nowIso();
  await withDeviceEvent(deps, owner, async () => {
    if (input.deviceId && input.token === null) await removeDevice(db, owner, input.deviceId);
    else if (input.deviceId && input.token) await upsertDevice(db, owner, input.deviceId, input.token.trim(), input.enabled, now);
    else if (input.deviceId && input.enabled !== undefined && !(await setDeviceEnabled(db, owner, input.deviceId, input.enabled, now))) throw notFound("push.device");
  });
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

/** The hub of an audience (the admin's own devices have none: "self" is about push on this device). */
const hubOfAudience = (audience: Audience): HubName | null =>
  audience === "admins" || audience === "agents" ? audience : "agency" in audience ? `agency:${audience.agency}` : null;

/**
 * requests/send-test-notification (admins): the fixed test message, in each recipient's language, to the audience's
 * devices (FCM) and, for an audience other than "self", to its open pages (the hub), both at once: the answer says
 * how many pages and devices it reached, so the office can tell an agency that "sees nothing" what is missing.
 */
export async function sendTestNotification(deps: PushDeps, admin: Owner, input: TestNotificationInput): Promise<PushOutcome> {
  const audience = await audienceOf(deps.db, { audience: input.audience ?? "self", agentId: input.agentId }, admin);
  const messages = messagesFrom("event.created", (l) => translate(l, "push.test.title"), (l) => translate(l, "push.test.body"));
  const hub = hubOfAudience(audience);
  const [outcome, sockets] = await Promise.all([
    deliverPush(deps, audience, messages, { always: true }),
    hub && deps.sockets ? deps.sockets(hub, { messages }) : Promise.resolve(undefined),
  ]);
  return sockets === undefined ? outcome : { ...outcome, sockets };
}
