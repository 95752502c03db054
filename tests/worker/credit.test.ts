/**
 * The credit line (issue 30 item 1) through the real API on real D1: 300 filings at once against a balance of 100.00
 * and a credit of 400.00 stop exactly at −400.00, the ledger reconciles, a frozen credit refuses at once, the group's
 * default and the agency's own limit, the reminders at 40 % and 20 %, what the agency and its staff are shown.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminToken, expectStatus, localized, newCountry, newVisa, staffOf } from "./catalogue-fixtures";
import { call, createAgent, createGroup, signIn } from "./fixtures";
import { APPLICANT, balanceOf, topUp } from "./requests-fixtures";

const PRICE = 2_500;
let admin: string;
let filing: { visaId: string; fields: typeof APPLICANT; documents: never[] };

beforeAll(async () => {
  admin = await adminToken();
  const country = await newCountry(admin, { name: localized("Credit land") });
  const visa = await newVisa(admin, country._id, { title: localized("Credit visa"), price: PRICE, fields: Object.keys(APPLICANT), requirementIds: [] });
  filing = { visaId: visa._id, fields: APPLICANT, documents: [] };
});

async function agency(balance: number, groupId?: string) {
  const agent = await createAgent({ groupId: groupId ?? (await createGroup()) });
  if (balance) await topUp(admin, agent.id, balance);
  return { id: agent.id, email: agent.email, token: (await signIn("Agent", agent.email)).token };
}
const file = (token: string) => call("POST", "/requests", { token, body: filing });
const setCredit = (agentId: string, body: unknown, token = admin) => call("PATCH", `/agents/${agentId}/credit`, { token, body });

describe("a credit line per agency", () => {
  it("300 filings at once against a balance of 100.00 and a credit of 400.00 stop exactly at −400.00; reconcile reports 0", async () => {
    const a = await agency(10_000);
    const state = await expectStatus(await setCredit(a.id, { limit: 40_000 }), 200);
    expect(state).toMatchObject({ limit: 40_000, available: 50_000, debt: 0, frozen: false, ownLimit: true });

    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 300 }, () => file(a.token)));
    const statuses = answers.map((r) => r.status);
    console.log(`300 filings against 100.00 + 400.00 credit: ${statuses.filter((s) => s === 201).length} filed, ${statuses.filter((s) => s === 402).length} refused, in ${Date.now() - started} ms`);
    expect(statuses.filter((s) => s === 201).length).toBe(20);
    expect(statuses.filter((s) => s === 402).length).toBe(280);
    expect(await balanceOf(a.id)).toBe(-40_000);

    // The 402 names what is available (nothing now) instead of the balance alone.
    const refused = (await answers.find((r) => r.status === 402)!.json()) as { code: string; message: string };
    expect(refused.code).toBe("INSUFFICIENT_BALANCE");
    expect(refused.message).toMatch(/available/i);

    const rows = (await env.DB.prepare("SELECT balance_after, credit_floor FROM transactions WHERE agent_id = ? AND type = 'Order' ORDER BY seq").bind(a.id).all<{ balance_after: number; credit_floor: number }>()).results;
    expect(rows.length).toBe(20);
    expect(rows.at(-1)!.balance_after).toBe(-40_000);
    expect(Math.min(...rows.map((r) => r.balance_after))).toBe(-40_000);

    const reconcile = await expectStatus(await call("GET", "/transactions/reconcile", { token: admin }), 200);
    expect(reconcile.mismatches).toBe(0);
    expect(reconcile.refundViolations).toEqual([]);

    // The agency sees what it can spend and what it owes wherever it sees its balance.
    const balance = await expectStatus(await call("GET", "/agents/balance", { token: a.token }), 200);
    expect(balance).toMatchObject({ balance: -40_000, credit: { available: 0, debt: 40_000, limit: 40_000 } });
    expect(balance.credit.debtSince).toEqual(expect.any(String));
    const me = await expectStatus(await call("GET", "/agents/currentAgentData", { token: a.token }), 200);
    expect((me.agent ?? me).credit).toMatchObject({ available: 0, debt: 40_000 });
    const statement = await expectStatus(await call("GET", "/transactions/findAllByAgent?limit=1", { token: a.token }), 200);
    expect(statement.balance).toBe(-40_000);
  }, 120_000);

  it("a frozen credit refuses the next filing at once, with the frozen credit named; unfreezing lets it file again", async () => {
    const a = await agency(1_000);
    await expectStatus(await setCredit(a.id, { limit: 40_000 }), 200);
    const frozen = await expectStatus(await setCredit(a.id, { frozen: true }), 200);
    expect(frozen).toMatchObject({ frozen: true, available: 1_000 });
    const refused = await expectStatus(await file(a.token), 402);
    expect(refused.message).toMatch(/frozen/i);
    expect(await balanceOf(a.id)).toBe(1_000);
    await expectStatus(await setCredit(a.id, { frozen: false }), 200);
    await expectStatus(await file(a.token), 201);
    expect(await balanceOf(a.id)).toBe(1_000 - PRICE);
    // Frozen while in debt: nothing more is charged, top-ups still come in.
    await expectStatus(await setCredit(a.id, { frozen: true }), 200);
    await expectStatus(await file(a.token), 402);
    await topUp(admin, a.id, 500);
    expect(await balanceOf(a.id)).toBe(1_000 - PRICE + 500);
    const history = await expectStatus(await call("GET", `/agents/history/${a.id}`, { token: admin }), 200);
    expect(history.data.filter((e: { action: string }) => e.action === "credit").length).toBe(4);
  });

  it("the group's default applies until the agency has a limit of its own; null returns to the group's", async () => {
    const group = await expectStatus(await call("POST", "/groups", { token: admin, body: { name: `Credit group ${Date.now()}`, creditLimit: 5_000, creditTermsDays: 10 } }), 201);
    expect(group).toMatchObject({ creditLimit: 5_000, creditTermsDays: 10 });
    const a = await agency(0, group._id);
    await expectStatus(await file(a.token), 201);
    await expectStatus(await file(a.token), 201);
    await expectStatus(await file(a.token), 402); // −5 000 reached: a third would be −7 500
    expect(await balanceOf(a.id)).toBe(-5_000);
    expect(await expectStatus(await setCredit(a.id, { limit: 7_500 }), 200)).toMatchObject({ limit: 7_500, ownLimit: true, termsDays: 10 });
    await expectStatus(await file(a.token), 201);
    expect(await expectStatus(await setCredit(a.id, { limit: null }), 200)).toMatchObject({ limit: 5_000, ownLimit: false, debt: 7_500, available: 0 });
    // Lowered under the debt: allowed, and nothing more is charged until the agency is back above the floor.
    await expectStatus(await file(a.token), 402);
    await expectStatus(await call("PATCH", `/groups/${group._id}`, { token: admin, body: { creditLimit: 20_000 } }), 200);
    await expectStatus(await file(a.token), 201);
    expect(await balanceOf(a.id)).toBe(-10_000);
  });

  it("a debt older than the terms is past due: the agency is told once, live and in its language, and the office counts it", async () => {
    const a = await agency(0);
    await expectStatus(await setCredit(a.id, { limit: 10_000, termsDays: 3 }), 200);
    await expectStatus(await file(a.token), 201);
    expect((await expectStatus(await call("GET", "/agents/balance", { token: a.token }), 200)).credit.overdue).toBe(false);
    const before = (await expectStatus(await call("GET", "/admin/dashboard", { token: admin }), 200)).pastTerms as number;
    // The debt began four days ago.
    await env.DB.prepare("UPDATE transactions SET created_at = ? WHERE agent_id = ? AND type = 'Order'").bind(new Date(Date.now() - 4 * 86_400_000).toISOString(), a.id).run();
    await Promise.all([call("GET", "/agents/balance", { token: a.token }), call("GET", "/agents/balance", { token: a.token })]);
    const balance = await expectStatus(await call("GET", "/agents/balance", { token: a.token }), 200);
    expect(balance.credit).toMatchObject({ overdue: true, debt: PRICE, termsDays: 3 });
    const reminders = (await env.DB.prepare("SELECT title_en, title_ar FROM events WHERE agent_id = ? AND json_extract(value, '$.reminder') = 'overdue'").bind(a.id).all<{ title_en: string; title_ar: string }>()).results;
    expect(reminders.length).toBe(1);
    expect(reminders[0]!.title_en).toMatch(/3 days/);
    expect(reminders[0]!.title_ar).toMatch(/٣/);
    const listed = await expectStatus(await call("GET", `/agents/listAgents?pastTerms=true&limit=100`, { token: admin }), 200);
    expect(listed.data.map((r: { _id: string }) => r._id)).toContain(a.id);
    expect((await expectStatus(await call("GET", "/admin/dashboard", { token: admin }), 200)).pastTerms).toBe(before + 1);
    expect((await expectStatus(await call("GET", "/admin/dashboard", { token: admin }), 200)).creditInUse).toBeGreaterThanOrEqual(PRICE);
  });

  it("a withdrawal never uses the credit line", async () => {
    const a = await agency(1_000);
    await expectStatus(await setCredit(a.id, { limit: 40_000 }), 200);
    const refused = await expectStatus(await call("POST", `/transactions/update-balance/${a.id}`, { token: admin, body: { operation: "SUBTRACT", amount: 2_000, note: "Too much" } }), 402);
    expect(refused.message).not.toMatch(/available/i);
    expect(await balanceOf(a.id)).toBe(1_000);
  });

  it("staff see no money: no credit in their records, a 402 without figures", async () => {
    const a = await agency(0);
    await expectStatus(await setCredit(a.id, { limit: 2_000 }), 200);
    const staff = await staffOf(a.id);
    const me = await expectStatus(await call("GET", "/Users/currentUserData", { token: staff }), 200);
    expect(JSON.stringify(me)).not.toMatch(/credit|balance/i);
    const refused = await expectStatus(await file(staff), 402);
    expect(refused.message).not.toMatch(/\d/);
    expect((await call("GET", "/agents/balance", { token: staff })).status).toBe(403);
  });

  it("reminders: the charge that takes the available amount under 40 % and under 20 % of the limit tells the agency, once each", async () => {
    const a = await agency(0);
    await expectStatus(await setCredit(a.id, { limit: 10_000 }), 200);
    // available 10 000 → 7 500 → 5 000 → 2 500 (under 40 %: reminder) → 0 (under 20 %: reminder)
    for (let i = 0; i < 4; i++) await expectStatus(await file(a.token), 201);
    const events = (await env.DB.prepare("SELECT title_en, title_ar, body_en, value FROM events WHERE agent_id = ? AND json_extract(value, '$.reminder') IS NOT NULL ORDER BY rowid").bind(a.id).all<{ title_en: string; title_ar: string; body_en: string; value: string }>()).results;
    expect(events.map((e) => JSON.parse(e.value).reminder)).toEqual([40, 20]);
    expect(events[0]!.title_en).toMatch(/40/);
    expect(events[0]!.title_ar).toMatch(/٤٠/);
    const list = await expectStatus(await call("GET", "/events/all?limit=5", { token: a.token }), 200);
    expect(list.data.some((e: { title: string; message: string }) => /20/.test(e.title) && /\$0\.00/.test(e.message))).toBe(true);
  });

  it("the credit call is the office's: validation names the field, agencies get 403, unknown agencies 404", async () => {
    const a = await agency(0);
    expect((await expectStatus(await setCredit(a.id, {}), 400)).code).toBe("VALIDATION_FAILED");
    expect((await expectStatus(await setCredit(a.id, { limit: -1 }), 400)).message.join(" ")).toMatch(/limit/);
    expect((await expectStatus(await setCredit(a.id, { termsDays: 0 }), 400)).message.join(" ")).toMatch(/termsDays/);
    expect((await expectStatus(await setCredit(a.id, { frozen: "yes" }), 400)).message.join(" ")).toMatch(/frozen/);
    await expectStatus(await setCredit(a.id, { limit: 100 }, a.token), 403);
    await expectStatus(await setCredit("0190d000-0000-7000-8000-000000000000", { limit: 100 }), 404);
  });
});
