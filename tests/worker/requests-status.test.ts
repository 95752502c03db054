/** The state machine of DESIGN §6 (status set B), refunds, the agency's corrections, result documents, the ledger. */
import { describe, expect, it } from "vitest";
import { FINAL_VISA_STATUSES, VISA_STATUSES, VISA_STATUS_KEYS, VISA_TRANSITIONS, allowedTransitions, type Mover, type VisaStatus } from "../../src/contract/requests";
import en from "../../locales/en.json";
import { call } from "./fixtures";
import { agencyIn, expectStatus, multipart, pngFile, staffOf } from "./catalogue-fixtures";
import { balanceOf, fetchFile, fileOk, fundedAgency, ledgerOf, patchStatus, reconcileClean, world, type World } from "./requests-fixtures";

const pdfFile = (name = "visa.pdf") => new File([new TextEncoder().encode("%PDF-1.7\n% result\n")], name, { type: "application/pdf" });

function moveBody(w: World, to: VisaStatus) {
  return { status: to, reason: "Because the consulate says so", missingDocuments: [w.passportReq] };
}

/** A request of `agency` brought to `status` the way people would: admin moves, and an agency correction for Modified. */
async function requestIn(w: World, agency: { token: string }, status: VisaStatus): Promise<string> {
  const request = await fileOk(w, agency.token);
  const path: Record<VisaStatus, VisaStatus[]> = {
    Requested: [], InProcess: ["InProcess"], Paid: ["Paid"], DocumentNeeded: ["DocumentNeeded"], CorrectionNeeded: ["CorrectionNeeded"],
    Modified: ["DocumentNeeded"], Approved: ["InProcess", "Approved"], Rejected: ["Rejected"], Canceled: ["Canceled"],
  };
  for (const step of path[status]) await expectStatus(await patchStatus(w.admin, request._id, moveBody(w, step)), 200);
  if (status === "Modified") {
    await expectStatus(await multipart("POST", `/requests/reupload/${request._id}`, agency.token, { file: pngFile("again.png"), requirementId: w.passportReq }), 200);
  }
  return request._id;
}

describe("status changes along DESIGN §6", { timeout: 60_000 }, () => {
  it("every allowed move succeeds for the right role; every other is a 409 naming the allowed ones, or 403 for the wrong role", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 10_000_000);
    const tokens: Record<Exclude<Mover, "System">, string> = { Admin: w.admin, Agency: agency.token };
    let moves = 0;
    for (const from of VISA_STATUSES) {
      const probe = await requestIn(w, agency, from);
      for (const mover of ["Admin", "Agency"] as const) {
        for (const to of VISA_STATUSES) {
          const movers = VISA_TRANSITIONS[from][to];
          if (movers?.includes(mover)) {
            const id = await requestIn(w, agency, from);
            const moved = await expectStatus(await patchStatus(tokens[mover], id, moveBody(w, to)), 200);
            expect(moved.status, `${mover} ${from} → ${to}`).toBe(to);
            expect(moved.history.at(-1)).toMatchObject({ from, to, action: "status" });
            moves++;
            continue;
          }
          const response = await patchStatus(tokens[mover], probe, moveBody(w, to));
          const json = await response.json<Record<string, any>>();
          if (movers) {
            expect(response.status, `${mover} ${from} → ${to}: ${JSON.stringify(json)}`).toBe(403);
          } else {
            expect(response.status, `${mover} ${from} → ${to}: ${JSON.stringify(json)}`).toBe(409);
            expect(json.code).toBe("ILLEGAL_TRANSITION");
            // In the reader's words (issue 26): the moves left by their names, never the status codes.
            expect(json.message, `${from} → ${to}`).not.toMatch(/InProcess|DocumentNeeded|CorrectionNeeded/);
            if (to === "Canceled" && !FINAL_VISA_STATUSES.includes(from)) expect(json.message).toBe(en["errors.cancelStarted"]);
            else for (const allowed of allowedTransitions(from, mover)) expect(json.message, `${from} → ${to}`).toContain(en[VISA_STATUS_KEYS[allowed] as keyof typeof en]);
          }
        }
      }
      const unchanged = await expectStatus(await call("GET", `/requests/one-by-admin/${probe}`, { token: w.admin }), 200);
      expect(unchanged.status).toBe(from);
    }
    // 26 moves in the table for people (the automatic →Modified is made by corrections, tested below).
    const expected = VISA_STATUSES.flatMap((from) => VISA_STATUSES.flatMap((to) => (VISA_TRANSITIONS[from][to] ?? []).filter((m) => m !== "System"))).length;
    expect(moves).toBe(expected);
    expect(moves).toBe(26);
    await reconcileClean(w.admin);
  }, 300_000);

  it("a reason is required where DESIGN §6 says so, and missing documents for DocumentNeeded", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const { _id } = await fileOk(w, agency.token);
    const noReason = await expectStatus(await patchStatus(w.admin, _id, { status: "Rejected" }), 400);
    expect(noReason.message[0]).toMatch(/^reason: /);
    const noDocs = await expectStatus(await patchStatus(w.admin, _id, { status: "DocumentNeeded", reason: "Scan unreadable" }), 400);
    expect(noDocs.message[0]).toMatch(/^missingDocuments: /);
    const foreignReq = await expectStatus(await patchStatus(w.admin, _id, { status: "DocumentNeeded", reason: "x", missingDocuments: ["nope"] }), 400);
    expect(foreignReq.message[0]).toMatch(/^missingDocuments\.0: /);
    await expectStatus(await patchStatus(w.admin, _id, { status: "Nope" }), 400);
  });

  it("a refused move explains itself in the caller's language: a cancel the office's work overtook, a closed request", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const started = await requestIn(w, agency, "InProcess");
    const closed = await requestIn(w, agency, "Approved");
    const said = async (token: string, id: string, status: VisaStatus, locale: string) => {
      const response = await call("PATCH", `/requests/${id}`, { token, body: moveBody(w, status), cookie: `i18n_locale=${locale}` });
      expect(response.status).toBe(409);
      return (await response.json<{ message: string }>()).message;
    };
    expect(await said(agency.token, started, "Canceled", "en")).toBe("The office has started processing this request; it can no longer be cancelled.");
    expect(await said(agency.token, started, "Canceled", "ar")).toBe("بدأ المكتب معالجة هذا الطلب، ولم يعد بالإمكان إلغاؤه.");
    expect(await said(agency.token, started, "Canceled", "ku")).toBe("نووسینگە دەستی کردووە بە جێبەجێکردنی ئەم داواکارییە، ئیتر ناتوانرێت هەڵبوەشێنرێتەوە.");
    expect(await said(w.admin, closed, "InProcess", "en")).toBe("This request is already “Approved”: it is closed and its status can no longer change.");
    // The admin's moves left, by their names in the language, as the language lists them.
    expect(await said(w.admin, started, "Requested", "en")).toBe(
      "This request is now “In process”, so it cannot become “Requested”. It can become Approved, Document needed, Correction needed, Rejected, or Fee paid.",
    );
  });
});

describe("refunds", { timeout: 60_000 }, () => {
  it("cancel twice → one refund", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 30_000);
    const { _id } = await fileOk(w, agency.token);
    expect(await balanceOf(agency.id)).toBe(20_000);
    const [a, b] = await Promise.all([patchStatus(agency.token, _id, { status: "Canceled" }), patchStatus(w.admin, _id, { status: "Canceled" })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const again = await expectStatus(await patchStatus(agency.token, _id, { status: "Canceled" }), 409);
    expect(again.code).toBe("ILLEGAL_TRANSITION");
    expect(await balanceOf(agency.id)).toBe(30_000);
    expect((await ledgerOf(agency.id)).filter((r) => r.type === "Refund")).toEqual([{ type: "Refund", amount: 10_000, balance_after: 30_000, reference: _id }]);
    await reconcileClean(w.admin);
  });

  it("reject before Paid refunds; reject or cancel after Paid refunds nothing", async () => {
    const w = await world();
    const agency = await fundedAgency(w, 30_000);
    const early = await fileOk(w, agency.token);
    const late = await fileOk(w, agency.token);
    const later = await fileOk(w, agency.token);
    await expectStatus(await patchStatus(w.admin, early._id, { status: "Rejected", reason: "Incomplete" }), 200);
    expect(await balanceOf(agency.id)).toBe(10_000);
    await expectStatus(await patchStatus(w.admin, late._id, { status: "Paid" }), 200);
    const rejected = await expectStatus(await patchStatus(w.admin, late._id, { status: "Rejected", reason: "Refused by the consulate" }), 200);
    expect(rejected.paid).toBe(true);
    // Paid, then a document asked for, then the agency gives up: still no refund.
    await expectStatus(await patchStatus(w.admin, later._id, { status: "Paid" }), 200);
    await expectStatus(await patchStatus(w.admin, later._id, { status: "DocumentNeeded", reason: "Photo", missingDocuments: [w.photoReq] }), 200);
    await expectStatus(await patchStatus(agency.token, later._id, { status: "Canceled" }), 200);
    expect(await balanceOf(agency.id)).toBe(10_000);
    expect((await ledgerOf(agency.id)).filter((r) => r.type === "Refund").map((r) => r.reference)).toEqual([early._id]);
    await reconcileClean(w.admin);
  });
});

describe("the agency's corrections", { timeout: 60_000 }, () => {
  it("DocumentNeeded: the agency sees the reason and the list, re-uploads, and the request is Modified", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const { _id } = await fileOk(w, agency.token);
    await expectStatus(await patchStatus(w.admin, _id, { status: "DocumentNeeded", reason: "The passport scan is blurred", missingDocuments: [w.passportReq] }), 200);
    const seen = await expectStatus(await call("GET", `/requests/one-by-agent/${_id}`, { token: agency.token }), 200);
    expect(seen).toMatchObject({ status: "DocumentNeeded", reason: "The passport scan is blurred", canUpdate: true });
    expect(seen.missingDocuments).toEqual([{ _id: w.passportReq, name: { en: "Passport scan", ar: "صورة الجواز", ku: "وێنەی پاسپۆرت" } }]);
    const wrongType = new File([new TextEncoder().encode("GIF89a")], "x.gif", { type: "image/gif" });
    await expectStatus(await multipart("POST", `/requests/reupload/${_id}`, agency.token, { file: wrongType, requirementId: w.passportReq }), 415);
    const modified = await expectStatus(await multipart("POST", `/requests/reupload/${_id}`, agency.token, { file: pngFile("sharp.png"), requirementId: w.passportReq }), 200);
    expect(modified.status).toBe("Modified");
    expect(modified.documents.map((d: any) => d.name)).toContain("sharp.png");
    expect(modified.history.at(-1)).toMatchObject({ from: "DocumentNeeded", to: "Modified", action: "documents", by: { kind: "Agent" } });
    // Not asked for anything now: 409.
    await expectStatus(await multipart("POST", `/requests/reupload/${_id}`, agency.token, { file: pngFile(), requirementId: w.passportReq }), 409);
  });

  it("CorrectionNeeded: staff correct the applicant's values (checked like at filing) and the request is Modified", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const staff = await staffOf(agency.id);
    const { _id } = await fileOk(w, staff);
    await expectStatus(await patchStatus(w.admin, _id, { status: "CorrectionNeeded", reason: "The name is misspelled" }), 200);
    const bad = await expectStatus(await call("PATCH", `/requests/updateByAgent/${_id}`, { token: staff, body: { fields: { PassportNumber: "??" } } }), 400);
    expect(bad.message[0]).toMatch(/^fields\.PassportNumber: /);
    const form = { data: JSON.stringify({ fields: { FullName: "Ahmad Ali Hassan" } }) };
    const fixed = await expectStatus(await multipart("PATCH", `/requests/updateByAgent/${_id}`, staff, form), 200);
    expect(fixed).toMatchObject({ status: "Modified", fields: { FullName: "Ahmad Ali Hassan", PassportNumber: "A1234567" } });
    expect(fixed).not.toHaveProperty("price");
    const search = await expectStatus(await call("GET", "/requests/list?search=Hassan", { token: w.admin }), 200);
    expect(search.data.map((r: any) => r._id)).toEqual([_id]);
  });
});

describe("result documents", { timeout: 60_000 }, () => {
  it("admins attach and remove result documents; the agency downloads them; others cannot", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const other = await agencyIn();
    const { _id } = await fileOk(w, agency.token);
    await expectStatus(await multipart("POST", `/requests/upload-document/${_id}`, agency.token, { file: pdfFile() }), 403);
    const withResult = await expectStatus(await multipart("POST", `/requests/upload-document/${_id}`, w.admin, { file: pdfFile("e-visa.pdf") }), 201);
    const result = withResult.documents.find((d: any) => d.kind === "result");
    expect(result).toMatchObject({ name: "e-visa.pdf", contentType: "application/pdf" });
    const download = await fetchFile(`${result.url}?download=1`, agency.token);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment/);
    expect(await download.text()).toContain("%PDF-1.7");
    expect((await fetchFile(result.url, other.token)).status).toBe(404);
    const upload = withResult.documents.find((d: any) => d.kind === "upload");
    await expectStatus(await call("DELETE", `/requests/remove-document/${_id}/${upload._id}`, { token: w.admin }), 404);
    const removed = await expectStatus(await call("DELETE", `/requests/remove-document/${_id}/${result._id}`, { token: w.admin }), 200);
    expect(removed.documents.filter((d: any) => d.kind === "result")).toEqual([]);
    expect(removed.history.map((h: any) => h.action)).toEqual(["filed", "result", "resultRemoved"]);
    expect((await fetchFile(result.url, agency.token)).status).toBe(404);
  });
});

describe("lists", { timeout: 60_000 }, () => {
  it("filters by status and dates, counts per status, and keeps agencies to their own", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const a = await fileOk(w, agency.token);
    await fileOk(w, agency.token);
    await expectStatus(await patchStatus(w.admin, a._id, { status: "InProcess" }), 200);
    const today = new Date().toISOString().slice(0, 10);
    const list = await expectStatus(await call("GET", `/requests/list?agentId=${agency.id}&status=InProcess&from=${today}&to=${today}`, { token: w.admin }), 200);
    expect(list.total).toBe(1);
    expect(list.counts).toMatchObject({ InProcess: 1, Requested: 1 });
    const none = await expectStatus(await call("GET", `/requests/list?agentId=${agency.id}&to=2020-01-01`, { token: w.admin }), 200);
    expect(none.total).toBe(0);
    await expectStatus(await call("GET", "/requests/list", { token: agency.token }), 403);
    const own = await expectStatus(await call("GET", `/requests/agent-list?agentId=someone-else&search=${a.reference}`, { token: agency.token }), 200);
    expect(own.data.map((r: any) => r._id)).toEqual([a._id]);
  });
});

describe("balance operations", { timeout: 60_000 }, () => {
  it("top-up and withdrawal write ledger rows; a withdrawal past the balance is a 402 and writes nothing", async () => {
    const w = await world();
    const agency = await agencyIn();
    const up = await expectStatus(await call("POST", `/transactions/update-balance/${agency.id}`, { token: w.admin, body: { operation: "ADD", amount: 12_345, note: "Cash at the office" } }), 201);
    expect(up).toMatchObject({ balance: 12_345, transaction: { type: "TopUp", direction: "Incoming", amount: 12_345, balanceAfter: 12_345, note: "Cash at the office" } });
    const down = await expectStatus(await call("POST", `/transactions/update-balance/${agency.id}`, { token: w.admin, body: { operation: "SUBTRACT", amount: 2_345, note: "Correction" } }), 201);
    expect(down.transaction).toMatchObject({ type: "Withdrawal", direction: "Outgoing", balanceAfter: 10_000 });
    const refused = await expectStatus(await call("POST", `/transactions/update-balance/${agency.id}`, { token: w.admin, body: { operation: "SUBTRACT", amount: 10_001, note: "Too much" } }), 402);
    expect(refused.code).toBe("INSUFFICIENT_BALANCE");
    // Said to the office as the office (issue 26 item 5): the agency's balance and the most it can withdraw, not the
    // agency's own "ask the administrator to top up your account".
    expect(refused.message.replace(/[\u2068\u2069]/g, "")).toMatch(/^.+ has \$100\.00: withdrawing \$100\.01 would take its balance below zero\. Nothing was withdrawn; withdraw at most \$100\.00\.$/);
    expect(refused.message).not.toMatch(/top up|your account/i);
    expect(await balanceOf(agency.id)).toBe(10_000);
    expect(await ledgerOf(agency.id)).toHaveLength(2);
    const bad = await expectStatus(await call("POST", `/transactions/update-balance/${agency.id}`, { token: w.admin, body: { operation: "MULTIPLY", amount: -1.5 } }), 400);
    expect(bad.message.map((m: string) => m.split(":")[0]).sort()).toEqual(["amount", "note", "operation"]);
    await expectStatus(await call("POST", "/transactions/update-balance/nobody", { token: w.admin, body: { operation: "ADD", amount: 1, note: "x" } }), 404);
    await expectStatus(await call("POST", `/transactions/update-balance/${agency.id}`, { token: agency.token, body: { operation: "ADD", amount: 1, note: "x" } }), 403);

    const mine = await expectStatus(await call("GET", "/transactions/findAllByAgent?type=TopUp", { token: agency.token }), 200);
    expect(mine).toMatchObject({ total: 1, balance: 10_000, currency: "USD" });
    const all = await expectStatus(await call("GET", `/transactions/findAllByAdmin?agentId=${agency.id}&direction=Outgoing`, { token: w.admin }), 200);
    expect(all.data.map((t: any) => t.type)).toEqual(["Withdrawal"]);
    await reconcileClean(w.admin);
  });
});

describe("odd input", { timeout: 60_000 }, () => {
  it("every new call answers 4xx naming the problem, never a 500", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const { _id } = await fileOk(w, agency.token);
    const cases: [string, string, string, unknown?, Record<string, string>?][] = [
      [w.admin, "PATCH", `/requests/${_id}`, "{not json", { "Content-Type": "application/json" }],
      [w.admin, "PATCH", `/requests/${_id}`, { status: "Approved", extra: 1 }],
      [w.admin, "PATCH", "/requests/bad id!", { status: "InProcess" }],
      [w.admin, "PATCH", `/requests/${_id}`, { status: "DocumentNeeded", reason: "x".repeat(2000), missingDocuments: "all" }],
      [agency.token, "POST", `/requests/reupload/${_id}`, { file: "x" }],
      [agency.token, "PATCH", `/requests/updateByAgent/${_id}`, { fields: "nope" }],
      [w.admin, "POST", `/requests/upload-document/${_id}`, "plain", { "Content-Type": "text/plain" }],
      [w.admin, "GET", "/requests/list?page=0&limit=abc&sort=drop table&order=up&from=yesterday"],
      [w.admin, "GET", "/requests/export-list/xml"],
      [w.admin, "GET", "/requests/export-list/csv?status=Requested,Nope"],
      [w.admin, "GET", "/transactions/findAllByAdmin?type=Gift&direction=Up&to=2026-13-01"],
      [w.admin, "POST", `/transactions/update-balance/${agency.id}`, { operation: "ADD", amount: 1e12, note: "x" }],
      [w.admin, "POST", `/transactions/update-balance/${agency.id}`, { operation: "ADD", amount: 100, note: "x" }, { "Idempotency-Key": "k".repeat(300) }],
      [agency.token, "POST", "/requests", { visaId: w.visa._id, fields: {}, documents: [{ attachmentId: "a", requirementId: "b" }], note: 5 }],
      [agency.token, "POST", "/requests/upload-attachment-to-s3-by-agent", { file: "not multipart" }],
      [w.admin, "DELETE", `/requests/remove-document/${_id}/nope`],
      [w.admin, "GET", "/requests/one-by-admin/00000000-0000-7000-8000-000000000000"],
    ];
    for (const [token, method, path, body, headers] of cases) {
      const response = await call(method, path, { token, body, headers });
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(500);
      const json = JSON.parse(text);
      expect(json.message, `${method} ${path}`).toBeTruthy();
      if (response.status === 400 && Array.isArray(json.message)) expect(json.message.every((m: string) => /^[\w.\-, ]+: /.test(m)), text).toBe(true);
    }
  });
});
