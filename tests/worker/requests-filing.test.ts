/** Filing visa requests (issue 8 "Must show"): money, idempotency, visibility, documents, staff, bad input. */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../src/contract/catalogue";
import { bodyHash, idempotent } from "../../functions/services/idempotency";
import { call, createGroup } from "./fixtures";
import { agencyIn, expectStatus, multipart, pngFile, staffOf } from "./catalogue-fixtures";
import {
  APPLICANT, attachment, balanceOf, fetchFile, file, fileOk, filingBody, fundedAgency, ledgerOf, reconcileClean, topUp, world,
} from "./requests-fixtures";

describe("filing a visa request", { timeout: 60_000 }, () => {
  it("charges the price as an Order in the same batch that creates the request, with a per-year reference", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 25_000);
    const request = await fileOk(w, agency.token);
    expect(request.reference).toMatch(new RegExp(`^VR-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(request).toMatchObject({ status: "Requested", price: 10_000, currency: "USD", agency: { _id: agency.id }, filedBy: { kind: "Agent" } });
    expect(request.fields).toMatchObject({ FullName: "Ahmed Ali", PassportNumber: "A1234567" });
    expect(request.documents).toHaveLength(2);
    expect(request.history).toMatchObject([{ from: null, to: "Requested", action: "filed" }]);
    expect(request.allowedTransitions).toEqual(["Canceled"]);
    expect(await balanceOf(agency.id)).toBe(15_000);
    expect((await ledgerOf(agency.id)).map((r) => [r.type, r.amount, r.balance_after, r.reference])).toEqual([
      ["TopUp", 25_000, 25_000, null],
      ["Order", 10_000, 15_000, request._id],
    ]);
    const second = await fileOk(w, agency.token);
    expect(Number(second.reference.slice(-6))).toBe(Number(request.reference.slice(-6)) + 1);
    await reconcileClean(w.admin);
  });

  it("refuses a filing the balance does not cover: 402 naming the shortfall, nothing written", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 7_550);
    const body = await filingBody(w, agency.token);
    const refused = await expectStatus(await file(agency.token, body), 402);
    expect(refused.code).toBe("INSUFFICIENT_BALANCE");
    // Money in the reader's language (issue 26): English writes "$75.50", each amount isolated for bidi.
    expect(refused.message).toContain("\u2068$75.50\u2069");
    expect(refused.message).toContain("\u2068$100.00\u2069");
    expect(refused.message).toContain("\u2068$24.50\u2069");
    expect(await balanceOf(agency.id)).toBe(7_550);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM visa_requests WHERE agent_id = ?").bind(agency.id).first("n")).toBe(0);
    // The attachments were not consumed: a top-up and the same filing go through.
    await topUp(w.admin, agency.id, 2_450);
    await expectStatus(await file(agency.token, body), 201);
    expect(await balanceOf(agency.id)).toBe(0);
  });

  it("charges the group price when there is one, and a hidden visa cannot be ordered", async () => {
    const w = await world();
    const group = await createGroup();
    const agency = await fundedAgency(w, 100_000, group);
    await expectStatus(await call("POST", "/group-price", { token: w.admin, body: { groupId: group, visaId: w.visa._id, price: 6_500 } }), 201);
    const request = await fileOk(w, agency.token);
    expect(request.price).toBe(6_500);
    expect(await balanceOf(agency.id)).toBe(93_500);

    await expectStatus(await call("POST", `/visa/set-hide-from-group/${w.visa._id}`, { token: w.admin, body: { groupIds: [group] } }), 200);
    const hidden = await expectStatus(await file(agency.token, await filingBody(w, agency.token)), 404);
    expect(hidden.message).toBe("Visa not found.");
    expect(await balanceOf(agency.id)).toBe(93_500);
  });

  it("answers 400 naming each bad field, never a 500", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const body = await filingBody(w, agency.token, { ...APPLICANT, DateOfBirth: "2999-01-01", PassportNumber: "x", FullName: "" });
    const bad = await expectStatus(await file(agency.token, body), 400);
    expect(bad.message).toEqual(expect.arrayContaining([
      expect.stringMatching(/^fields\.FullName: /), expect.stringMatching(/^fields\.PassportNumber: /), expect.stringMatching(/^fields\.DateOfBirth: /),
    ]));
    const unknownField = await expectStatus(await file(agency.token, { ...body, fields: { ...APPLICANT, Shoe: "42" } }), 400);
    expect(unknownField.message.join(" ")).toContain("fields.Shoe");
    const noDocs = await expectStatus(await file(agency.token, { visaId: w.visa._id, fields: APPLICANT, documents: [] }), 400);
    expect(noDocs.message[0]).toMatch(/^documents: .*Passport scan.*Photo/);
    for (const odd of [null, [], "x", { visaId: 5 }, { visaId: "a b", fields: [] }, { visaId: w.visa._id, fields: { FullName: 3 } }]) {
      expect((await file(agency.token, odd)).status).toBe(400);
    }
    const notJson = await call("POST", "/requests", { token: agency.token, body: "{oops", headers: { "Content-Type": "application/json" } });
    expect(notJson.status).toBe(400);
    const badList = await expectStatus(await call("GET", "/requests/agent-list?status=Nope&from=2026-02-30&limit=1000", { token: agency.token }), 400);
    expect(badList.message.join(" ")).toMatch(/status.*from.*limit|status/);
    expect(await balanceOf(agency.id)).toBe(1_000_000);
  });

  it("refuses documents of the wrong type (415) or over 10 MB (413)", async () => {
    const agency = await agencyIn();
    const text = new File([new TextEncoder().encode("just text")], "scan.png", { type: "image/png" });
    expect((await expectStatus(await multipart("POST", "/requests/upload-attachment-to-s3-by-agent", agency.token, { file: text }), 415)).code).toBe("UNSUPPORTED_FILE_TYPE");
    await expectStatus(await multipart("POST", "/requests/upload-attachment-to-s3-by-agent", agency.token, { file: pngFile("big.png", MAX_FILE_BYTES + 1) }), 413);
    const pdf = new File([new TextEncoder().encode("%PDF-1.7\n%…")], "scan.pdf", { type: "application/pdf" });
    const stored = await expectStatus(await multipart("POST", "/requests/upload-attachment-to-s3-by-agent", agency.token, { file: pdf }), 201);
    expect(stored).toMatchObject({ contentType: "application/pdf", name: "scan.pdf" });
  });

  it("keeps other agencies out: 404 for the request and for its documents", async () => {
    const w = await world();
    const owner = await fundedAgency(w);
    const other = await fundedAgency(w);
    const request = await fileOk(w, owner.token);
    await expectStatus(await call("GET", `/requests/one-by-agent/${request._id}`, { token: other.token }), 404);
    await expectStatus(await call("PATCH", `/requests/${request._id}`, { token: other.token, body: { status: "Canceled" } }), 404);
    const list = await expectStatus(await call("GET", "/requests/agent-list", { token: other.token }), 200);
    expect(list.total).toBe(0);
    const url = request.documents[0].url as string;
    expect((await fetchFile(url, owner.token)).status).toBe(200);
    expect((await fetchFile(url, w.admin)).status).toBe(200);
    const foreign = await fetchFile(url, other.token);
    expect(foreign.status, await foreign.clone().text()).toBe(404);
    // An attachment not yet filed is private too.
    const loose = await attachment(owner.token);
    const key = (await env.DB.prepare("SELECT file_key FROM attachments WHERE id = ?").bind(loose).first<{ file_key: string }>())!.file_key;
    expect((await fetchFile(`/api/files/${key}`, other.token)).status).toBe(404);
    expect((await fetchFile(`/api/files/${key}`, owner.token)).status).toBe(200);
    // Another agency cannot name someone else's attachment in a filing either.
    const stolen = await expectStatus(await file(other.token, { visaId: w.visa._id, fields: APPLICANT, documents: [
      { attachmentId: loose, requirementId: w.passportReq }, { attachmentId: await attachment(other.token), requirementId: w.photoReq },
    ] }), 404);
    expect(stolen.code).toBe("NOT_FOUND");
  });

  it("lets staff file and read the agency's requests without ever seeing money, and refuses them every transactions call", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 50_000);
    const staff = await staffOf(agency.id);
    const request = await fileOk(w, staff);
    expect(request.filedBy.kind).toBe("User");
    expect(request).not.toHaveProperty("price");
    expect(request).not.toHaveProperty("currency");
    expect(await balanceOf(agency.id)).toBe(40_000); // the agency pays
    const read = await expectStatus(await call("GET", `/requests/one-by-agent/${request._id}`, { token: staff }), 200);
    expect(read).not.toHaveProperty("price");
    const list = await expectStatus(await call("GET", "/requests/agent-list", { token: staff }), 200);
    expect(list.total).toBe(1);
    expect(list.data[0]).not.toHaveProperty("price");
    const agentView = await expectStatus(await call("GET", `/requests/one-by-agent/${request._id}`, { token: agency.token }), 200);
    expect(agentView.price).toBe(10_000);
    const csv = await call("GET", "/requests/export-agent-list/csv", { token: staff });
    expect(csv.status).toBe(200);
    expect(await csv.text()).not.toContain("100.00");
    for (const [method, path] of [
      ["GET", "/transactions/findAllByAgent"], ["GET", "/transactions/findAllByAdmin"], ["GET", "/transactions/exportAllByAgent/csv"],
      ["GET", "/transactions/exportAllByAdmin/csv"], ["POST", `/transactions/update-balance/${agency.id}`], ["GET", "/transactions/reconcile"],
      ["GET", "/requests/export-agent-transactions"],
    ] as const) {
      const response = await call(method, path, { token: staff, body: method === "POST" ? { operation: "ADD", amount: 100, note: "x" } : undefined });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect(await balanceOf(agency.id)).toBe(40_000);
    // Short of money, staff are told what to do, never the figures.
    const poor = await fundedAgency(w, 500);
    const poorStaff = await staffOf(poor.id);
    const short = await expectStatus(await file(poorStaff, await filingBody(w, poorStaff)), 402);
    expect(short.code).toBe("INSUFFICIENT_BALANCE");
    expect(short.message).not.toMatch(/\d/);
  });
});

describe("Idempotency-Key", { timeout: 60_000 }, () => {
  it("20 concurrent copies of one submission make one order and get the same answer", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 100_000);
    const body = await filingBody(w, agency.token);
    const responses = await Promise.all(Array.from({ length: 20 }, () => file(agency.token, body, "submit-1")));
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(texts).size).toBe(1);
    expect(responses.filter((r) => r.headers.get("Idempotent-Replayed") === "true")).toHaveLength(19);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM visa_requests WHERE agent_id = ?").bind(agency.id).first("n")).toBe(1);
    expect((await ledgerOf(agency.id)).filter((r) => r.type === "Order")).toHaveLength(1);
    expect(await balanceOf(agency.id)).toBe(90_000);
    // Later retries too.
    const again = await file(agency.token, body, "submit-1");
    expect(again.status).toBe(201);
    expect(await again.text()).toBe(texts[0]);
  });

  it("the same key with another body is a 409 and changes nothing", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 100_000);
    const body = await filingBody(w, agency.token);
    await expectStatus(await file(agency.token, body, "k-2"), 201);
    const other = await expectStatus(await file(agency.token, { ...body, note: "different" }, "k-2"), 409);
    expect(other.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await balanceOf(agency.id)).toBe(90_000);
    // A failed attempt (402) does not keep the key: after a top-up the same submission goes through.
    const poor = await fundedAgency(w, 1_000);
    const poorBody = await filingBody(w, poor.token);
    await expectStatus(await file(poor.token, poorBody, "k-3"), 402);
    await topUp(w.admin, poor.id, 9_000);
    await expectStatus(await file(poor.token, poorBody, "k-3"), 201);
    expect(await balanceOf(poor.id)).toBe(0);
  });

  it("a claim left behind by a request that died is taken over after 30 s, and the work is done once", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 100_000);
    const body = await filingBody(w, agency.token);
    const claim = (key: string, hash: string, at: string) =>
      env.DB.prepare("INSERT INTO idempotency_keys (principal, key, scope, body_hash, created_at) VALUES (?, ?, 'POST /requests', ?, ?)")
        .bind(`Agency:${agency.id}`, key, hash, at).run();
    const hash = await bodyHash("POST /requests", body);
    // A claim 60 s old that never completed: its owner died before its batch; this copy takes it over.
    await claim("dead-1", hash, new Date(Date.now() - 60_000).toISOString());
    const first = await expectStatus(await file(agency.token, body, "dead-1"), 201);
    const again = await expectStatus(await file(agency.token, body, "dead-1"), 201);
    expect(again).toEqual(first);
    expect(await balanceOf(agency.id)).toBe(90_000);
    await claim("other", "not-this-body", new Date(Date.now() - 60_000).toISOString());
    expect((await expectStatus(await file(agency.token, body, "other"), 409)).code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await balanceOf(agency.id)).toBe(90_000);
  });

  it("an owner whose claim was taken over cannot commit its work: the batch fails and the new owner's answer is given", async () => {
    const principal = "Agent:takeover-test";
    const result = await idempotent(
      env.DB,
      { principal, key: "k", scope: "test", body: { a: 1 } },
      async (complete) => {
        // Meanwhile another copy took the claim over and finished with its own result.
        await env.DB.prepare("UPDATE idempotency_keys SET created_at = ?, status = 201, result_id = 'theirs' WHERE principal = ? AND key = 'k'")
          .bind(new Date().toISOString(), principal).run();
        await env.DB.batch([env.DB.prepare("INSERT INTO reference_counters (scope, value) VALUES ('takeover-test', 1)"), ...complete("mine", 201)]);
        return "mine";
      },
      async (id) => id,
    );
    expect(result).toEqual({ value: "theirs", replayed: true });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM reference_counters WHERE scope = 'takeover-test'").first("n")).toBe(0);
  });

  it("top-ups honour the key too", async () => {
    const w = await world();
    const agency = await agencyIn();
    const send = () => call("POST", `/transactions/update-balance/${agency.id}`, { token: w.admin, body: { operation: "ADD", amount: 5_000, note: "cash" }, headers: { "Idempotency-Key": "topup-1" } });
    const answers = await Promise.all(Array.from({ length: 5 }, send));
    const texts = new Set(await Promise.all(answers.map((r) => r.text())));
    expect(texts.size).toBe(1);
    expect(await balanceOf(agency.id)).toBe(5_000);
  });
});

describe("money under load", { timeout: 60_000 }, () => {
  it("300 concurrent orders against a balance that covers k of them: exactly k succeed, the rest 402, never below zero", async () => {
    const w = await world();
    const k = 37;
    const agency = await fundedAgency(w, k * 10_000 + 5_000);
    // Documents uploaded before (each filing consumes its own two).
    const bodies = [];
    for (let i = 0; i < 300; i++) bodies.push(await filingBody(w, agency.token));
    const responses = await Promise.all(bodies.map((b) => file(agency.token, b)));
    const statuses = responses.map((r) => r.status);
    await Promise.all(responses.map((r) => r.body?.cancel()));
    expect(statuses.filter((s) => s === 201)).toHaveLength(k);
    expect(statuses.filter((s) => s === 402)).toHaveLength(300 - k);
    expect(await balanceOf(agency.id)).toBe(5_000);
    const ledger = await ledgerOf(agency.id);
    expect(ledger.filter((r) => r.type === "Order")).toHaveLength(k);
    expect(Math.min(...ledger.map((r) => r.balance_after))).toBeGreaterThanOrEqual(0);
    await reconcileClean(w.admin);
  }, 180_000);
});
