/**
 * Overdue-debt reminders on a schedule (issue 30): the Worker's Cron Trigger, fired through the test harness's own
 * scheduled event (createScheduledController into the Worker's exported `scheduled` handler; SELF.scheduled cannot
 * carry the pool's loopback service here: DataCloneError) on real D1, reminds every agency whose debt is
 * past its terms — one that opens no page too — live and by push in its language, once per period however often it
 * runs; the agency's own balance read in the same period adds nothing. FCM's servers are the one thing faked.
 */
import { createScheduledController, env } from "cloudflare:test";
import worker from "../../functions/worker";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OVERDUE_REMINDER_DAYS } from "../../functions/services/credit";
import { adminToken, expectStatus, localized, newCountry, newVisa } from "./catalogue-fixtures";
import { call, createAgent, createGroup, signIn } from "./fixtures";
import { closeSockets, socket } from "./live-fixtures";
import { APPLICANT } from "./requests-fixtures";

const PRICE = 2_500;
const DAY = 86_400_000;
const CRON = "0 6 * * *";
let admin: string;
let visaId: string;

// FCM's token and send endpoints (the test service account's unresolvable hosts): answered here, sends recorded.
const pushed: { token: string; notification: { title: string; body: string }; data: { type: string; value: string } }[] = [];
/** The overdue reminders pushed to a device (other pushes, such as a top-up's, are not these). */
const overduePushes = (device: string) => pushed.filter((m) => m.token === device && JSON.parse(m.data.value).reminder === "overdue");
const realFetch = globalThis.fetch;
beforeAll(async () => {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.url === "https://oauth.fcm-fake.test/token") return Response.json({ access_token: "fake-access", expires_in: 3600 });
    if (request.url === "https://fcm.fcm-fake.test/v1/projects/visa-hub-test/messages:send") {
      pushed.push(((await request.json()) as { message: (typeof pushed)[number] }).message);
      return Response.json({ name: "projects/visa-hub-test/messages/1" });
    }
    return realFetch(input, init);
  });
  admin = await adminToken();
  const country = await newCountry(admin, { name: localized("Cron land") });
  visaId = (await newVisa(admin, country._id, { title: localized("Cron visa"), price: PRICE, fields: Object.keys(APPLICANT), requirementIds: [] }))._id;
});
afterAll(() => {
  closeSockets();
  vi.restoreAllMocks();
});

/** An agency (reading in `locale`) with terms of 3 days that owes one filing since `daysAgo` days, with a push device. */
async function owing(locale: "en" | "ar", daysAgo: number) {
  const agent = await createAgent({ groupId: await createGroup() });
  await env.DB.prepare("UPDATE agents SET locale = ? WHERE id = ?").bind(locale, agent.id).run();
  const { token } = await signIn("Agent", agent.email);
  await expectStatus(await call("PATCH", `/agents/${agent.id}/credit`, { token: admin, body: { limit: 10_000, termsDays: 3 } }), 200);
  await expectStatus(await call("POST", "/requests", { token, body: { visaId, fields: APPLICANT, documents: [] } }), 201);
  await env.DB.prepare("UPDATE transactions SET created_at = ? WHERE agent_id = ? AND type = 'Order'").bind(new Date(Date.now() - daysAgo * DAY).toISOString(), agent.id).run();
  const device = `${locale}-${crypto.randomUUID()}:APA91b${"x".repeat(120)}`;
  await expectStatus(await call("POST", "/firebase/register-token", { token, body: { token: device, deviceId: `device-${crypto.randomUUID().slice(0, 12)}` } }), 201);
  return { id: agent.id, token, device };
}

const reminders = async (agentId: string) =>
  (await env.DB.prepare("SELECT id, title_ar FROM events WHERE agent_id = ? AND json_extract(value, '$.reminder') = 'overdue' ORDER BY rowid").bind(agentId).all<{ id: string; title_ar: string }>()).results;

/** Fires the Worker's Cron Trigger as the platform would, at `at`: its exported scheduled handler, with the harness's controller. */
async function fire(at = Date.now()) {
  await worker.scheduled(createScheduledController({ cron: CRON, scheduledTime: at }), env);
}

describe("the Cron Trigger's overdue-debt reminders", () => {
  it("reminds an agency past its terms that opens no page, live and by push in its language, once per period", async () => {
    const late = await owing("ar", 4);
    const inTerms = await owing("en", 1);
    const live = await socket("agency", late.token);
    pushed.length = 0;

    await fire();
    // The agency past its terms: one reminder, on its open page and on its phone, in Arabic.
    const rows = await reminders(late.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.title_ar).toMatch(/٣/);
    const message = await live.next(3_000);
    expect(message).toMatchObject({ notification: { title: rows[0]!.title_ar }, data: { type: "balance.updated" } });
    expect(JSON.parse(message!.data.value)).toMatchObject({ reminder: "overdue", balance: -PRICE });
    const phone = overduePushes(late.device);
    expect(phone).toHaveLength(1);
    expect(phone[0]!.notification.title).toBe(rows[0]!.title_ar);
    // Still within its terms: nothing.
    expect(await reminders(inTerms.id)).toHaveLength(0);
    expect(overduePushes(inTerms.device)).toHaveLength(0);

    // The same period again — the sweep run twice, and the agency reading its balance — adds nothing.
    await Promise.all([fire(), fire(Date.now() + DAY), call("GET", "/agents/balance", { token: late.token })]);
    expect(await reminders(late.id)).toHaveLength(1);
    expect(overduePushes(late.device)).toHaveLength(1);
    expect(await live.next(300)).toBeNull();

    // The next period, still unpaid: told again, once.
    await fire(Date.now() + OVERDUE_REMINDER_DAYS * DAY);
    await fire(Date.now() + OVERDUE_REMINDER_DAYS * DAY + 60_000);
    expect(await reminders(late.id)).toHaveLength(2);
    expect(overduePushes(late.device)).toHaveLength(2);
  });

  it("a debt paid off is not reminded", async () => {
    const paid = await owing("en", 5);
    await expectStatus(await call("POST", `/transactions/update-balance/${paid.id}`, {
      token: admin, body: { operation: "ADD", amount: PRICE, note: "Paid" }, headers: { "Idempotency-Key": crypto.randomUUID() },
    }), 201);
    await fire();
    expect(await reminders(paid.id)).toHaveLength(0);
    expect(overduePushes(paid.device)).toHaveLength(0);
  });
});
