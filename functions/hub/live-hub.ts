/**
 * The LiveHub services publish through (DESIGN §7): one NotificationHub object per audience name, and, when a
 * service account is configured, the same message to that audience's devices through FCM (services/push.ts).
 */
import type { HubName, HubPayload, LiveHub } from "../services/events";
import { pushLive, type PushDeps, type PushSender } from "../services/push";
import { createFcmSender, parseServiceAccount } from "./fcm";
import type { NotificationHub } from "./notification-hub";

export type HubNamespace = DurableObjectNamespace<NotificationHub>;

/** What the Worker's environment says about FCM (wrangler secret / vars). */
export interface PushEnv {
  /** The service-account JSON (a secret). Unset: FCM is not configured, the hub alone delivers. */
  FCM_SERVICE_ACCOUNT?: string;
  /** Default https://fcm.googleapis.com; tests point it at a local fake. */
  FCM_ENDPOINT?: string;
  /** Default the service account's token_uri; tests point it at a local fake. */
  FCM_TOKEN_URI?: string;
}

export const hubStub = (ns: HubNamespace, name: HubName) => ns.get(ns.idFromName(name));

export function liveHub(ns: HubNamespace | undefined): LiveHub | null {
  if (!ns) return null;
  return {
    async publish(name: HubName, payload: HubPayload) {
      await hubStub(ns, name).publish(payload);
    },
    async recheck(name: HubName) {
      await hubStub(ns, name).recheck();
    },
  };
}

// One sender per isolate and configuration: it caches the imported key and the OAuth token (~1 h).
let cached: { key: string; sender: PushSender } | null = null;

/** The FCM sender of this environment, or null when FCM is not configured (or its secret is unusable: logged). */
export function pushSender(env: PushEnv): PushSender | null {
  const key = `${env.FCM_SERVICE_ACCOUNT ?? ""}|${env.FCM_ENDPOINT ?? ""}|${env.FCM_TOKEN_URI ?? ""}`;
  if (cached?.key === key) return cached.sender;
  let account;
  try {
    account = parseServiceAccount(env.FCM_SERVICE_ACCOUNT);
  } catch (error) {
    console.error("push: FCM_SERVICE_ACCOUNT is not usable", error);
    return null;
  }
  if (!account) return null;
  const sender = createFcmSender({ serviceAccount: account, fcmEndpoint: env.FCM_ENDPOINT || undefined, tokenUri: env.FCM_TOKEN_URI || undefined });
  cached = { key, sender };
  return sender;
}

/** Hub and push together: what API calls publish through. The hub first in spirit, both at once in time. */
export function liveDelivery(env: PushEnv & { HUB?: HubNamespace; DB: D1Database }): LiveHub | null {
  const hub = liveHub(env.HUB);
  const push: PushDeps = { db: env.DB, sender: pushSender(env) };
  if (!push.sender) return hub;
  return {
    async publish(name, payload) {
      await Promise.all([hub?.publish(name, payload), pushLive(push, name, payload)]);
    },
    recheck: hub?.recheck,
  };
}
