/**
 * Group filing (issue 28): 2–200 travellers of one visa filed in one call, charged all or nothing in one batch through
 * the ledger, one Idempotency-Key for the group; cancels refund each traveller once; the office's bulk moves answer
 * per traveller and record each move in that traveller's history.
 */
import { env } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { call } from "./fixtures";
import { expectStatus, localized, multipart, newRequirement, pngFile, staffOf } from "./catalogue-fixtures";
import { APPLICANT, attachment, balanceOf, fundedAgency, patchStatus, reconcileClean, topUp, world, type World } from "./requests-fixtures";
import { closeSockets, socket, type Socket } from "./live-fixtures";

const PRICE = 10_000;

/** Traveller i: the world's applicant with its own name and passport number. */
const letters = (i: number) => String.fromCharCode(65 + (i % 26)) + String.fromCharCode(97 + Math.floor(i / 26));
const traveller = (i: number, extra: Record<string, string> = {}) => ({
  FullName: `Traveller ${letters(i)}`, ...Object.fromEntries(Object.entries(APPLICANT).filter(([k]) => k !== "FullName")),
  PassportNumber: `P${String(1_000_000 + i)}`, ...extra,
});

/** A group body: each traveller with their own passport scan, the photo requirement met once by a shared file. */
async function groupBody(w: World, token: string, count: number, options: { ownPassport?: boolean } = {}) {
  const shared = [{ attachmentId: await attachment(token), requirementId: w.photoReq }];
  const travellers = [];
  for (let i = 0; i < count; i++) {
    travellers.push({
      fields: traveller(i),
      documents: options.ownPassport === false ? [] : [{ attachmentId: await attachment(token), requirementId: w.passportReq }],
    });
  }
  return { visaId: w.visa._id, name: "Karbala pilgrims", sharedDocuments: shared, travellers };
}

/** Records the size of every D1 batch the worker runs until stop() (the worker's binding is the test's own). */
function countBatches() {
  const sizes: number[] = [];
  const batch = env.DB.batch;
  env.DB.batch = ((statements: D1PreparedStatement[]) => {
    sizes.push(statements.length);
    return batch.call(env.DB, statements);
  }) as typeof batch;
  return { sizes, stop: () => void (env.DB.batch = batch) };
}

const fileGroup = (token: string, body: unknown, key?: string) =>
  call("POST", "/request-groups", { token, body, headers: key ? { "Idempotency-Key": key } : {} });

const ordersOf = async (agentId: string) =>
  (await env.DB.prepare("SELECT type, amount, reference, seq FROM transactions WHERE agent_id = ? AND type IN ('Order', 'Refund') ORDER BY seq").bind(agentId)
    .all<{ type: string; amount: number; reference: string; seq: number }>()).results;

describe("POST /request-groups", () => {
  it("files 50 travellers in one call, charged in one batch: 50 ordinary requests under one VG reference", { timeout: 60_000 }, async () => {
    // Only the photo is required: one shared file meets it for all 50 (no 50 uploads needed).
    const w = await world({ requirementIds: [] });
    const letter = await newRequirement(w.admin, { name: localized("Group letter", "كتاب المجموعة", "نامەی گرووپ") });
    await expectStatus(await call("PATCH", `/visa/${w.visa._id}`, { token: w.admin, body: { requirementIds: [letter._id] } }), 200);
    const agency = await fundedAgency(w, 60 * PRICE);
    const body = {
      visaId: w.visa._id, sharedDocuments: [{ attachmentId: await attachment(agency.token), requirementId: letter._id }],
      travellers: Array.from({ length: 50 }, (_, i) => ({ fields: traveller(i) })),
    };
    // A top-up racing the filing: one batch means no ledger row of anyone lands between the group's 50 Orders.
    const [filed] = await Promise.all([fileGroup(agency.token, body, "group-50"), topUp(w.admin, agency.id, 1)]);
    const group = await expectStatus(filed, 201);

    expect(group.reference).toMatch(/^VG-\d{4}-\d{6}$/);
    expect(group.travellerCount).toBe(50);
    expect(group.total).toBe(50 * PRICE);
    expect(group.counts).toEqual({ Requested: 50 });
    expect(group.travellers).toHaveLength(50);
    const references = group.travellers.map((t: any) => t.reference);
    expect(new Set(references).size).toBe(50);
    for (const ref of references) expect(ref).toMatch(/^VR-\d{4}-\d{6}$/);
    // Filed in the order given, references consecutive.
    expect(group.travellers.map((t: any) => t.fields.FullName)).toEqual(body.travellers.map((t) => t.fields.FullName));
    const numbers = references.map((r: string) => Number(r.slice(-6)));
    expect(numbers).toEqual(numbers.map((_: number, i: number) => numbers[0] + i));

    const orders = await ordersOf(agency.id);
    expect(orders).toHaveLength(50);
    expect(orders.every((o) => o.amount === PRICE)).toBe(true);
    expect(orders.map((o) => o.seq)).toEqual(orders.map((_, i) => orders[0]!.seq + i));
    expect(await balanceOf(agency.id)).toBe(60 * PRICE + 1 - 50 * PRICE);

    // Each traveller is an ordinary request: its own page, the shared letter among its documents, its history.
    const one = await expectStatus(await call("GET", `/requests/one-by-agent/${group.travellers[7]._id}`, { token: agency.token }), 200);
    expect(one.groupId).toBe(group._id);
    expect(one.documents.map((d: any) => d.requirementId)).toEqual([letter._id]);
    expect(one.history.map((h: any) => h.action)).toEqual(["filed"]);
    await reconcileClean(w.admin);
  });

  it("files 200 travellers in a batch of a fixed number of statements, the Orders chained down to the credit floor exactly", { timeout: 180_000 }, async () => {
    // D1 counts queries per Worker invocation (1,000 paid, 50 free): the group's batch must not grow with its travellers.
    const w = await world();
    const agency = await fundedAgency(w, 150 * PRICE - 1);
    // A credit line of 50 travellers: 200 reach the floor exactly; the last Order's row is the one the CHECK looks at.
    await env.DB.prepare("UPDATE agents SET credit_limit = ? WHERE id = ?").bind(50 * PRICE, agency.id).run();
    const body = await groupBody(w, agency.token, 200);
    const { sizes, stop } = countBatches();
    let group: any;
    try {
      // One cent short of the floor first: refused whole, nothing written.
      await expectStatus(await fileGroup(agency.token, body, "group-200"), 402);
      expect(await ordersOf(agency.id)).toEqual([]);
      await topUp(w.admin, agency.id, 1);
      group = await expectStatus(await fileGroup(agency.token, body, "group-200"), 201);
    } finally {
      stop();
    }
    expect(sizes.length, "the worker's D1 binding is the test's").toBeGreaterThan(0);
    // The group's batch: 17 statements (was ~1,800), the same for 2 travellers or 200.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(17);
    console.log(`group of 200: batches of ${sizes.join(", ")} statements`);
    expect(group.travellerCount).toBe(200);
    expect(group.counts).toEqual({ Requested: 200 });
    const numbers = group.travellers.map((t: any) => Number(t.reference.slice(-6)));
    expect(numbers).toEqual(numbers.map((_: number, i: number) => numbers[0] + i));
    expect(group.travellers.map((t: any) => t.fields.PassportNumber)).toEqual(body.travellers.map((t) => t.fields.PassportNumber));

    // The ledger reads as 200 Orders one after another: consecutive seq, each balance PRICE below the one before, the
    // last at −50 travellers (the floor), each row naming its traveller.
    const rows = (await env.DB.prepare("SELECT amount, balance_after, credit_floor, reference, seq FROM transactions WHERE agent_id = ? AND type = 'Order' ORDER BY seq")
      .bind(agency.id).all<{ amount: number; balance_after: number; credit_floor: number; reference: string; seq: number }>()).results;
    expect(rows).toHaveLength(200);
    expect(rows.map((r) => r.balance_after)).toEqual(rows.map((_, i) => 150 * PRICE - (i + 1) * PRICE));
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => rows[0]!.seq + i));
    expect(rows.every((r) => r.credit_floor === -50 * PRICE)).toBe(true);
    expect(rows.map((r) => r.reference)).toEqual(group.travellers.map((t: any) => t._id));
    expect(await balanceOf(agency.id)).toBe(-50 * PRICE);

    // Every traveller an ordinary request: its own passport scan and the shared photo, its history row.
    const one = await expectStatus(await call("GET", `/requests/one-by-agent/${group.travellers[199]._id}`, { token: agency.token }), 200);
    expect(one.documents.map((d: any) => d.requirementId).sort()).toEqual([w.passportReq, w.photoReq].sort());
    expect(one.history.map((h: any) => h.action)).toEqual(["filed"]);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM request_documents d JOIN visa_requests r ON r.id = d.request_id WHERE r.group_id = ?").bind(group._id).first<{ n: number }>())!;
    expect(n).toBe(400);
    await reconcileClean(w.admin);
  });

  it("refuses a group the balance does not cover with a 402 naming the total and the shortfall, and charges nothing", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 3 * PRICE - 1);
    const body = await groupBody(w, agency.token, 3);
    const response = await fileGroup(agency.token, body, "short-group");
    const error = await expectStatus(response, 402);
    expect(error.code).toBe("INSUFFICIENT_BALANCE");
    // $300.00 in all, $0.01 missing (the agency's own words: it can top up exactly that).
    expect(error.message).toContain("$300.00");
    expect(error.message).toContain("$0.01");
    expect(await balanceOf(agency.id)).toBe(3 * PRICE - 1);
    expect(await ordersOf(agency.id)).toEqual([]);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM visa_requests WHERE agent_id = ?").bind(agency.id).first<{ n: number }>())!;
    expect(n).toBe(0);
    expect((await expectStatus(await call("GET", "/request-groups", { token: agency.token }), 200)).total).toBe(0);

    // Nothing was used up: after a top-up the same submission (same key, same attachments) goes through.
    await topUp(w.admin, agency.id, 1);
    const group = await expectStatus(await fileGroup(agency.token, body, "short-group"), 201);
    expect(group.travellerCount).toBe(3);
    expect(await balanceOf(agency.id)).toBe(0);
  });

  it("files one group for the same key sent 20 times at once, and answers all 20 with it", { timeout: 60_000 }, async () => {
    const w = await world();
    const agency = await fundedAgency(w, 100 * PRICE);
    const body = await groupBody(w, agency.token, 4);
    const responses = await Promise.all(Array.from({ length: 20 }, () => fileGroup(agency.token, body, "same-group-key")));
    const answers = await Promise.all(responses.map((r) => expectStatus(r, 201)));
    expect(new Set(answers.map((a) => a._id)).size).toBe(1);
    expect(responses.filter((r) => r.headers.get("Idempotent-Replayed") === "true")).toHaveLength(19);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM request_groups WHERE agent_id = ?").bind(agency.id).first<{ n: number }>())!;
    expect(n).toBe(1);
    expect(await ordersOf(agency.id)).toHaveLength(4);
    expect(await balanceOf(agency.id)).toBe(96 * PRICE);
    // The same key with another body is a reuse, not a second group.
    const other = await expectStatus(await fileGroup(agency.token, { ...body, name: "Another" }, "same-group-key"), 409);
    expect(other.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("names every problem on its traveller's row at once, and checks the group's size", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const body = await groupBody(w, agency.token, 3);
    body.travellers[1]!.fields = { ...traveller(1), PassportNumber: "" };
    body.travellers[2]!.fields = traveller(0); // the first traveller's passport again
    body.travellers[2]!.documents = [];
    const error = await expectStatus(await fileGroup(agency.token, body), 400);
    const messages: string[] = error.message;
    expect(messages.some((m) => m.startsWith("travellers.1.fields.PassportNumber:"))).toBe(true);
    expect(messages.some((m) => m.startsWith("travellers.2.fields.PassportNumber:") && /another traveller of this group/.test(m))).toBe(true);
    expect(messages.some((m) => m.startsWith("travellers.2.documents:") && /Passport scan/.test(m))).toBe(true);
    expect(messages.some((m) => m.startsWith("travellers.0"))).toBe(false);

    const one = await expectStatus(await fileGroup(agency.token, { ...body, travellers: body.travellers.slice(0, 1) }), 400);
    expect(one.message).toEqual(["travellers: A group needs at least 2 travellers."]);
    const many = await expectStatus(await fileGroup(agency.token, { ...body, travellers: Array.from({ length: 201 }, () => body.travellers[0]) }), 400);
    expect(many.message).toEqual(["travellers: A group can have at most 200 travellers."]);
    expect(await ordersOf(agency.id)).toEqual([]);
  });

  it("shows the group to its agency (staff without money), and to no other agency", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const group = await expectStatus(await fileGroup(agency.token, await groupBody(w, agency.token, 2)), 201);
    const staff = await staffOf(agency.id);
    const seen = await expectStatus(await call("GET", `/request-groups/${group._id}`, { token: staff }), 200);
    expect(seen.total).toBeUndefined();
    expect(seen.travellers[0].price).toBeUndefined();
    const list = await expectStatus(await call("GET", "/request-groups", { token: agency.token }), 200);
    expect(list.data.map((g: any) => [g.reference, g.travellerCount, g.counts])).toEqual([[group.reference, 2, { Requested: 2 }]]);
    const stranger = await fundedAgency(w);
    expect((await call("GET", `/request-groups/${group._id}`, { token: stranger.token })).status).toBe(404);
    expect((await call("PATCH", `/request-groups/${group._id}/cancel`, { token: stranger.token })).status).toBe(404);
  });
});

describe("PATCH /request-groups/{id}/cancel", () => {
  it("after one traveller was cancelled alone, cancels the rest: each traveller refunded exactly once", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 10 * PRICE);
    const group = await expectStatus(await fileGroup(agency.token, await groupBody(w, agency.token, 4)), 201);
    const [first, second] = group.travellers;
    await expectStatus(await patchStatus(agency.token, first._id, { status: "Canceled" }), 200);
    // The office has taken the second one up: the group's cancel leaves it, and says why.
    await expectStatus(await patchStatus(w.admin, second._id, { status: "InProcess" }), 200);

    const answer = await expectStatus(await call("PATCH", `/request-groups/${group._id}/cancel`, { token: agency.token }), 200);
    expect(answer.moved).toBe(2);
    expect(answer.refused).toBe(1);
    const refused = answer.results.find((r: any) => !r.ok);
    expect(refused).toMatchObject({ _id: second._id, reference: second.reference, status: "InProcess" });
    expect(refused.error.message).toMatch(/already taken this traveller's request up/);
    expect(answer.group.counts).toEqual({ Canceled: 3, InProcess: 1 });

    // Again: nothing more to cancel, nothing refunded twice.
    const again = await expectStatus(await call("PATCH", `/request-groups/${group._id}/cancel`, { token: agency.token }), 200);
    expect(again.moved).toBe(0);
    const refunds = (await ordersOf(agency.id)).filter((o) => o.type === "Refund").map((o) => o.reference);
    expect(refunds.sort()).toEqual(group.travellers.filter((t: any) => t._id !== second._id).map((t: any) => t._id).sort());
    expect(await balanceOf(agency.id)).toBe(10 * PRICE - PRICE);
    // Each canceled traveller's own history says so.
    const history = await expectStatus(await call("GET", `/requests/one-by-agent/${group.travellers[3]._id}`, { token: agency.token }), 200);
    expect(history.history.map((h: any) => h.to)).toEqual(["Requested", "Canceled"]);
    await reconcileClean(w.admin);
  });
});

describe("office: admin/request-groups and admin/requests/bulk-status", () => {
  it("lists groups with their count and state mix; bulk moves answer per traveller, each move in its history", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 10 * PRICE);
    const group = await expectStatus(await fileGroup(agency.token, await groupBody(w, agency.token, 4)), 201);
    const ids = group.travellers.map((t: any) => t._id);
    await expectStatus(await patchStatus(agency.token, ids[3], { status: "Canceled" }), 200);

    const queue = await expectStatus(await call("GET", `/admin/request-groups?agentId=${agency.id}&status=Requested`, { token: w.admin }), 200);
    expect(queue.data.map((g: any) => [g.reference, g.travellerCount, g.counts, g.agency.name])).toEqual([
      [group.reference, 4, { Canceled: 1, Requested: 3 }, group.agency.name],
    ]);

    const start = await expectStatus(await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids: ids.slice(0, 2), change: { status: "InProcess" } } }), 200);
    expect(start).toMatchObject({ moved: 2, refused: 0 });
    // Approve all four: the two in process move; the one still Requested and the canceled one are refused, with why.
    const missing = "0190000000000000000000000000";
    const approve = await expectStatus(
      await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids: [...ids, missing], change: { status: "Approved" } } }),
      200,
    );
    expect(approve.moved).toBe(2);
    expect(approve.refused).toBe(3);
    const by = Object.fromEntries(approve.results.map((r: any) => [r._id, r]));
    expect(by[ids[0]]).toMatchObject({ ok: true, status: "Approved" });
    expect(by[ids[2]]).toMatchObject({ ok: false, status: "Requested", error: { statusCode: 409, code: "ILLEGAL_TRANSITION" } });
    expect(by[ids[2]].error.message).toMatch(/Requested/);
    expect(by[ids[3]]).toMatchObject({ ok: false, status: "Canceled", error: { statusCode: 409 } });
    expect(by[missing]).toMatchObject({ ok: false, reference: null, error: { statusCode: 404 } });

    // A reject with one reason for the rest: refunded once, the reason in its history.
    const reject = await expectStatus(
      await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids: [ids[2]], change: { status: "Rejected", reason: "Passport photo unclear" } } }),
      200,
    );
    expect(reject.moved).toBe(1);
    const rejected = await expectStatus(await call("GET", `/requests/one-by-agent/${ids[2]}`, { token: agency.token }), 200);
    expect(rejected.history.at(-1)).toMatchObject({ from: "Requested", to: "Rejected", reason: "Passport photo unclear", by: { kind: "Admin" } });
    const approved = await expectStatus(await call("GET", `/requests/one-by-agent/${ids[0]}`, { token: agency.token }), 200);
    expect(approved.history.map((h: any) => h.to)).toEqual(["Requested", "InProcess", "Approved"]);

    // A reason is required as for one request; agencies may not bulk-move.
    const noReason = await expectStatus(await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids, change: { status: "Rejected" } } }), 400);
    expect(noReason.message).toEqual([expect.stringMatching(/^change\.reason: /)]);
    expect((await call("PATCH", "/admin/requests/bulk-status", { token: agency.token, body: { ids, change: { status: "InProcess" } } })).status).toBe(403);
    const detail = await expectStatus(await call("GET", `/admin/request-groups/${group._id}`, { token: w.admin }), 200);
    expect(detail.counts).toEqual({ Approved: 2, Canceled: 1, Rejected: 1 });
    await reconcileClean(w.admin);
  });
});

describe("bulk moves of a large group", () => {
  it("rejects 60 travellers with one reason in 25-move batches: each refunded once, the reason in each history, a canceled one refused", { timeout: 120_000 }, async () => {
    const w = await world({ requirementIds: [] });
    const agency = await fundedAgency(w, 60 * PRICE);
    const body = { visaId: w.visa._id, travellers: Array.from({ length: 60 }, (_, i) => ({ fields: traveller(i) })) };
    const group = await expectStatus(await fileGroup(agency.token, body), 201);
    const ids: string[] = group.travellers.map((t: any) => t._id);
    await expectStatus(await patchStatus(agency.token, ids[30]!, { status: "Canceled" }), 200);

    const { sizes, stop } = countBatches();
    let answer: any;
    try {
      answer = await expectStatus(await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids, change: { status: "Rejected", reason: "الصورة غير واضحة" } } }), 200);
    } finally {
      stop();
    }
    expect(answer).toMatchObject({ moved: 59, refused: 1 });
    expect(answer.results[30]).toMatchObject({ _id: ids[30], ok: false, status: "Canceled", error: { statusCode: 409 } });
    // 59 moves in 3 batches (25, 25, 9), not 59: each move with its refund is 6 statements.
    expect(sizes.filter((n) => n > 1)).toEqual([25 * 6, 25 * 6, 9 * 6]);

    const refunds = (await ordersOf(agency.id)).filter((o) => o.type === "Refund");
    expect(refunds).toHaveLength(60);
    expect(new Set(refunds.map((r) => r.reference)).size).toBe(60);
    expect(await balanceOf(agency.id)).toBe(60 * PRICE);
    const one = await expectStatus(await call("GET", `/requests/one-by-agent/${ids[59]}`, { token: agency.token }), 200);
    expect(one.history.at(-1)).toMatchObject({ from: "Requested", to: "Rejected", reason: "الصورة غير واضحة" });
    // The same move again: every traveller refused (closed), nothing refunded twice.
    const again = await expectStatus(await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids, change: { status: "Rejected", reason: "x" } } }), 200);
    expect(again).toMatchObject({ moved: 0, refused: 60 });
    expect((await ordersOf(agency.id)).filter((o) => o.type === "Refund")).toHaveLength(60);
    await reconcileClean(w.admin);
  });
});

describe("one notice per group action (item 2)", () => {
  afterAll(closeSockets);

  /** Every live message that arrived (the API answers after publishing), the quiet ones apart. */
  async function drain(live: Socket) {
    const all: Record<string, any>[] = [];
    for (let m = await live.next(400); m; m = await live.next(400)) all.push(m);
    const valueOf = (m: Record<string, any>) => JSON.parse(m.data.value);
    return { notices: all.filter((m) => !valueOf(m).quiet && !valueOf(m).echo), quiet: all.filter((m) => valueOf(m).quiet), valueOf };
  }
  const bell = async (token: string, q = "") => (await expectStatus(await call("GET", `/events/all?limit=100${q}`, { token }), 200)) as { data: any[]; unseen: number };

  it("filing 40 is one notice for the office; approving them in bulk one for the agency, in its language; each traveller's page still hears", { timeout: 120_000 }, async () => {
    const w = await world({ requirementIds: [] });
    const agency = await fundedAgency(w, 40 * PRICE);
    await env.DB.prepare("UPDATE agents SET locale = 'ar' WHERE id = ?").bind(agency.id).run();
    const admins = await socket("admins", w.admin);
    const adminUnseen = (await bell(w.admin)).unseen;

    const body = { visaId: w.visa._id, travellers: Array.from({ length: 40 }, (_, i) => ({ fields: traveller(i) })) };
    const group = await expectStatus(await fileGroup(agency.token, body), 201);
    const ids: string[] = group.travellers.map((t: any) => t._id);
    const filed = await drain(admins);
    expect(filed.notices.map((m) => m.notification.title)).toEqual([`New group ${group.reference}: Tourist visa, 40 travellers`]);
    expect(filed.valueOf(filed.notices[0]!)).toMatchObject({ groupId: group._id, reference: group.reference, status: "Requested" });
    // Each traveller's own message still comes (open pages follow it), quiet: no event id, nothing for the bell.
    expect(filed.quiet.map((m) => filed.valueOf(m).requestId).sort()).toEqual([...ids].sort());
    expect(filed.quiet.every((m) => filed.valueOf(m).eventId === undefined)).toBe(true);
    expect((await bell(w.admin)).unseen).toBe(adminUnseen + 1);

    // Two travellers canceled by the agency alone (ordinary notices), then the office starts all 40: 38 move.
    for (const id of ids.slice(0, 2)) await expectStatus(await patchStatus(agency.token, id, { status: "Canceled" }), 200);
    const owner = await socket("agency", agency.token);
    const agencyUnseen = (await bell(agency.token)).unseen;
    await expectStatus(await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids, change: { status: "InProcess" } } }), 200);
    const started = await drain(owner);
    expect(started.notices).toHaveLength(1);
    // A mixed result names its counts, in the agency's Arabic and digits.
    expect(started.notices[0]!.notification.title).toBe(`المجموعة ${group.reference}: قيد المعالجة (٣٨ من أصل ٤٠ من المسافرين)`);
    expect(started.notices[0]!.notification.body).toContain("لم يُنقل ٢ منهم");
    expect(started.quiet).toHaveLength(38);

    const approve = await expectStatus(await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids: ids.slice(2), change: { status: "Approved" } } }), 200);
    expect(approve.moved).toBe(38);
    const approved = await drain(owner);
    expect(approved.notices.map((m) => m.notification.title)).toEqual([`المجموعة ${group.reference}: مُوافَق عليه (عدد المسافرين ٣٨)`]);
    expect(approved.valueOf(approved.notices[0]!)).toMatchObject({ groupId: group._id, status: "Approved" });
    expect(approved.quiet.map((m) => approved.valueOf(m).requestId).sort()).toEqual(ids.slice(2).sort());
    // The agency's bell: one entry per action, each leading to the group.
    const after = await bell(agency.token, "&type=request.updated");
    expect(after.unseen).toBe(agencyUnseen + 2);
    const groupEvents = after.data.filter((e) => JSON.parse(e.value).groupId === group._id);
    expect(groupEvents).toHaveLength(2);
    expect(after.data.filter((e) => ids.slice(2).includes(JSON.parse(e.value).requestId))).toHaveLength(0);
    // The travellers' own rows are there, quiet, one per move (40 filed, 38 started, 38 approved).
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE quiet = 1 AND json_extract(value, '$.requestId') IN (SELECT id FROM visa_requests WHERE group_id = ?)").bind(group._id).first<{ n: number }>())!;
    expect(n).toBe(40 + 38 + 38);
  });
});

describe("POST /request-groups/import-template/{format}", () => {
  it("answers the visa's fields as columns in the page's language (csv, xlsx); other formats are a 400", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 0);
    const csv = await call("POST", "/request-groups/import-template/csv?lang=ar", { token: agency.token, body: { visaId: w.visa._id } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/attachment; filename="tourist-visa-travellers\.csv"/);
    expect((await csv.text()).replace(/^\uFEFF/, "").trim()).toBe("الاسم الكامل,رقم الجواز,تاريخ الميلاد,تاريخ السفر,تاريخ العودة,تاريخ انتهاء الجواز");
    const xlsx = await call("POST", "/request-groups/import-template/xlsx?lang=ku", { token: agency.token, body: { visaId: w.visa._id } });
    expect(xlsx.status).toBe(200);
    expect([...new Uint8Array(await xlsx.arrayBuffer()).slice(0, 2)]).toEqual([0x50, 0x4b]); // a zip: PK
    expect((await call("POST", "/request-groups/import-template/pdf", { token: agency.token, body: { visaId: w.visa._id } })).status).toBe(400);
    expect((await call("POST", "/request-groups/import-template/csv", { token: agency.token, body: {} })).status).toBe(400);
  });
});

describe("POST /admin/requests/bulk-results", () => {
  it("matches files to travellers by the passport number in their names: a preview stores nothing, saving attaches each to its traveller", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const group = await expectStatus(await fileGroup(agency.token, await groupBody(w, agency.token, 3)), 201);
    const [a, b] = group.travellers;
    const files = [pngFile(`visa_${a.fields.PassportNumber.toLowerCase()}.png`), pngFile(`${b.fields.PassportNumber}-approved.png`), pngFile("unknown-X9999999.png")];
    const preview = await expectStatus(await multipart("POST", "/admin/requests/bulk-results", w.admin, { groupId: group._id, file: files }), 200);
    expect(preview.saved).toBe(false);
    expect(preview.matches.map((m: any) => [m.file, m.reference])).toEqual([
      [files[0]!.name, a.reference], [files[1]!.name, b.reference], ["unknown-X9999999.png", null],
    ]);
    const untouched = await expectStatus(await call("GET", `/requests/one-by-agent/${a._id}`, { token: agency.token }), 200);
    expect(untouched.documents.filter((d: any) => d.kind === "result")).toEqual([]);

    const saved = await expectStatus(await multipart("POST", "/admin/requests/bulk-results", w.admin, { groupId: group._id, file: files, save: "true" }), 201);
    expect(saved.saved).toBe(true);
    const withResult = await expectStatus(await call("GET", `/requests/one-by-agent/${a._id}`, { token: agency.token }), 200);
    expect(withResult.documents.filter((d: any) => d.kind === "result").map((d: any) => d.name)).toEqual([files[0]!.name]);
    expect(withResult.history.at(-1)).toMatchObject({ action: "result", by: { kind: "Admin" } });
    const third = await expectStatus(await call("GET", `/requests/one-by-agent/${group.travellers[2]._id}`, { token: agency.token }), 200);
    expect(third.documents.filter((d: any) => d.kind === "result")).toEqual([]);
    // Agencies may not; six files in one call are too many.
    expect((await multipart("POST", "/admin/requests/bulk-results", agency.token, { groupId: group._id, file: files })).status).toBe(403);
    expect((await multipart("POST", "/admin/requests/bulk-results", w.admin, { groupId: group._id, file: [...files, ...files] })).status).toBe(400);
  });
});

describe("GET /request-groups/{id}/export/{format}", () => {
  it("answers the group's travellers as a file in the caller's language (the request export, filtered to the group)", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const group = await expectStatus(await fileGroup(agency.token, await groupBody(w, agency.token, 2)), 201);
    await expectStatus(await fileGroup(agency.token, await groupBody(w, agency.token, 3)), 201); // another group: not in this file
    const csv = await call("GET", `/request-groups/${group._id}/export/csv?lang=ar`, { token: agency.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Disposition")).toMatch(/attachment/);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toContain("المرجع");
    expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual(group.travellers.map((t: any) => t.reference).sort());
    expect((await call("GET", `/request-groups/${group._id}/export/pdf`, { token: agency.token })).status).toBe(200);
    const stranger = await fundedAgency(w);
    expect((await call("GET", `/request-groups/${group._id}/export/csv`, { token: stranger.token })).status).toBe(404);
  });
});
