/**
 * The Worker's Cron Trigger (wrangler.toml [triggers] crons; issue 30): once a day every agency whose debt is past its
 * terms is reminded, live and by push in its language, one reminder per period however often the sweep runs
 * (services/credit.ts remindOverdue's id) — an agency that opens no page is told too. The same outbox as an API call
 * publishes only what was written.
 */
import { config } from "./config";
import type { ApiEnv } from "./api/context";
import { liveDelivery } from "./hub/live-hub";
import { remindAllOverdue } from "./services/credit";
import { withOutbox } from "./services/live-outbox";

export async function runSchedule(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: ApiEnv): Promise<void> {
  const { currency } = config(env);
  const started = Date.now();
  const sent = await withOutbox(env.DB, liveDelivery(env), currency, () => remindAllOverdue(env.DB, currency, controller.scheduledTime));
  // One JSON line, like the API's call log: Workers Logs indexes its fields.
  console.log(JSON.stringify({ type: "cron", cron: controller.cron, overdueReminders: sent, ms: Date.now() - started }));
}
