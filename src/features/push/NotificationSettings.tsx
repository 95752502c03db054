/**
 * Notification settings of /information (DESIGN §2, issue 13): push on/off on this device and which kinds of event
 * the account gets as push notifications (saved on the server for all of the person's devices). Hydrated when it
 * scrolls into view; Firebase loads only when the person turns push on (the click is the user action the permission
 * question needs). Each failure of the push path is explained; the live notifications of open pages go on regardless.
 */
import { useEffect, useState } from "react";
import type { PublicPushConfig, PushSettings } from "../../contract/push";
import { ADMIN_PUSH_CHOICES, PUSH_CHOICES, type PushChoice } from "../../shared/push";
import { withI18n } from "../../components/with-i18n";
import { Button } from "../../components/ui/Button";
import { Alert } from "../../components/ui/Feedback";
import { Switch } from "../../components/ui/Switch";
import { useT } from "../../lib/i18n";
import { sessionKind } from "../../lib/session";
import { fetchPushConfig, fetchPushSettings, updateFcm } from "./api";
import { deviceState, updateDevice, type DeviceState } from "./device";
import { pushErrorKey } from "./errors";
import { saveToken } from "./start";

const KIND_LABELS: Record<PushChoice, string> = {
  "request.created": "notifications.kinds.requestCreated",
  "request.updated": "notifications.kinds.requestUpdated",
  "document.uploaded": "notifications.kinds.documentUploaded",
  "news-feed.created": "notifications.kinds.newsCreated",
  "balance.updated": "notifications.kinds.balanceUpdated",
  "event.created": "notifications.kinds.eventCreated",
};

type Support = "unsupported" | "blocked" | "ok";

function browserSupport(): Support {
  if (typeof window === "undefined" || !("Notification" in window) || !("serviceWorker" in navigator) || !("PushManager" in window)) return "unsupported";
  return Notification.permission === "denied" ? "blocked" : "ok";
}

/**
 * `audience` comes from the page (known when it is pre-rendered), not from the session cookie: what is drawn must be
 * the same at build time and at hydration. Admins get the kinds that reach administrators.
 */
function NotificationSettings({ audience = "agency" }: { audience?: "agency" | "admin" }) {
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

  return (
    <section className="card p-6 grid gap-5" aria-labelledby="notifications-title" data-testid="notification-settings" aria-busy={!settings && !failed}>
      <div>
        <h2 id="notifications-title" className="text-lg font-bold">{t("notifications.title")}</h2>
        <p className="muted text-sm mt-1">{t(audience === "admin" ? "notifications.introAdmin" : "notifications.intro")}</p>
      </div>
      {failed && <Alert testId="notifications-load-failed">{t("notifications.loadFailed")}</Alert>}

      <div className="grid gap-3" data-testid="push-device">
        <h3 className="font-semibold">{t("notifications.push.title")}</h3>
        {config && !config.firebase && <p className="muted text-sm" data-testid="push-not-configured">{t("notifications.push.notConfigured")}</p>}
        {config?.firebase && support === "unsupported" && <Alert tone="info" testId="push-error">{t("push.errors.unsupportedBrowser")}</Alert>}
        {config?.firebase && support !== "unsupported" && (
          <>
            {pushOn ? (
              <Switch label={t("notifications.push.label")} hint={t("notifications.push.hint")} checked onChange={() => void turnOff()} testId="push-switch" />
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="primary" onClick={() => void turnOn()} disabled={busy} aria-describedby="push-turn-on-hint" data-testid="push-turn-on">
                  {busy ? t("notifications.push.turningOn") : t("notifications.push.turnOn")}
                </Button>
                <span id="push-turn-on-hint" className="muted text-sm">{t("notifications.push.hint")}</span>
              </div>
            )}
            {support === "blocked" && !error && <Alert tone="warning" testId="push-error">{t("push.errors.permissionBlocked")}</Alert>}
            {error && <Alert tone={error === "push.errors.permissionDefault" ? "info" : "warning"} testId="push-error">{t(error)}</Alert>}
            {error && <p className="muted text-sm">{t("notifications.push.stillLive")}</p>}
          </>
        )}
      </div>

      <fieldset className="grid gap-2" disabled={!settings} data-testid="push-kinds">
        <legend className="font-semibold mb-1">{t("notifications.kinds.legend")}</legend>
        <p className="muted text-sm -mt-1 mb-1">{t("notifications.kinds.hint")}</p>
        {(audience === "admin" ? ADMIN_PUSH_CHOICES : PUSH_CHOICES).map((type) => (
          <label key={type} className="flex items-center gap-3 text-sm cursor-pointer">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary-600)]"
              checked={settings?.types.includes(type) ?? false}
              onChange={(event) => void toggleKind(type, event.currentTarget.checked)}
              data-testid={`push-kind-${type}`}
            />
            {t(KIND_LABELS[type])}
          </label>
        ))}
      </fieldset>
      <p role="status" aria-live="polite" className="text-sm" data-testid="notifications-status">{status}</p>
    </section>
  );
}

export default withI18n(NotificationSettings);
