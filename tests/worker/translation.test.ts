/**
 * Translation and legal translation (issue 12) through the real API on real D1 and R2: services and languages, orders
 * charged from the agency's balance, status set A (every illegal move a 409), the refund once, the agency's
 * correction, the translated documents, exports, and a concurrent mix of visa and translation orders on one balance.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { REQUEST_STATUSES_A, REQUEST_TRANSITIONS_A, type RequestStatusA } from "../../src/contract/requests";
import { agencyIn, adminToken, expectStatus, localized, multipart, newCountry, newVisa, staffOf } from "./catalogue-fixtures";
import { call, createAgent, createGroup, signIn } from "./fixtures";

let admin: string;
let nextCode = 0;

async function newLanguage(overrides: Record<string, unknown> = {}) {
  const n = nextCode++;
  const code = `x${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26) % 26)}`;
  return expectStatus(await call("POST", "/translation-language", { token: admin, body: { code, name: localized(`Language ${code}`), ...overrides } }), 201);
}

async function newService(languages: string[], overrides: Record<string, unknown> = {}) {
  return expectStatus(
    await call("POST", "/translation-service", {
      token: admin,
      body: { name: localized("Sworn translation"), pricePerPage: 1_500, languages, turnaroundDays: 3, certified: true, ...overrides },
    }),
    201,
  );
}

/** An agency funded by a real top-up (a ledger row), so reconcile holds for every agency of this file. */
async function agencyWith(balance: number) {
  const agent = await createAgent({ groupId: await createGroup() });
  if (balance > 0) {
    await expectStatus(await call("POST", `/transactions/update-balance/${agent.id}`, { token: admin, body: { operation: "ADD", amount: balance, note: "Opening balance" } }), 201);
  }
  return { id: agent.id, token: (await signIn("Agent", agent.email)).token };
}

const balanceOf = async (agentId: string) => (await env.DB.prepare("SELECT balance FROM agents WHERE id = ?").bind(agentId).first<{ balance: number }>())!.balance;
const ledgerOf = (reference: string) =>
  env.DB.prepare("SELECT type, amount FROM transactions WHERE reference = ? ORDER BY created_at").bind(reference).all<{ type: string; amount: number }>().then((r) => r.results);

const pdf = (name = "translated.pdf") => new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")], name, { type: "application/pdf" });

let from: Record<string, any>;
let to: Record<string, any>;
let other: Record<string, any>;
let service: Record<string, any>;

beforeAll(async () => {
  admin = await adminToken();
  from = await newLanguage();
  to = await newLanguage();
  other = await newLanguage();
  service = await newService([from._id, to._id]);
});

const orderBody = (overrides: Record<string, unknown> = {}) => ({ serviceId: service._id, fromLanguageId: from._id, toLanguageId: to._id, pages: 2, ...overrides });

async function placeOrder(token: string, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return call("POST", "/legal-translation", { token, body: orderBody(overrides), headers });
}

const state = (id: string, token: string, status: RequestStatusA, reason?: string) =>
  call("POST", `/legal-translation/change-request-state/${id}`, { token, body: { status, ...(reason ? { reason } : {}) } });

/** An order of a fresh agency brought to `status` by the admin's moves. */
async function orderIn(status: RequestStatusA) {
  const agency = await agencyWith(100_000);
  const order = await expectStatus(await placeOrder(agency.token), 201);
  const id = order._id as string;
  if (status === "InProcess" || status === "Done") await expectStatus(await state(id, admin, "InProcess"), 200);
  if (status === "CorrectionNeeded") await expectStatus(await state(id, admin, "CorrectionNeeded", "Page 2 is unreadable"), 200);
  if (status === "Canceled") await expectStatus(await state(id, admin, "Canceled"), 200);
  if (status === "Done") {
    await expectStatus(await multipart("PATCH", `/legal-translation/update-by-admin/${id}`, admin, { data: JSON.stringify({ status: "Done" }), file: pdf() }), 200);
  }
  return { id, agency };
}

describe("translation languages and services", () => {
  it("an admin creates, lists and edits languages; agencies see only enabled ones", async () => {
    const hidden = await newLanguage({ enabled: false });
    const list = await expectStatus(await call("GET", "/translation-language?limit=100", { token: admin }), 200);
    expect(list.data.map((l: any) => l._id)).toContain(hidden._id);
    const agency = await agencyIn();
    const seen = await expectStatus(await call("GET", "/translation-language?limit=100", { token: agency.token }), 200);
    expect(seen.data.map((l: any) => l._id)).not.toContain(hidden._id);
    expect(seen.data.map((l: any) => l._id)).toContain(from._id);
    const patched = await expectStatus(await call("PATCH", `/translation-language/${hidden._id}`, { token: admin, body: { enabled: true, name: localized("Persian", "الفارسية", "فارسی") } }), 200);
    expect(patched).toMatchObject({ enabled: true, name: { ar: "الفارسية" } });
  });

  it("refuses bad input (400 naming the field), strangers (401), agencies (403), unknown ids (404) and a taken code (409)", async () => {
    const bad = await expectStatus(await call("POST", "/translation-language", { token: admin, body: { code: "Arabic!", name: localized("x") } }), 400);
    expect(String(bad.message)).toMatch(/code/);
    await expectStatus(await call("POST", "/translation-language", { body: { code: "ar", name: localized("Arabic") } }), 401);
    const agency = await agencyIn();
    await expectStatus(await call("POST", "/translation-language", { token: agency.token, body: { code: "ar", name: localized("Arabic") } }), 403);
    await expectStatus(await call("PATCH", "/translation-language/01900000-0000-7000-8000-000000000000", { token: admin, body: { enabled: false } }), 404);
    const taken = await expectStatus(await call("POST", "/translation-language", { token: admin, body: { code: from.code, name: localized("Again") } }), 409);
    expect(String(taken.message)).toMatch(/^code: /);
    await expectStatus(await call("DELETE", `/translation-language/${from._id}`, { token: admin }), 409);
  });

  it("services: admin CRUD, agencies read enabled ones with their price, staff without any price", async () => {
    await expectStatus(await call("POST", "/translation-service", { token: admin, body: { name: localized("x"), pricePerPage: -1, languages: [from._id], turnaroundDays: 0 } }), 400);
    const unknown = await expectStatus(await call("POST", "/translation-service", { token: admin, body: { name: localized("x"), pricePerPage: 100, languages: [from._id, "nope"], turnaroundDays: 1 } }), 400);
    expect(String(unknown.message)).toMatch(/languages\.1/);
    await expectStatus(await call("GET", "/translation-service"), 401);
    const agency = await agencyIn();
    await expectStatus(await call("GET", "/translation-service", { token: agency.token }), 403);
    await expectStatus(await call("GET", "/translation-service/01900000-0000-7000-8000-000000000000", { token: admin }), 404);

    const disabled = await newService([from._id, to._id], { enabled: false, name: localized("Plain translation"), certified: false });
    const forAgent = await expectStatus(await call("GET", "/translation-service/by-agent?limit=100", { token: agency.token }), 200);
    const ids = forAgent.data.map((s: any) => s._id);
    expect(ids).toContain(service._id);
    expect(ids).not.toContain(disabled._id);
    expect(forAgent.data.find((s: any) => s._id === service._id)).toMatchObject({ pricePerPage: 1_500, currency: "USD", turnaroundDays: 3, certified: true });
    await expectStatus(await call("GET", `/translation-service/one-by-agent/${disabled._id}`, { token: agency.token }), 404);
    const one = await expectStatus(await call("GET", `/translation-service/one-by-agent/${service._id}`, { token: agency.token }), 200);
    expect(one.languageList.map((l: any) => l._id).sort()).toEqual([from._id, to._id].sort());

    const staff = await staffOf(agency.id);
    const staffView = await expectStatus(await call("GET", `/translation-service/one-by-agent/${service._id}`, { token: staff }), 200);
    expect(staffView).not.toHaveProperty("pricePerPage");
    expect(staffView).not.toHaveProperty("currency");

    const edited = await expectStatus(await call("PATCH", `/translation-service/${disabled._id}`, { token: admin, body: { enabled: true, pricePerPage: 900 } }), 200);
    expect(edited).toMatchObject({ enabled: true, pricePerPage: 900, certified: false });
  });
});

describe("ordering", () => {
  it("charges price per page × pages at once, from the same balance and ledger as visas", async () => {
    const agency = await agencyWith(10_000);
    const order = await expectStatus(await placeOrder(agency.token, { pages: 3, note: "Birth certificate" }), 201);
    expect(order).toMatchObject({ kind: "legal", status: "Requested", pages: 3, pricePerPage: 1_500, price: 4_500, currency: "USD" });
    expect(order.reference).toMatch(/^LT-\d{4}-\d{6}$/);
    expect(order.history).toEqual([expect.objectContaining({ from: null, to: "Requested", action: "filed" })]);
    expect(await balanceOf(agency.id)).toBe(5_500);
    const statement = await expectStatus(await call("GET", "/transactions/findAllByAgent", { token: agency.token }), 200);
    expect(statement.data[0]).toMatchObject({ type: "Order", amount: 4_500, balanceAfter: 5_500, reference: order._id, requestReference: order.reference });
  });

  it("a plain (not certified) service makes a translation order; staff order without seeing money", async () => {
    const plain = await newService([from._id, to._id], { certified: false, pricePerPage: 1_000 });
    const agency = await agencyWith(10_000);
    const staff = await staffOf(agency.id);
    const order = await expectStatus(await placeOrder(staff, { serviceId: plain._id }), 201);
    expect(order.kind).toBe("translation");
    expect(order.reference).toMatch(/^TR-/);
    for (const field of ["price", "pricePerPage", "currency"]) expect(order).not.toHaveProperty(field);
    expect(await balanceOf(agency.id)).toBe(8_000);
    const list = await expectStatus(await call("GET", "/legal-translation/by-agent", { token: staff }), 200);
    expect(list.data[0]).not.toHaveProperty("price");
  });

  it("documents uploaded before ordering become the order's documents", async () => {
    const agency = await agencyWith(10_000);
    const attachment = await expectStatus(await multipart("POST", "/requests/upload-attachment-to-s3-by-agent", agency.token, { file: pdf("contract.pdf") }), 201);
    const order = await expectStatus(await placeOrder(agency.token, { documents: [attachment._id] }), 201);
    expect(order.documents).toEqual([expect.objectContaining({ kind: "upload", name: "contract.pdf" })]);
    const again = await expectStatus(await placeOrder(agency.token, { documents: [attachment._id] }), 409);
    expect(again.code).toBe("ATTACHMENT_USED");
  });

  it("400 for bad orders, naming the field; 401; 403 for admins; 404 for an unknown or disabled service", async () => {
    const agency = await agencyWith(10_000);
    const zero = await expectStatus(await placeOrder(agency.token, { pages: 0 }), 400);
    expect(String(zero.message)).toMatch(/pages/);
    const same = await expectStatus(await placeOrder(agency.token, { toLanguageId: from._id }), 400);
    expect(String(same.message)).toMatch(/toLanguageId/);
    const notOffered = await expectStatus(await placeOrder(agency.token, { toLanguageId: other._id }), 400);
    expect(String(notOffered.message)).toMatch(/toLanguageId/);
    await expectStatus(await call("POST", "/legal-translation", { body: orderBody() }), 401);
    await expectStatus(await placeOrder(admin), 403);
    await expectStatus(await placeOrder(agency.token, { serviceId: "01900000-0000-7000-8000-000000000000" }), 404);
    const off = await newService([from._id, to._id], { enabled: false });
    await expectStatus(await placeOrder(agency.token, { serviceId: off._id }), 404);
    expect(await balanceOf(agency.id)).toBe(10_000);
  });

  it("402 with the shortfall when the balance is short; nothing is written", async () => {
    const agency = await agencyWith(2_000);
    const short = await expectStatus(await placeOrder(agency.token, { pages: 2 }), 402);
    expect(short.code).toBe("INSUFFICIENT_BALANCE");
    expect(String(short.message)).toContain("$10.00");
    expect(await balanceOf(agency.id)).toBe(2_000);
    const list = await expectStatus(await call("GET", "/legal-translation/by-agent", { token: agency.token }), 200);
    expect(list.total).toBe(0);
  });

  it("honours Idempotency-Key: a retry answers the first order and charges once; another body is a 409", async () => {
    const agency = await agencyWith(10_000);
    const key = { "Idempotency-Key": `tr-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => placeOrder(agency.token, {}, key)));
    const orders = await Promise.all(answers.map((r) => expectStatus(r, 201)));
    expect(new Set(orders.map((o) => o._id)).size).toBe(1);
    expect(await balanceOf(agency.id)).toBe(7_000);
    await expectStatus(await placeOrder(agency.token, { pages: 5 }, key), 409);
  });
});

describe("status set A", () => {
  const pairs = REQUEST_STATUSES_A.flatMap((from) => REQUEST_STATUSES_A.map((to) => [from, to] as const)).filter(([from, to]) => !REQUEST_TRANSITIONS_A[from][to]);

  it.each(pairs)("%s → %s is a 409 naming the allowed moves", async (fromStatus, toStatus) => {
    const { id } = await orderIn(fromStatus);
    const refused = await expectStatus(await state(id, admin, toStatus, "a reason"), 409);
    expect(refused.code).toBe("ILLEGAL_TRANSITION");
    const after = await expectStatus(await call("GET", `/legal-translation/by-admin/${id}`, { token: admin }), 200);
    expect(after.status).toBe(fromStatus);
  });

  it("the agency may only cancel; an admin's move is 403 for it; CorrectionNeeded needs a reason (400)", async () => {
    const { id, agency } = await orderIn("Requested");
    await expectStatus(await state(id, agency.token, "InProcess"), 403);
    const noReason = await expectStatus(await state(id, admin, "CorrectionNeeded"), 400);
    expect(String(noReason.message)).toMatch(/reason/);
    await expectStatus(await call("POST", `/legal-translation/change-request-state/${id}`, { body: { status: "InProcess" } }), 401);
    await expectStatus(await state("01900000-0000-7000-8000-000000000000", admin, "InProcess"), 404);
    const other = await agencyWith(0);
    await expectStatus(await state(id, other.token, "Canceled"), 404);
    const canceled = await expectStatus(await state(id, agency.token, "Canceled"), 200);
    expect(canceled.allowedTransitions).toEqual([]);
  });

  it("Done needs a translated document (409 without one)", async () => {
    const { id } = await orderIn("InProcess");
    const refused = await expectStatus(await state(id, admin, "Done"), 409);
    expect(refused.code).toBe("RESULT_REQUIRED");
  });

  it("the whole round: correction asked with a reason, the agency corrects (→ Requested), the admin delivers, the agency downloads; others get 404", async () => {
    const { id, agency } = await orderIn("InProcess");
    const asked = await expectStatus(await state(id, admin, "CorrectionNeeded", "Page 2 is cut off"), 200);
    expect(asked).toMatchObject({ status: "CorrectionNeeded", reason: "Page 2 is cut off" });
    const seen = await expectStatus(await call("GET", `/legal-translation/by-agent/${id}`, { token: agency.token }), 200);
    expect(seen).toMatchObject({ reason: "Page 2 is cut off", canCorrect: true, allowedTransitions: ["Canceled"] });

    await expectStatus(await multipart("POST", `/legal-translation/request/${id}`, admin, { file: pdf("page2.pdf") }), 403);
    await expectStatus(await call("POST", `/legal-translation/request/${id}`, { token: agency.token, body: {} }), 400);
    const corrected = await expectStatus(
      await multipart("POST", `/legal-translation/request/${id}`, agency.token, { file: pdf("page2.pdf"), data: JSON.stringify({ note: "Full page attached" }) }),
      200,
    );
    expect(corrected).toMatchObject({ status: "Requested", reason: null });
    expect(corrected.history.at(-1)).toMatchObject({ from: "CorrectionNeeded", to: "Requested", action: "documents", reason: "Full page attached", by: { kind: "Agent" } });

    await expectStatus(await state(id, admin, "InProcess"), 200);
    await expectStatus(await multipart("POST", `/legal-translation/request/${id}`, agency.token, { file: pdf() }), 409);
    const done = await expectStatus(
      await multipart("PATCH", `/legal-translation/update-by-admin/${id}`, admin, { data: JSON.stringify({ status: "Done" }), file: pdf("translated-ar.pdf") }),
      200,
    );
    expect(done.status).toBe("Done");
    const result = done.documents.find((d: any) => d.kind === "result");
    expect(result).toMatchObject({ name: "translated-ar.pdf", contentType: "application/pdf" });
    expect(done.history.map((h: any) => h.to)).toEqual(["Requested", "InProcess", "CorrectionNeeded", "Requested", "InProcess", "Done"]);

    const download = await call("GET", result.url.replace(/^\/api/, ""), { token: agency.token });
    expect(download.status).toBe(200);
    expect((await download.text()).startsWith("%PDF-")).toBe(true);

    const stranger = await agencyWith(0);
    await expectStatus(await call("GET", `/legal-translation/by-agent/${id}`, { token: stranger.token }), 404);
    await expectStatus(await call("GET", result.url.replace(/^\/api/, ""), { token: stranger.token }), 404);
    const strangerList = await expectStatus(await call("GET", "/legal-translation/by-agent", { token: stranger.token }), 200);
    expect(strangerList.total).toBe(0);
    await expectStatus(await call("GET", `/legal-translation/by-admin/${id}`, { token: agency.token }), 403);
    await expectStatus(await call("PATCH", `/legal-translation/update-by-admin/${id}`, { token: agency.token, body: { status: "Done" } }), 403);
    await expectStatus(await call("PATCH", `/legal-translation/update-by-admin/${id}`, { token: admin, body: {} }), 400);
    await expectStatus(await call("PATCH", `/legal-translation/update-by-admin/${id}`, { token: admin, body: { status: "Canceled" } }), 409);
    await expectStatus(await call("PATCH", `/legal-translation/update-by-admin/${id}`, { token: admin, body: { status: "Done" } }), 409);
    const more = await expectStatus(await multipart("PATCH", `/legal-translation/update-by-admin/${id}`, admin, { file: pdf("annex.pdf") }), 200);
    expect(more.documents.filter((d: any) => d.kind === "result")).toHaveLength(2);
    expect(more.history.at(-1)).toMatchObject({ from: "Done", to: "Done", action: "result", reason: "annex.pdf" });
  });
});

describe("refund", () => {
  it("Canceled refunds exactly once, whatever races", async () => {
    const { id, agency } = await orderIn("InProcess");
    expect(await balanceOf(agency.id)).toBe(97_000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => state(id, admin, "Canceled")));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await ledgerOf(id)).toEqual([{ type: "Order", amount: 3_000 }, { type: "Refund", amount: 3_000 }]);
    expect(await balanceOf(agency.id)).toBe(100_000);
    await expectStatus(await state(id, admin, "Canceled"), 409);
    expect(await balanceOf(agency.id)).toBe(100_000);
  });
});

describe("exports", () => {
  it.each(["csv", "xlsx", "pdf"])("%s for admins and agencies, through the one export service", async (format) => {
    const { agency } = await orderIn("Requested");
    for (const [path, token] of [[`/legal-translation/export-by-admin/${format}`, admin], [`/legal-translation/export-by-agent/${format}`, agency.token]] as const) {
      const response = await call("GET", `${path}?lang=ar`, { token });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="translation-orders-\d{4}-\d{2}-\d{2}\.(csv|xlsx|pdf)"/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(50);
      if (format === "csv") expect(new TextDecoder().decode(bytes)).toContain("المرجع");
    }
    await expectStatus(await call("GET", "/legal-translation/export-by-admin/doc", { token: admin }), 400);
    await expectStatus(await call("GET", `/legal-translation/export-by-admin/${format}`, { token: agency.token }), 403);
    await expectStatus(await call("GET", `/legal-translation/export-by-agent/${format}`), 401);
  });

  it("staff exports carry no price column", async () => {
    const { agency } = await orderIn("Requested");
    const staff = await staffOf(agency.id);
    const csv = await (await call("GET", "/legal-translation/export-by-agent/csv?lang=en", { token: staff })).text();
    expect(csv).toContain("Reference");
    expect(csv).not.toContain("Price");
    const agentCsv = await (await call("GET", "/legal-translation/export-by-agent/csv?lang=en", { token: agency.token })).text();
    expect(agentCsv).toContain("Price");
  });
});

describe("one balance, many orders", () => {
  it("200 concurrent visa and translation orders: never below zero, every success charged once, reconcile finds no mismatch", async () => {
    const country = await newCountry(admin);
    const visa = await newVisa(admin, country._id, { price: 1_000, fields: [] });
    const plain = await newService([from._id, to._id], { pricePerPage: 500, certified: false });
    const agency = await agencyWith(150_000);
    const calls = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0
        ? call("POST", "/requests", { token: agency.token, body: { visaId: visa._id, fields: {} } })
        : placeOrder(agency.token, { serviceId: plain._id, pages: 2 }),
    );
    const answers = await Promise.all(calls);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s !== 201 && s !== 402)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(150);
    expect(await balanceOf(agency.id)).toBe(0);
    const rows = (await env.DB.prepare("SELECT balance_after FROM transactions WHERE agent_id = ? AND type = 'Order'").bind(agency.id).all<{ balance_after: number }>()).results;
    expect(rows).toHaveLength(150);
    expect(rows.every((r) => r.balance_after >= 0)).toBe(true);
    const reconcile = await expectStatus(await call("GET", "/transactions/reconcile", { token: admin }), 200);
    expect(reconcile.checked).toBeGreaterThan(10);
    expect(reconcile.mismatches).toBe(0);
  }, 120_000);
});
