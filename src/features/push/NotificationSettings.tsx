/**
 * Notification settings of /information (DESIGN §2, issue 13): push on/off on this device and which kinds of event
 * the account gets as push notifications (saved on the server for all of the person's devices). On the admin's
 * dashboard it is hydrated when it scrolls into view; on /information the edge draws the card when push is not
 * configured (NotificationSettingsView.tsx) and this island comes when the reader reaches for it, or at once when push
 * is configured (the device part needs this browser). Firebase loads only when the person turns push on (the click is the user action the permission
 * question needs). Each failure of the push path is explained; the live notifications of open pages go on regardless.
 */
import { useEffect, useState } from "react";
import type { PublicPushConfig, PushSettings } from "../../contract/push";
import type { PushChoice } from "../../shared/push";
import { withI18n } from "../../components/with-i18n";
import { useT } from "../../lib/i18n";
import { sessionKind } from "../../lib/session";
import { fetchPushConfig, fetchPushSettings, updateFcm } from "./api";
import { deviceState, updateDevice, type DeviceState } from "./device";
import { pushErrorKey } from "./errors";
import { saveToken } from "./start";
import { NotificationSettingsView, type Support } from "./NotificationSettingsView";

function browserSupport(): Support {
  if (typeof window === "undefined" || !("Notification" in window) || !("serviceWorker" in navigator) || !("PushManager" in window)) return "unsupported";
  return Notification.permission === "denied" ? "blocked" : "ok";
}

/**
 * `audience` comes from the page (known when it is pre-rendered), not from the session cookie: what is drawn must be
 * the same at build time and at hydration. Admins get the kinds that reach administrators.
 */
export function NotificationSettings({ audience = "agency", quiet = false }: { audience?: "agency" | "admin"; quiet?: boolean }) {
  const t = useT();
  const kind = sessionKind() ?? "Agent";
  const [config, setConfig] = useState<PublicPushConfig | null>(null);
  const [settings, setSettings] = useState<PushSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [device, setDevice] = useState<DeviceState | null>(null);
  const [support, setSupport] = useState<Support>("ok");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");

  useEffect(() => {
    const state = deviceState();
    setDevice(state);
    setSupport(browserSupport());
    if (state.lastError && state.enabled) setError(state.lastError);
    Promise.all([fetchPushConfig(), fetchPushSettings()]).then(
      ([c, s]) => {
        setConfig(c);
        setSettings(s);
      },
      () => setFailed(true),
    );
  }, []);

  const pushOn = Boolean(device?.enabled && device.token && support === "ok" && Notification.permission === "granted");

  async function turnOn() {
    if (!config) return;
    setBusy(true);
    setError(null);
    setStatus("");
    try {
      const { subscribe } = await import("./messaging");
      await saveToken(await subscribe(config, true));
      setSettings(await fetchPushSettings());
      setStatus(t("notifications.push.on"));
    } catch (problem) {
      console.warn("push: turning on failed", problem);
      const key = pushErrorKey(problem);
      updateDevice({ lastError: key });
      setError(key);
    } finally {
      setDevice(deviceState());
      setSupport(browserSupport());
      setBusy(false);
    }
  }

  async function turnOff() {
    const state = updateDevice({ enabled: false, lastError: undefined });
    setDevice(state);
    setError(null);
    if (state.token) await updateFcm(kind, { deviceId: state.deviceId, enabled: false }).catch(() => undefined);
    setStatus(t("notifications.push.off"));
  }

  async function toggleKind(type: PushChoice, checked: boolean) {
    if (!settings) return;
    const before = settings;
    const types = checked ? [...new Set([...settings.types, type])] : settings.types.filter((x) => x !== type);
    setSettings({ ...settings, types });
    setStatus("");
    try {
      setSettings(await updateFcm(kind, { types }));
      setStatus(t("notifications.saved"));
    } catch {
      setSettings(before);
    }
  }

  // Taking over a card the edge drew (`quiet`), the island shows nothing until it has the answers: the drawn card
  // stays in place meanwhile (src/lib/edge-view-mount.tsx swaps once nothing is loading).
  if (quiet && !settings && !failed) return null;
  return (
    <NotificationSettingsView
      audience={audience}
      config={config}
      settings={settings}
      failed={failed}
      support={support}
      pushOn={pushOn}
      error={error}
      busy={busy}
      status={status}
      onTurnOn={() => void turnOn()}
      onTurnOff={() => void turnOff()}
      onKind={(type, checked) => void toggleKind(type, checked)}
    />
  );
}

export default withI18n(NotificationSettings);
