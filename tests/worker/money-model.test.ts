/**
 * The model-based concurrency test of the money (issue 25; DESIGN §5). Random interleavings of the real calls of five
 * callers against one agency — two agency sessions, a staff user, an admin and an anonymous caller — through the real
 * API on real D1: visa filings, translation orders, cancels, admin moves, top-ups, withdrawals, disabling the agency,
 * retries with reused Idempotency-Keys (across the agency's people and after the daily purge of stored keys), group
 * filings (issue 28: several travellers charged in one batch; their travellers cancelled and moved like any request)
 * with group cancels, and (issue 30) credit-limit changes and freezes, top-up requests and the office's racing
 * decisions on them.
 * Commands run in waves; the calls of one wave run at the same time, so every run is another interleaving.
 *
 * After every run the invariants must hold:
 * - the balance equals Σ ledger (reconcile reports 0);
 * - at most one Order and at most one Refund per request, and every request that exists was charged once;
 * - a Refund exists only for a request that ended Canceled or Rejected and was never Paid (and such a request has one);
 * - the statement the agency reads is one chain: each row's balance is the row before it ± its amount;
 * - no call took longer than its deadline;
 * - (issue 30) no Order took the balance below −(the highest limit the run set), no withdrawal below 0, and every
 *   top-up request is one TopUp of its approved amount if approved, none otherwise.
 *
 * CI runs a fixed seed; `MONEY_MODEL_RUNS=200 MONEY_MODEL_SEED=7 npx vitest run tests/worker/money-model.test.ts` runs more
 * (vitest.config.ts hands both to the worker as bindings).
 */
import { SELF, env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { adminToken, expectStatus, jpegFile, localized, newCountry, newVisa } from "./catalogue-fixtures";
import { BASE, call, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { APPLICANT } from "./requests-fixtures";

const SEED = Number(env.MONEY_MODEL_SEED || 20261128);
const RUNS = Number(env.MONEY_MODEL_RUNS || 12);
/** A call that has not answered by then is a stalled worker: the run fails (DESIGN §4: every wait has a deadline). */
const DEADLINE_MS = 15_000;
const VISA_PRICE = 2_500;
const PAGE_PRICE = 700;
/** The agency's opening balance: two filings' worth, so runs reach the credit line (issue 30) within a few waves. */
const OPENING = 5_000;
const OPENING_CREDIT = 6_000;

type Caller = "agentA" | "agentB" | "staff" | "admin" | "anon";
const KEYS = ["key-1", "key-2", "key-3"] as const;

type Command =
  | { kind: "file"; caller: Caller; key: string | null }
  | { kind: "order"; caller: Caller; key: string | null; pages: number }
  | { kind: "cancel"; caller: Caller; target: number }
  | { kind: "move"; to: "InProcess" | "Paid" | "Rejected" | "Approved" | "DocumentNeeded" | "Canceled"; target: number }
  | { kind: "cancelOrder"; caller: Caller; target: number }
  | { kind: "moveOrder"; to: "InProcess" | "CorrectionNeeded" | "Canceled"; target: number }
  | { kind: "money"; operation: "ADD" | "SUBTRACT"; amount: number; key: string | null }
  | { kind: "disable" }
  | { kind: "purgeKeys" }
  | { kind: "fileGroup"; caller: Caller; key: string | null; travellers: number }
  | { kind: "cancelGroup"; caller: Caller; target: number }
  | { kind: "credit"; limit: number }
  | { kind: "freeze"; frozen: boolean }
  | { kind: "askTopUp"; amount: number; key: string | null }
  | { kind: "decideTopUp"; target: number; action: "approve" | "correct" | "reject" };

const agencyCaller = fc.constantFrom<Caller>("agentA", "agentB", "staff");
const anyFiler = fc.constantFrom<Caller>("agentA", "agentB", "staff", "anon");
const key = fc.option(fc.constantFrom(...KEYS), { nil: null, freq: 3 });
const target = fc.nat(7);

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("file" as const), caller: anyFiler, key }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("order" as const), caller: anyFiler, key, pages: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("cancel" as const), caller: fc.constantFrom<Caller>("agentA", "agentB", "staff", "admin", "anon"), target }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("move" as const), to: fc.constantFrom("InProcess", "Paid", "Rejected", "Approved", "DocumentNeeded", "Canceled") as fc.Arbitrary<"Paid">, target }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cancelOrder" as const), caller: agencyCaller, target }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("moveOrder" as const), to: fc.constantFrom("InProcess", "CorrectionNeeded", "Canceled") as fc.Arbitrary<"InProcess">, target }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("money" as const), operation: fc.constantFrom("ADD" as const, "SUBTRACT" as const), amount: fc.integer({ min: 1, max: 6_000 }), key }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("disable" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("purgeKeys" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("fileGroup" as const), caller: anyFiler, key, travellers: fc.integer({ min: 2, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancelGroup" as const), caller: fc.constantFrom<Caller>("agentA", "agentB", "staff", "anon"), target }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("credit" as const), limit: fc.constantFrom(0, 2_500, 6_000, 15_000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("freeze" as const), frozen: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("askTopUp" as const), amount: fc.integer({ min: 1, max: 8_000 }), key }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("decideTopUp" as const), target, action: fc.constantFrom("approve" as const, "correct" as const, "reject" as const) }),
  },
);
/** A run: waves of calls; the calls of a wave are sent together. */
const runArb = fc.array(fc.array(command, { minLength: 1, maxLength: 7 }), { minLength: 3, maxLength: 7 });

let admin: string;
let visaId: string;
let serviceId: string;
let fromId: string;
let toId: string;

beforeAll(async () => {
  admin = await adminToken();
  const country = await newCountry(admin, { name: localized("Model land") });
  const visa = await newVisa(admin, country._id, { title: localized("Model visa"), price: VISA_PRICE, fields: Object.keys(APPLICANT), requirementIds: [] });
  visaId = visa._id;
  const language = async (code: string) =>
    (await expectStatus(await call("POST", "/translation-language", { token: admin, body: { code, name: localized(`Language ${code}`) } }), 201))._id as string;
  fromId = await language("xmq");
  toId = await language("xmr");
  serviceId = (
    await expectStatus(
      await call("POST", "/translation-service", {
        token: admin, body: { name: localized("Model translation"), pricePerPage: PAGE_PRICE, languages: [fromId, toId], turnaroundDays: 2, certified: true },
      }),
      201,
    )
  )._id;
});

interface Agency {
  id: string;
  emails: { agentA: string; agentB: string; staff: string };
  tokens: Partial<Record<Caller, string>>;
  visas: string[];
  orders: string[];
  groups: string[];
  topUps: string[];
  /** The highest credit limit the run set (the floor no Order may pass). */
  maxLimit: number;
  slowest: { ms: number; what: string };
}

async function newAgency(): Promise<Agency> {
  const agent = await createAgent({ groupId: await createGroup() });
  const staff = await createUser(agent.id);
  const agency: Agency = { id: agent.id, emails: { agentA: agent.email, agentB: agent.email, staff: staff.email }, tokens: { admin }, visas: [], orders: [], groups: [], topUps: [], maxLimit: 0, slowest: { ms: 0, what: "" } };
  await expectStatus(await call("POST", `/transactions/update-balance/${agent.id}`, { token: admin, body: { operation: "ADD", amount: OPENING, note: "Opening" } }), 201);
  // Every run starts with a credit line (issue 30); the commands raise, lower, freeze and unfreeze it.
  await expectStatus(await call("PATCH", `/agents/${agent.id}/credit`, { token: admin, body: { limit: OPENING_CREDIT } }), 200);
  agency.maxLimit = OPENING_CREDIT;
  return agency;
}

/** The caller's token, signing in again after a disable revoked its session (and the agency is enabled again). */
async function tokenOf(agency: Agency, caller: Caller): Promise<string | null> {
  if (caller === "anon") return null;
  if (caller === "admin") return admin;
  if (!agency.tokens[caller]) {
    try {
      agency.tokens[caller] = (await signIn("Agent", agency.emails[caller])).token;
    } catch {
      return "signed-out"; // disabled right now: the call goes out with a dead token and must change nothing
    }
  }
  return agency.tokens[caller]!;
}

/** One call with its deadline: a call that does not answer in time fails the run. */
async function timed(agency: Agency, what: string, send: () => Promise<Response>): Promise<Response> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${DEADLINE_MS} ms`)), DEADLINE_MS);
  });
  try {
    const response = await Promise.race([send(), deadline]);
    await response.clone().arrayBuffer();
    return response;
  } finally {
    clearTimeout(timer);
    const ms = Date.now() - started;
    if (ms > agency.slowest.ms) agency.slowest = { ms, what };
  }
}

const pick = (list: string[], index: number) => (list.length ? list[index % list.length]! : null);
const withKey = (k: string | null): Record<string, string> => (k ? { "Idempotency-Key": k } : {});

async function perform(agency: Agency, c: Command): Promise<void> {
  const send = async (what: string, method: string, path: string, caller: Caller, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const token = await tokenOf(agency, caller);
    const response = await timed(agency, `${caller} ${what}`, () => call(method, path, { token, ...options }));
    if (response.status === 401 && caller !== "anon" && caller !== "admin") delete agency.tokens[caller];
    expect(response.status, `${caller} ${what}: ${await response.clone().text()}`).toBeLessThan(500);
    if (caller === "anon") expect(response.status, `anonymous ${what}`).toBe(401);
    return response;
  };
  switch (c.kind) {
    case "file": {
      const response = await send("files a visa", "POST", "/requests", c.caller, { body: { visaId, fields: APPLICANT, documents: [] }, headers: withKey(c.key) });
      if (response.status === 201) agency.visas.push(((await response.json()) as { _id: string })._id);
      return;
    }
    case "order": {
      const body = { serviceId, fromLanguageId: fromId, toLanguageId: toId, pages: c.pages };
      const response = await send("orders a translation", "POST", "/legal-translation", c.caller, { body, headers: withKey(c.key) });
      if (response.status === 201) agency.orders.push(((await response.json()) as { _id: string })._id);
      return;
    }
    case "cancel": {
      const id = pick(agency.visas, c.target);
      if (id) await send("cancels a visa", "PATCH", `/requests/${id}`, c.caller, { body: { status: "Canceled" } });
      return;
    }
    case "move": {
      const id = pick(agency.visas, c.target);
      const reason = c.to === "Rejected" || c.to === "DocumentNeeded" ? { reason: "Model reason" } : {};
      if (id) await send(`moves a visa to ${c.to}`, "PATCH", `/requests/${id}`, "admin", { body: { status: c.to, ...reason } });
      return;
    }
    case "cancelOrder": {
      const id = pick(agency.orders, c.target);
      if (id) await send("cancels an order", "POST", `/legal-translation/change-request-state/${id}`, c.caller, { body: { status: "Canceled" } });
      return;
    }
    case "moveOrder": {
      const id = pick(agency.orders, c.target);
      const reason = c.to === "CorrectionNeeded" ? { reason: "Model reason" } : {};
      if (id) await send(`moves an order to ${c.to}`, "POST", `/legal-translation/change-request-state/${id}`, "admin", { body: { status: c.to, ...reason } });
      return;
    }
    case "money":
      await send(`${c.operation} ${c.amount}`, "POST", `/transactions/update-balance/${agency.id}`, "admin", {
        body: { operation: c.operation, amount: c.amount, note: "Model" }, headers: withKey(c.key ? `admin-${c.key}` : null),
      });
      return;
    case "disable":
      // Disabled while the wave's filings are in flight, enabled again when the wave is over (so the run goes on).
      await send("disables the agency", "PATCH", `/agents/editByAdmin/${agency.id}`, "admin", { body: { enabled: false } });
      return;
    case "purgeKeys":
      // What the daily purge of stored keys does, a day early: every later reuse must still never stall.
      await env.DB.prepare("DELETE FROM idempotency_keys WHERE status IS NOT NULL").run();
      return;
    case "fileGroup": {
      const travellers = Array.from({ length: c.travellers }, (_, i) => ({ fields: { ...APPLICANT, PassportNumber: `G${i}234567` } }));
      const response = await send(`files a group of ${c.travellers}`, "POST", "/request-groups", c.caller, {
        body: { visaId, travellers }, headers: withKey(c.key),
      });
      if (response.status === 201) {
        const group = (await response.json()) as { _id: string; travellers: { _id: string }[] };
        if (!agency.groups.includes(group._id)) agency.groups.push(group._id);
        // Its travellers are ordinary requests: the model cancels and moves them like any other.
        for (const t of group.travellers) if (!agency.visas.includes(t._id)) agency.visas.push(t._id);
      }
      return;
    }
    case "cancelGroup": {
      const id = pick(agency.groups, c.target);
      if (id) await send("cancels a group", "PATCH", `/request-groups/${id}/cancel`, c.caller);
      return;
    }
    case "credit":
      // Raised or lowered while the wave's filings charge (lowered under a debt: allowed, nothing more is charged).
      agency.maxLimit = Math.max(agency.maxLimit, c.limit);
      await send(`sets the credit limit to ${c.limit}`, "PATCH", `/agents/${agency.id}/credit`, "admin", { body: { limit: c.limit } });
      return;
    case "freeze":
      await send(c.frozen ? "freezes the credit" : "unfreezes the credit", "PATCH", `/agents/${agency.id}/credit`, "admin", { body: { frozen: c.frozen } });
      return;
    case "askTopUp": {
      const token = await tokenOf(agency, "agentA");
      const form = new FormData();
      form.set("data", JSON.stringify({ amount: c.amount, paidThrough: "Model bank", bankReference: `M-${c.amount}` }));
      form.set("slip", jpegFile("slip.jpg"));
      const response = await timed(agency, "agentA asks for a top-up", () => SELF.fetch(`${BASE}/api/top-up-requests`, {
        method: "POST", body: form, headers: { Authorization: `Bearer ${token}`, Origin: BASE, ...withKey(c.key ? `top-up-${c.key}` : null) },
      }));
      if (response.status === 401) delete agency.tokens.agentA;
      expect(response.status, `asks for a top-up: ${await response.clone().text()}`).toBeLessThan(500);
      if (response.status === 201) {
        const id = ((await response.json()) as { _id: string })._id;
        if (!agency.topUps.includes(id)) agency.topUps.push(id);
      }
      return;
    }
    case "decideTopUp": {
      const id = pick(agency.topUps, c.target);
      const body = c.action === "approve" ? { action: "approve" } : c.action === "correct" ? { action: "correct", amount: 1_234, reason: "Model correction" } : { action: "reject", reason: "Model rejection" };
      if (id) await send(`${c.action}s a top-up`, "PATCH", `/top-up-requests/${id}`, "admin", { body });
      return;
    }
  }
}

interface LedgerRow { type: string; direction: string; amount: number; balance_after: number; reference: string | null }

async function checkInvariants(agency: Agency) {
  const db = env.DB;
  const balance = (await db.prepare("SELECT balance FROM agents WHERE id = ?").bind(agency.id).first<{ balance: number }>())!.balance;
  const ledger = (await db.prepare("SELECT type, direction, amount, balance_after, reference FROM transactions WHERE agent_id = ?").bind(agency.id).all<LedgerRow>()).results;
  const sum = ledger.reduce((s, r) => s + (r.direction === "Incoming" ? r.amount : -r.amount), 0);
  expect(balance, "balance = Σ ledger").toBe(sum);

  const count = (type: string, reference: string) => ledger.filter((r) => r.type === type && r.reference === reference).length;
  const visas = (await db.prepare("SELECT id, status, paid, price FROM visa_requests WHERE agent_id = ?").bind(agency.id).all<{ id: string; status: string; paid: number; price: number }>()).results;
  const orders = (await db.prepare("SELECT id, status, price FROM translation_orders WHERE agent_id = ?").bind(agency.id).all<{ id: string; status: string; price: number }>()).results;
  const everPaid = new Set(
    (await db.prepare("SELECT DISTINCT request_id FROM request_history WHERE to_status = 'Paid' AND request_id IN (SELECT id FROM visa_requests WHERE agent_id = ?)").bind(agency.id).all<{ request_id: string }>())
      .results.map((r) => r.request_id),
  );
  for (const v of visas) {
    const history = (await db.prepare("SELECT to_status FROM request_history WHERE request_id = ? ORDER BY at, rowid").bind(v.id).all<{ to_status: string }>()).results
      .map((h) => h.to_status).join(">");
    expect(count("Order", v.id), `one Order for visa request ${history}`).toBe(1);
    const refundDue = (v.status === "Canceled" || v.status === "Rejected") && v.paid === 0 && !everPaid.has(v.id);
    expect(count("Refund", v.id), `Refunds of a visa request that ended ${v.status} (paid ${v.paid}; history ${history})`).toBe(refundDue ? 1 : 0);
  }
  for (const o of orders) {
    const history = (await db.prepare("SELECT to_status FROM translation_history WHERE request_id = ? ORDER BY at, rowid").bind(o.id).all<{ to_status: string }>()).results
      .map((h) => h.to_status).join(">");
    expect(count("Order", o.id), `one Order for translation order ${history}`).toBe(1);
    expect(count("Refund", o.id), `Refunds of a translation order that ended ${o.status} (history ${history})`).toBe(o.status === "Canceled" ? 1 : 0);
  }
  // Issue 30: the credit line's floor held for every charge, whatever the limit did meanwhile; withdrawals never used it.
  for (const r of ledger) {
    if (r.type === "Order") expect(r.balance_after, "an Order below −(the highest limit set)").toBeGreaterThanOrEqual(-agency.maxLimit);
    if (r.type === "Withdrawal") expect(r.balance_after, "a withdrawal into credit").toBeGreaterThanOrEqual(0);
  }
  expect(balance, "the balance never below −limit").toBeGreaterThanOrEqual(-agency.maxLimit);
  // Every top-up request: one TopUp of its approved amount when approved, none otherwise.
  const requests = (await db.prepare("SELECT id, status, approved_amount FROM top_up_requests WHERE agent_id = ?").bind(agency.id).all<{ id: string; status: string; approved_amount: number | null }>()).results;
  for (const t of requests) {
    const rows = ledger.filter((r) => r.type === "TopUp" && r.reference === t.id);
    expect(rows.map((r) => r.amount), `TopUps of a top-up request that is ${t.status}`).toEqual(t.status === "Approved" ? [t.approved_amount] : []);
  }
  const known = new Set([...visas.map((v) => v.id), ...orders.map((o) => o.id)]);
  for (const r of ledger) if (r.type === "Order" || r.type === "Refund") expect(known.has(r.reference!), `${r.type} of a request that does not exist`).toBe(true);

  // The statement as the agency reads it (newest first): one chain, in the order the rows are listed.
  const token = (await signIn("Agent", agency.emails.agentA)).token;
  const statement = await expectStatus(await call("GET", "/transactions/findAllByAgent?limit=100", { token }), 200);
  const rows = [...(statement.data as { type: string; direction: string; amount: number; balanceAfter: number }[])].reverse();
  expect(rows.length).toBe(ledger.length);
  for (let i = 1; i < rows.length; i++) {
    const expected = rows[i - 1]!.balanceAfter + (rows[i]!.direction === "Incoming" ? rows[i]!.amount : -rows[i]!.amount);
    expect(rows[i]!.balanceAfter, `statement row ${i} (${rows[i]!.type} ${rows[i]!.amount}) follows the row before it`).toBe(expected);
  }
  expect(rows.at(-1)?.balanceAfter ?? 0, "the statement ends at the balance").toBe(balance);

  const reconcile = await expectStatus(await call("GET", "/transactions/reconcile", { token: admin }), 200);
  expect(reconcile.mismatches).toBe(0);
  if (reconcile.refundViolations !== undefined) expect(reconcile.refundViolations).toEqual([]);
  expect(agency.slowest.ms, `slowest call: ${agency.slowest.what}`).toBeLessThan(DEADLINE_MS);
}

describe("money under random interleavings of real callers (model-based)", () => {
  it(`holds every invariant of DESIGN §5 (seed ${SEED}, ${RUNS} runs)`, { timeout: 60_000 + RUNS * 45_000 }, async () => {
    let slowest = { ms: 0, what: "" };
    const seen = { ordersOnCredit: 0, topUpsApproved: 0 };
    await fc.assert(
      fc.asyncProperty(runArb, async (waves) => {
        const agency = await newAgency();
        for (const wave of waves) {
          await Promise.all(wave.map((c) => perform(agency, c)));
          if (wave.some((c) => c.kind === "disable")) {
            await expectStatus(await call("PATCH", `/agents/editByAdmin/${agency.id}`, { token: admin, body: { enabled: true } }), 200);
          }
        }
        await checkInvariants(agency);
        if (agency.slowest.ms > slowest.ms) slowest = agency.slowest;
        // What the run exercised of issue 30 (printed: a model that never reaches the credit line proves nothing of it).
        seen.ordersOnCredit += (await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE agent_id = ? AND type = 'Order' AND balance_after < 0").bind(agency.id).first<{ n: number }>())!.n;
        seen.topUpsApproved += (await env.DB.prepare("SELECT COUNT(*) AS n FROM top_up_requests WHERE agent_id = ? AND status = 'Approved'").bind(agency.id).first<{ n: number }>())!.n;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.log(`money model: ${RUNS} runs, seed ${SEED}; slowest call ${slowest.ms} ms (${slowest.what}); orders on credit ${seen.ordersOnCredit}, top-ups approved ${seen.topUpsApproved}`);
  });
});
