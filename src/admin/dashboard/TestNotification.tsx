/**
 * The dashboard's test notification (issue 27): the office sends the fixed test message to one agency
 * (requests/send-test-notification) and sees where it arrived: how many of the agency's open pages got it live (the
 * hub's sockets) and how many of its devices got it by push (FCM), or that push is not set up for the site. When an
 * agency says it "sees nothing", this tells the office which half is missing.
 */
import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { withI18n } from "../../components/with-i18n";
import { Alert, Button } from "../../components/ui";
import type { PushOutcome } from "../../contract/push";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { AgencyPicker } from "../agents/AgencyPicker";

/**
 * `held`: the form as the build draws it into /admin (issue 32), its island not there yet: a plain button, which
 * cannot send the form natively; the press brings the island and is made again on its button
 * (src/lib/edge-view-press.ts), so "Send" is never lost to the loading of its code.
 */
function TestNotification({ held = false }: { held?: boolean }) {
  const t = useT();
  const [agentId, setAgentId] = useState("");
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<PushOutcome | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!agentId) return setMissing(true);
    setPending(true);
    setOutcome(null);
    try {
      setOutcome(await api.post<PushOutcome>("requests/send-test-notification", { audience: "agency", agentId }));
    } catch {
      // The client has shown the API's message.
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="test-notification-title" data-testid="test-notification">
      <h2 id="test-notification-title" className="text-lg font-bold">{t("dashboard.testNotification.title")}</h2>
      <p className="muted text-sm">{t("dashboard.testNotification.hint")}</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void send(e)} noValidate>
        <div className="min-w-64 flex-1">
          <AgencyPicker
            label={t("dashboard.testNotification.agency")}
            value={agentId}
            onValue={(value) => {
              setAgentId(value);
              setMissing(false);
            }}
            error={missing ? t("validation.required") : undefined}
            required
            testId="test-notification-agency"
          />
        </div>
        <Button type={held ? "button" : "submit"} variant="primary" icon={Send} pending={pending} data-testid="test-notification-send">{t("dashboard.testNotification.send")}</Button>
      </form>
      <div aria-live="polite">
        {outcome && (
          <Alert tone={outcome.sockets || outcome.sent ? "info" : "warning"} testId="test-notification-result">
            <p data-testid="test-notification-sockets">
              {outcome.sockets ? t("dashboard.testNotification.sockets", { count: outcome.sockets }) : t("dashboard.testNotification.noSockets")}
            </p>
            <p data-testid="test-notification-push">
              {!outcome.configured
                ? t("dashboard.testNotification.pushOff")
                : outcome.devices === 0
                  ? t("dashboard.testNotification.noDevices")
                  : t("dashboard.testNotification.pushSent", { sent: outcome.sent, devices: outcome.devices })}
            </p>
          </Alert>
        )}
      </div>
    </section>
  );
}

export default withI18n(TestNotification);
