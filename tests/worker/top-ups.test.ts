/**
 * Top-up requests (issue 30 item 2) through the real API on real D1 and R2: the agency asks with its slip under an
 * Idempotency-Key, the office approves once under any race (20 approvals at once add one TopUp), corrects with a
 * reason or rejects with one; the slip is money (its owner and the office only); payment instructions per language.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminToken, expectStatus, jpegFile, keyOf, pngFile, staffOf } from "./catalogue-fixtures";
import { BASE, call, createAgent, createGroup, signIn } from "./fixtures";
import { balanceOf } from "./requests-fixtures";

let admin: string;
beforeAll(async () => {
  admin = await adminToken();
});

async function agency() {
  const agent = await createAgent({ groupId: await createGroup() });
  return { id: agent.id, token: (await signIn("Agent", agent.email)).token };
}

const DETAILS = { amount: 50_000, paidThrough: "Rafidain Bank", bankReference: "TRX-2026-1182", note: "Monday's transfer" };

/** POST top-up-requests as multipart: the fields in "data", the slip in "slip". */
function ask(token: string, details: Record<string, unknown> = DETAILS, slip: File | null = jpegFile("slip.jpg"), key?: string) {
  const form = new FormData();
  form.set("data", JSON.stringify(details));
  if (slip) form.set("slip", slip);
  return SELF.fetch(`${BASE}/api/top-up-requests`, {
    method: "POST", body: form, headers: { Authorization: `Bearer ${token}`, Origin: BASE, ...(key ? { "Idempotency-Key": key } : {}) },
  });
}
const decide = (id: string, body: unknown, token = admin) => call("PATCH", `/top-up-requests/${id}`, { token, body });
const topUps = async (reference: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE type = 'TopUp' AND reference = ?").bind(reference).first<{ n: number }>())!.n;

describe("top-up requests", () => {
  it("an agency asks with its slip; the same Idempotency-Key answers the same request; the office sees it in its queue with the slip", async () => {
    const a = await agency();
    const first = await expectStatus(await ask(a.token, DETAILS, jpegFile("slip.jpg"), "top-up-1"), 201);
    expect(first).toMatchObject({ status: "Pending", amount: 50_000, paidThrough: "Rafidain Bank", bankReference: "TRX-2026-1182", approvedAmount: null });
    const again = await ask(a.token, DETAILS, jpegFile("slip.jpg"), "top-up-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await again.json()) as { _id: string })._id).toBe(first._id);
    expect((await expectStatus(await ask(a.token, { ...DETAILS, amount: 1 }, jpegFile("slip.jpg"), "top-up-1"), 409)).code).toBe("IDEMPOTENCY_KEY_REUSED");

    const own = await expectStatus(await call("GET", "/top-up-requests", { token: a.token }), 200);
    expect(own.data.map((r: { _id: string }) => r._id)).toEqual([first._id]);
    const queue = await expectStatus(await call("GET", `/top-up-requests?status=Pending&agentId=${a.id}`, { token: admin }), 200);
    expect(queue.total).toBe(1);
    // The slip: the office and the agency's owner see it; staff and other agencies are told it does not exist.
    const slip = await call("GET", first.slip.url.replace(/^\/api/, ""), { token: admin });
    expect(slip.status).toBe(200);
    expect(slip.headers.get("Content-Type")).toBe("image/jpeg");
    expect((await call("GET", first.slip.url.replace(/^\/api/, ""), { token: a.token })).status).toBe(200);
    expect((await call("GET", first.slip.url.replace(/^\/api/, ""), { token: await staffOf(a.id) })).status).toBe(404);
    expect((await call("GET", first.slip.url.replace(/^\/api/, ""), { token: (await agency()).token })).status).toBe(404);
    expect(keyOf(first.slip.url)).toMatch(/^slip\//);
    // The office heard of it.
    const events = await expectStatus(await call("GET", "/events/all?limit=20", { token: admin }), 200);
    expect(events.data.some((e: { value: string }) => e.value.includes(first._id))).toBe(true);
  });

  it("approving the same request 20 times at once adds it once", async () => {
    const a = await agency();
    const request = await expectStatus(await ask(a.token), 201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => decide(request._id, { action: "approve" })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await topUps(request._id)).toBe(1);
    expect(await balanceOf(a.id)).toBe(50_000);
    const decided = (await answers[0]!.json()) as { status: string; approvedAmount: number; transactionId: string };
    expect(decided).toMatchObject({ status: "Approved", approvedAmount: 50_000 });
    expect(decided.transactionId).toEqual(expect.any(String));
    // A later, different decision is refused and changes nothing.
    expect((await expectStatus(await decide(request._id, { action: "reject", reason: "Too late" }), 409)).code).toBe("TOP_UP_DECIDED");
    expect(await balanceOf(a.id)).toBe(50_000);
    const reconcile = await expectStatus(await call("GET", "/transactions/reconcile", { token: admin }), 200);
    expect(reconcile.mismatches).toBe(0);
  });

  it("approvals, corrections and rejections racing: exactly one decision wins and at most one TopUp is written", async () => {
    const a = await agency();
    const request = await expectStatus(await ask(a.token), 201);
    const bodies = [{ action: "approve" }, { action: "correct", amount: 45_000, reason: "The slip says 450.00" }, { action: "reject", reason: "Slip unreadable" }];
    const answers = await Promise.all(Array.from({ length: 18 }, (_, i) => decide(request._id, bodies[i % 3])));
    const row = (await env.DB.prepare("SELECT status, approved_amount FROM top_up_requests WHERE id = ?").bind(request._id).first<{ status: string; approved_amount: number | null }>())!;
    expect(answers.filter((r) => r.status === 200).length).toBe(6);
    expect(answers.filter((r) => r.status === 409).length).toBe(12);
    expect(await topUps(request._id)).toBe(row.status === "Approved" ? 1 : 0);
    expect(await balanceOf(a.id)).toBe(row.approved_amount ?? 0);
  });

  it("a correction adds the corrected amount and tells the reason; a rejection adds nothing and tells the reason", async () => {
    const a = await agency();
    const corrected = await expectStatus(await ask(a.token), 201);
    expect(await expectStatus(await decide(corrected._id, { action: "correct", amount: 45_000, reason: "The slip says 450.00" }), 200))
      .toMatchObject({ status: "Approved", approvedAmount: 45_000, reason: "The slip says 450.00" });
    expect(await balanceOf(a.id)).toBe(45_000);
    const rejected = await expectStatus(await ask(a.token, { ...DETAILS, bankReference: "TRX-2" }), 201);
    expect(await expectStatus(await decide(rejected._id, { action: "reject", reason: "No such transfer" }), 200)).toMatchObject({ status: "Rejected", reason: "No such transfer" });
    expect(await balanceOf(a.id)).toBe(45_000);
    const events = await expectStatus(await call("GET", "/events/all?limit=10", { token: a.token }), 200);
    const texts = events.data.map((e: { title: string; message: string }) => `${e.title} | ${e.message}`).join("\n");
    expect(texts).toMatch(/The slip says 450\.00/);
    expect(texts).toMatch(/rejected[\s\S]*No such transfer/);
    // The statement reads through whom it was paid.
    const statement = await expectStatus(await call("GET", "/transactions/findAllByAgent", { token: a.token }), 200);
    expect(statement.data[0].note).toMatch(/Rafidain Bank · TRX-2026-1182/);
  });

  it("every input is checked: fields, slip type and size, who may ask and decide", async () => {
    const a = await agency();
    expect((await expectStatus(await ask(a.token, { ...DETAILS, amount: 0 }), 400)).message.join(" ")).toMatch(/amount/);
    expect((await expectStatus(await ask(a.token, { ...DETAILS, paidThrough: "" }), 400)).message.join(" ")).toMatch(/paidThrough/);
    expect((await expectStatus(await ask(a.token, DETAILS, null), 400)).message.join(" ")).toMatch(/slip/);
    await expectStatus(await ask(a.token, DETAILS, new File(["plain text"], "slip.txt", { type: "text/plain" })), 415);
    await expectStatus(await ask(a.token, DETAILS, pngFile("huge.png", 11 * 1024 * 1024)), 413);
    await expectStatus(await ask(await staffOf(a.id)), 403);
    const request = await expectStatus(await ask(a.token), 201);
    await expectStatus(await decide(request._id, { action: "approve" }, a.token), 403);
    expect((await expectStatus(await decide(request._id, { action: "reject" }), 400)).message.join(" ")).toMatch(/reason/);
    expect((await expectStatus(await decide(request._id, { action: "maybe" }), 400)).code).toBe("VALIDATION_FAILED");
    await expectStatus(await decide("0190d000-0000-7000-8000-000000000000", { action: "approve" }), 404);
    expect(await balanceOf(a.id)).toBe(0);
  });

  it("payment instructions per language: the office writes them, the agency reads them", async () => {
    const a = await agency();
    const body = { en: "Rafidain Bank, account 0123", ar: "مصرف الرافدين، الحساب ٠١٢٣", ku: "بانکی ڕافیدەین، هەژماری ٠١٢٣" };
    await expectStatus(await call("PATCH", "/settings/payment-instructions", { token: a.token, body }), 403);
    expect(await expectStatus(await call("PATCH", "/settings/payment-instructions", { token: admin, body }), 200)).toMatchObject(body);
    expect(await expectStatus(await call("GET", "/settings/payment-instructions", { token: a.token }), 200)).toMatchObject(body);
    expect((await expectStatus(await call("PATCH", "/settings/payment-instructions", { token: admin, body: { en: 5 } }), 400)).message.join(" ")).toMatch(/en/);
  });
});
