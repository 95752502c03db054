/**
 * The notification settings drawn from their state (issue 9): what the island (NotificationSettings.tsx) shows, and
 * what the edge draws from the account's own answers (functions/edge/views/account.tsx) when push is not configured:
 * then nothing on the card depends on this browser. The device part (permission, this device's token) is the
 * island's alone: with push configured the edge leaves the card to it.
 */
import type { PublicPushConfig, PushSettings } from "../../contract/push";
import { ADMIN_PUSH_CHOICES, PUSH_CHOICES, type PushChoice } from "../../shared/push";
import { Button } from "../../components/ui/Button";
import { Alert } from "../../components/ui/Feedback";
import { Switch } from "../../components/ui/Switch";
import { useT } from "../../lib/i18n";

const KIND_LABELS: Record<PushChoice, string> = {
  "request.created": "notifications.kinds.requestCreated",
  "request.updated": "notifications.kinds.requestUpdated",
  "document.uploaded": "notifications.kinds.documentUploaded",
  "news-feed.created": "notifications.kinds.newsCreated",
  "balance.updated": "notifications.kinds.balanceUpdated",
  "message.created": "notifications.kinds.messageCreated",
  "event.created": "notifications.kinds.eventCreated",
};

export type Support = "unsupported" | "blocked" | "ok";

export interface NotificationSettingsState {
  /** Known when the page is pre-rendered (the page says), so what is drawn is the same everywhere. */
  audience?: "agency" | "admin";
  config: PublicPushConfig | null;
  settings: PushSettings | null;
  failed?: boolean;
  /** This browser's side: its support, whether push is on here, the last failure, a turn-on running. */
  support?: Support;
  pushOn?: boolean;
  error?: string | null;
  busy?: boolean;
  status?: string;
}

export interface NotificationSettingsActions {
  onTurnOn?: () => void;
  onTurnOff?: () => void;
  onKind?: (type: PushChoice, checked: boolean) => void;
}

const noop = () => {};

export function NotificationSettingsView({
  audience = "agency", config, settings, failed = false, support = "ok", pushOn = false, error = null, busy = false, status = "",
  onTurnOn = noop, onTurnOff = noop, onKind = noop,
}: NotificationSettingsState & NotificationSettingsActions) {
  const t = useT();
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
              <Switch label={t("notifications.push.label")} hint={t("notifications.push.hint")} checked onChange={onTurnOff} testId="push-switch" />
            ) : (
              <div className="flex flex-wrap items-center gap-3">
                <Button variant="primary" onClick={onTurnOn} disabled={busy} aria-describedby="push-turn-on-hint" data-testid="push-turn-on">
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
        {/* What the account can hear of (staff: no balance changes); before the answer, by the page's audience. */}
        {(settings?.offered ?? (audience === "admin" ? ADMIN_PUSH_CHOICES : PUSH_CHOICES)).filter((type): type is PushChoice => type in KIND_LABELS).map((type) => (
          <label key={type} className="flex items-center gap-3 text-sm cursor-pointer">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-primary-600)]"
              checked={settings?.types.includes(type) ?? false}
              onChange={(event) => onKind(type, event.currentTarget.checked)}
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
