/**
 * The Firebase half of push in the browser (issue 13), loaded by dynamic import only when the site has a public
 * Firebase config and the person has push on (start.ts) or turns it on (the settings). It registers the bundled
 * messaging service worker, gets the device's FCM token and passes foreground messages to the same handler as the
 * hub's (live.store.ts: spec §9 push toast, console log, news list, new-request flag).
 */
import type { PublicPushConfig } from "../../contract/push";
import type { PushMessage, PushType } from "../../contract/events";
import { PUSH_DEFAULT_COLOR } from "../../shared/push";
import { $recentEvents, handleMessage } from "../live/live.store";
import { PushError } from "./errors";
import { SW_ACTIVATION_TIMEOUT_MS, SW_SCOPE, SW_URL } from "./device";

type FirebaseConfig = NonNullable<PublicPushConfig["firebase"]>;

/** What the browser must offer before Firebase is worth loading; each gap has its own explanation. */
async function checkBrowser(): Promise<void> {
  if (!("Notification" in window) || !("serviceWorker" in navigator) || !("PushManager" in window)) throw new PushError("messaging/unsupported-browser");
  if (!("indexedDB" in window)) throw new PushError("messaging/indexed-db-unsupported");
  await new Promise<void>((resolve, reject) => {
    try {
      const probe = indexedDB.open("push-probe");
      probe.onsuccess = () => {
        probe.result.close();
        resolve();
      };
      probe.onerror = () => reject(new PushError("messaging/indexed-db-unsupported"));
    } catch {
      reject(new PushError("messaging/indexed-db-unsupported"));
    }
  });
}

/** Registers the messaging service worker (config in its URL: it cannot read the page) and waits for it to activate. */
async function serviceWorker(config: FirebaseConfig): Promise<ServiceWorkerRegistration> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(`${SW_URL}?config=${encodeURIComponent(JSON.stringify(config))}`, { scope: SW_SCOPE });
  } catch (error) {
    console.warn("push: service worker refused", error);
    throw new PushError("messaging/failed-service-worker-registration");
  }
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushError("messaging/failed-service-worker-registration")), SW_ACTIVATION_TIMEOUT_MS);
    const done = () => {
      if (worker?.state === "activated" || registration.active) {
        clearTimeout(timer);
        resolve();
      } else if (worker?.state === "redundant") {
        clearTimeout(timer);
        reject(new PushError("messaging/failed-service-worker-registration"));
      }
    };
    worker?.addEventListener("statechange", done);
    done();
  });
  return registration;
}

/** An FCM foreground payload as the hub's message shape (spec §3). */
export function toPushMessage(payload: { notification?: { title?: string; body?: string; icon?: string }; data?: Record<string, string> }): PushMessage {
  return {
    notification: { title: payload.notification?.title ?? "", body: payload.notification?.body ?? "", icon: payload.notification?.icon ?? "/favicon.svg" },
    data: { type: (payload.data?.type ?? "event.created") as PushType, value: payload.data?.value ?? "{}", color: payload.data?.color || PUSH_DEFAULT_COLOR },
  };
}

/** The hub usually brings the same event first: one toast per event, whichever channel is faster. */
function alreadyShown(message: PushMessage): boolean {
  try {
    const eventId = (JSON.parse(message.data.value) as { eventId?: unknown }).eventId;
    return typeof eventId === "string" && ($recentEvents.get() ?? []).some((e) => e._id === eventId);
  } catch {
    return false;
  }
}

let listening = false;

/**
 * The device's FCM token. Asks for the notification permission only when `ask` is true (a click), never on load;
 * throws a Firebase-coded error for each way the path can fail (errors.ts turns it into an explanation).
 */
export async function subscribe(config: PublicPushConfig, ask: boolean): Promise<string> {
  if (!config.firebase) throw new PushError("messaging/unsupported-browser");
  await checkBrowser();
  if (Notification.permission === "default" && ask) await Notification.requestPermission();
  if (Notification.permission === "denied") throw new PushError("messaging/permission-blocked");
  if (Notification.permission !== "granted") throw new PushError("messaging/permission-default");
  const [{ initializeApp, getApps }, { getMessaging, getToken, onMessage, isSupported }] = await Promise.all([import("firebase/app"), import("firebase/messaging")]);
  if (!(await isSupported())) throw new PushError("messaging/unsupported-browser");
  const app = getApps()[0] ?? initializeApp(config.firebase);
  const messaging = getMessaging(app);
  const registration = await serviceWorker(config.firebase);
  const token = await getToken(messaging, { ...(config.vapidKey ? { vapidKey: config.vapidKey } : {}), serviceWorkerRegistration: registration });
  if (!token) throw new PushError("messaging/token-subscribe-no-token");
  if (!listening) {
    listening = true;
    onMessage(messaging, (payload) => {
      const message = toPushMessage(payload);
      if (!alreadyShown(message)) handleMessage(message);
    });
  }
  return token;
}
