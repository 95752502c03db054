/**
 * Push on a signed-in page (issue 13), after the hub started. Costs one small call per tab session when the site has
 * no public Firebase config, and then loads nothing of Firebase. When it has one and this device has push on with
 * the permission already granted, it loads Firebase, listens for foreground messages and re-registers the token
 * when it changed or is 7 days old (spec §9). It never asks for the permission: only a click does (the settings).
 * A failure is remembered for the settings page to explain; the hub keeps working either way.
 */
import { sessionKind } from "../../lib/session";
import { fetchPushConfig, registerToken, updateFcm } from "./api";
import { deviceState, needsRefresh, updateDevice } from "./device";
import { pushErrorKey } from "./errors";

/** Registers a token with the API: the device row (register-token), then the account's record (update-fcm). */
export async function saveToken(token: string): Promise<void> {
  const kind = sessionKind();
  const { deviceId } = deviceState();
  try {
    await registerToken({ token, deviceId, enabled: true });
    if (kind) await updateFcm(kind, { deviceId, token });
  } catch (error) {
    console.warn("push: registering the token failed", error);
    throw Object.assign(new Error("push/register"), { code: "push/register" });
  }
  updateDevice({ token, registeredAt: Date.now(), enabled: true, lastError: undefined });
}

export async function startPush(): Promise<void> {
  if (!sessionKind() || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const device = deviceState();
  if (device.enabled !== true) return;
  const config = await fetchPushConfig().catch(() => null);
  if (!config?.firebase) return;
  try {
    const { subscribe } = await import("./messaging");
    const token = await subscribe(config, false);
    if (token !== device.token || needsRefresh(device)) await saveToken(token);
  } catch (error) {
    console.warn("push: not available on this page", error);
    updateDevice({ lastError: pushErrorKey(error) });
  }
}
