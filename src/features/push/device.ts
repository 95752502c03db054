/**
 * What this browser remembers about push (no Firebase here: every signed-in page may read it): its device id, the
 * token it registered and when, the device switch, and the last failure (the settings page explains it).
 * Constants of spec §9: the token is refreshed after 7 days; the service worker has 10 s to activate.
 */
export const PUSH_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;
export const SW_ACTIVATION_TIMEOUT_MS = 10_000;
/** The messaging service worker (bundled by scripts/build.mjs) and its own scope, Firebase's default one: it never controls pages. */
export const SW_URL = "/firebase-messaging-sw.js";
export const SW_SCOPE = "/firebase-cloud-messaging-push-scope";

const KEY = "push.device";

export interface DeviceState {
  deviceId: string;
  token?: string;
  /** When the token was last registered with the API (ms). */
  registeredAt?: number;
  /** The device switch; undefined until the person chose. */
  enabled?: boolean;
  /** The message key of the last failure of the push path, cleared by a success. */
  lastError?: string;
}

const newId = () => (crypto.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`).replace(/[^A-Za-z0-9_-]/g, "");

export function deviceState(): DeviceState {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") as DeviceState | null;
    if (saved?.deviceId) return saved;
  } catch {
    // Unreadable: start again with a new id.
  }
  const fresh = { deviceId: newId() };
  saveDevice(fresh);
  return fresh;
}

export function saveDevice(state: DeviceState): DeviceState {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage refused (private mode): the state lasts for this page only.
  }
  return state;
}

export const updateDevice = (change: Partial<DeviceState>) => saveDevice({ ...deviceState(), ...change });

/** True when the registered token is missing or older than the refresh period (spec §9: 7 days). */
export const needsRefresh = (state: DeviceState, now = Date.now()) => !state.token || !state.registeredAt || now - state.registeredAt >= PUSH_REFRESH_MS;
