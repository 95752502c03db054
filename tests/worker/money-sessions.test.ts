/**
 * Issue 25 as a caller would try it, through the real API on real D1, R2 and the live hub: a cancel racing an office
 * move, a staff user reusing the agent's Idempotency-Key, a key reused after the daily purge, a translation order
 * retried with its document, the staff 402 and sorts, an agency disabled while a filing is in flight, the live socket
 * after logout / password change / disable, a chunked body with no length, files that would run or explode, a lone
 * surrogate, and the admin page shell for a session that ended.
 */
import { SELF, env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fileRequest } from "../../functions/services/requests";
import type { Principal } from "../../functions/services/accounts";
import { ApiError } from "../../functions/errors";
import { adminToken, expectStatus, localized, multipart, newCountry, newVisa, staffOf } from "./catalogue-fixtures";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, createUser, freshIp, signIn } from "./fixtures";
import { closeSockets, socket } from "./live-fixtures";
import { APPLICANT, attachment, balanceOf } from "./requests-fixtures";

let admin: string;
let visaId: string;
const PRICE = 2_000;

beforeAll(async () => {
  admin = await adminToken();
  const country = await newCountry(admin, { name: localized("Race land") });
  visaId = (await newVisa(admin, country._id, { title: localized("Race visa"), price: PRICE, fields: Object.keys(APPLICANT), requirementIds: [] }))._id;
  filing = { visaId, fields: APPLICANT, documents: [] };
});
afterEach(() => closeSockets());

async function agency(balance = 100_000) {
  const agent = await createAgent({ groupId: await createGroup() });
  if (balance) await expectStatus(await call("POST", `/transactions/update-balance/${agent.id}`, { token: admin, body: { operation: "ADD", amount: balance, note: "Opening" } }), 201);
  return { id: agent.id, email: agent.email, token: (await signIn("Agent", agent.email)).token };
}
let filing: { visaId: string; fields: typeof APPLICANT; documents: never[] };
const file = (token: string, key?: string, body: unknown = filing) => call("POST", "/requests", { token, body, headers: key ? { "Idempotency-Key": key } : {} });
const refunds = async (reference: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE type = 'Refund' AND reference = ?").bind(reference).first<{ n: number }>())!.n;

describe("a losing move changes nothing (item 1)", () => {
  it("an agency's cancel racing the office's InProcess/Paid never refunds a request that went on: 24 tries at once", async () => {
    const a = await agency();
    const requests: string[] = [];
    for (let i = 0; i < 24; i++) requests.push((await expectStatus(await file(a.token), 201))._id as string);
    // All 48 calls at once: each request's cancel and office move overlap with each other and with the other 46.
    // Half the pairs send the office's move first, so the agency's cancel loses about half the races.
    const pairs = await Promise.all(requests.map(async (id, i) => {
      const cancel = () => call("PATCH", `/requests/${id}`, { token: a.token, body: { status: "Canceled" } });
      const move = () => call("PATCH", `/requests/${id}`, { token: admin, body: { status: i % 2 ? "Paid" : "InProcess" } });
      if (i % 4 < 2) return Promise.all([cancel(), move()]);
      const [m, c] = await Promise.all([move(), cancel()]);
      return [c, m] as const;
    }));
    let refundedAndMoved = 0;
    let cancelsWon = 0;
    let raced = 0;
    const wrongHistories: string[] = [];
    for (const [i, id] of requests.entries()) {
      const [cancel, move] = pairs[i]!;
      const to = i % 2 ? "Paid" : "InProcess";
      const row = (await env.DB.prepare("SELECT status FROM visa_requests WHERE id = ?").bind(id).first<{ status: string }>())!;
      const history = (await env.DB.prepare("SELECT to_status FROM request_history WHERE request_id = ? ORDER BY at, rowid").bind(id).all<{ to_status: string }>())
        .results.map((h) => h.to_status);
      expect([cancel.status, move.status].sort(), "exactly one of the two moves wins").toEqual([200, 409]);
      const loser = (await (cancel.status === 409 ? cancel : move).json()) as { code: string };
      // The loser read the request before the winner wrote (REQUEST_CHANGED: a true race) or after (ILLEGAL_TRANSITION).
      expect(["REQUEST_CHANGED", "ILLEGAL_TRANSITION"]).toContain(loser.code);
      if (loser.code === "REQUEST_CHANGED") raced++;
      if (cancel.status === 200) {
        cancelsWon++;
        expect(row.status).toBe("Canceled");
        expect(await refunds(id)).toBe(1);
        if (history.join(">") !== "Requested>Canceled") wrongHistories.push(history.join(">"));
      } else {
        expect(row.status).toBe(to);
        if ((await refunds(id)) > 0) refundedAndMoved++;
        if (history.join(">") !== `Requested>${to}`) wrongHistories.push(history.join(">"));
      }
    }
    console.log(`losing cancels refunded: ${refundedAndMoved} of ${24 - cancelsWon} (cancel won ${cancelsWon} of 24; ${raced} were true races)`);
    expect(refundedAndMoved).toBe(0);
    expect(wrongHistories, "the loser's history row is never written").toEqual([]);
    expect(await balanceOf(a.id)).toBe(100_000 - (24 - cancelsWon) * PRICE);
    const reconcile = await expectStatus(await call("GET", "/transactions/reconcile", { token: admin }), 200);
    expect(reconcile.refundViolations).toEqual([]);
  }, 60_000);

  it("reconcile names a refund of a request that was Paid (what the balance check cannot see)", async () => {
    const a = await agency();
    const request = await expectStatus(await file(a.token), 201);
    await expectStatus(await call("PATCH", `/requests/${request._id}`, { token: admin, body: { status: "Paid" } }), 200);
    // A refund written by the old race: balance and ledger agree, the refund is still wrong.
    await env.DB.batch([
      env.DB.prepare("UPDATE agents SET balance = balance + ? WHERE id = ?").bind(PRICE, a.id),
      env.DB.prepare(
        `INSERT INTO transactions (id, agent_id, type, direction, amount, balance_after, reference, created_at, seq)
         SELECT 'bad-refund-' || ?, id, 'Refund', 'Incoming', ?, balance, ?, ?, (SELECT MAX(seq) + 1 FROM transactions) FROM agents WHERE id = ?`,
      ).bind(request._id, PRICE, request._id, new Date().toISOString(), a.id),
    ]);
    const reconcile = await expectStatus(await call("GET", "/transactions/reconcile", { token: admin }), 200);
    expect(reconcile.mismatches).toBe(0);
    expect(reconcile.refundViolations).toEqual([expect.objectContaining({ requestId: request._id, status: "Paid", everPaid: true })]);
    await env.DB.prepare("DELETE FROM transactions WHERE id = ?").bind(`bad-refund-${request._id}`).run();
    await env.DB.prepare("UPDATE agents SET balance = balance - ? WHERE id = ?").bind(PRICE, a.id).run();
  });
});

describe("no request can stall the worker (item 2)", () => {
  it("a staff user's reuse of the agent's key replays the agency's answer; another body is 409; nothing stalls", async () => {
    const a = await agency();
    const staff = await staffOf(a.id);
    const first = await expectStatus(await file(a.token, "agency-key-1"), 201);
    const started = Date.now();
    const again = await expectStatus(await file(staff, "agency-key-1"), 201);
    const other = await expectStatus(await file(staff, "agency-key-1", { ...filing, note: "another body" }), 409);
    const longest = Date.now() - started;
    console.log(`staff key reuse: both answers within ${longest} ms`);
    expect(again._id).toBe(first._id);
    expect(other.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(longest).toBeLessThan(3_000);
    expect(await balanceOf(a.id)).toBe(100_000 - PRICE);
    expect((await call("GET", "")).status).toBe(200);
  });

  it("a key reused after the daily purge of stored keys is refused at once, and the worker keeps answering", async () => {
    const a = await agency();
    await expectStatus(await file(a.token, "purged-key"), 201);
    await env.DB.prepare("DELETE FROM idempotency_keys WHERE principal = ?").bind(`Agency:${a.id}`).run();
    const started = Date.now();
    const reused = await expectStatus(await file(a.token, "purged-key"), 409);
    expect(reused.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await balanceOf(a.id)).toBe(100_000 - PRICE);
    expect((await call("GET", "")).status).toBe(200);
    // The key is free again for a corrected retry? No: the ledger keeps it for good. A new key files.
    await expectStatus(await file(a.token, "purged-key-2"), 201);
  });

  it("a claim that cannot complete in time answers 409 IDEMPOTENCY_IN_PROGRESS with Retry-After, not silence", async () => {
    const a = await agency();
    // Another copy holds the claim (fresh, not stale): this one waits for it, up to its deadline, then says so.
    await env.DB.prepare("INSERT INTO idempotency_keys (principal, key, scope, body_hash, created_at) VALUES (?, 'held', 'POST /requests', ?, ?)")
      .bind(`Agency:${a.id}`, await (await import("../../functions/services/idempotency")).bodyHash("POST /requests", filing), new Date(Date.now() + 60_000).toISOString()).run();
    const started = Date.now();
    const response = await file(a.token, "held");
    expect(response.status).toBe(409);
    expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await response.json()) as Record<string, unknown>).code).toBe("IDEMPOTENCY_IN_PROGRESS");
    expect(Date.now() - started).toBeLessThan(12_000);
  }, 20_000);
});

describe("translation orders (items 3 and 4)", () => {
  let serviceId: string;
  let fromId: string;
  let toId: string;
  beforeAll(async () => {
    const language = async (code: string) =>
      (await expectStatus(await call("POST", "/translation-language", { token: admin, body: { code, name: localized(`Language ${code}`) } }), 201))._id as string;
    fromId = await language("xrq");
    toId = await language("xrr");
    serviceId = (await expectStatus(await call("POST", "/translation-service", {
      token: admin, body: { name: localized("Race translation"), pricePerPage: 15_000, languages: [fromId, toId], turnaroundDays: 2, certified: true },
    }), 201))._id;
  });
  const order = (token: string, extra: Record<string, unknown> = {}, key?: string) =>
    call("POST", "/legal-translation", { token, body: { serviceId, fromLanguageId: fromId, toLanguageId: toId, pages: 1, ...extra }, headers: key ? { "Idempotency-Key": key } : {} });

  it("a retried order with a document replays the stored answer (not ATTACHMENT_USED) and charges once", async () => {
    const a = await agency(100_000);
    const doc = await attachment(a.token);
    const first = await expectStatus(await order(a.token, { documents: [doc] }, "tr-retry"), 201);
    const again = await expectStatus(await order(a.token, { documents: [doc] }, "tr-retry"), 201);
    expect(again._id).toBe(first._id);
    expect(await balanceOf(a.id)).toBe(100_000 - 15_000);
  });

  it("a staff user's 402 names no figure", async () => {
    const a = await agency(4_964);
    const staff = await staffOf(a.id);
    const refused = await expectStatus(await order(staff), 402);
    expect(refused.code).toBe("INSUFFICIENT_BALANCE");
    expect(String(refused.message)).not.toMatch(/\d/);
    const owner = await expectStatus(await order(a.token), 402);
    expect(String(owner.message)).toMatch(/49\.64/);
  });

  it("staff cannot sort by a money field anywhere; the agency's owner can", async () => {
    const a = await agency();
    const staff = await staffOf(a.id);
    const sorts = ["/requests/agent-list?sort=price", "/visa/list?sort=price", "/legal-translation/by-agent?sort=price", "/translation-service/by-agent?sort=pricePerPage"];
    for (const path of sorts) {
      expect((await call("GET", path, { token: staff })).status, `staff ${path}`).toBe(400);
      expect((await call("GET", path, { token: a.token })).status, `agent ${path}`).toBe(200);
    }
    expect((await call("GET", "/requests/export-agent-list/csv?sort=price", { token: staff })).status).toBe(400);
  });
});

describe("a disabled agency is not charged (item 5)", () => {
  it("a filing whose checks passed before the disable committed is refused by the charge itself: 403, nothing charged", async () => {
    const a = await agency();
    const principal: Principal = { kind: "Agent", id: a.id, sessionId: "in-flight", agentId: a.id, name: "Test Travel" };
    // The admin's disable lands between the filing's checks and its batch (the API's own session check already passed).
    await env.DB.prepare("UPDATE agents SET enabled = 0 WHERE id = ?").bind(a.id).run();
    const error = await fileRequest({ db: env.DB, files: env.FILES, currency: "USD" }, principal, { ...filing, fields: { ...APPLICANT } } as never, "in-flight-key")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(403);
    expect((error as ApiError).code).toBe("AGENCY_DISABLED");
    expect(await balanceOf(a.id)).toBe(100_000);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM visa_requests WHERE agent_id = ?").bind(a.id).first<{ n: number }>())!.n).toBe(0);
  });

  it("filings racing a disable: every charge belongs to a request, and none after the disable", async () => {
    const a = await agency();
    const calls = Array.from({ length: 12 }, () => file(a.token));
    calls.splice(6, 0, call("PATCH", `/agents/editByAdmin/${a.id}`, { token: admin, body: { enabled: false } }));
    const answers = await Promise.all(calls);
    for (const answer of answers) expect(answer.status).toBeLessThan(500);
    const filed = answers.filter((r) => r.status === 201).length;
    expect(await balanceOf(a.id)).toBe(100_000 - filed * PRICE);
    expect((await call("POST", "/requests", { token: a.token, body: filing })).status).toBe(401);
  });
});

describe("a session that ends, ends on its live sockets (item 7)", () => {
  const topUp = (agentId: string) => call("POST", `/transactions/update-balance/${agentId}`, { token: admin, body: { operation: "ADD", amount: 100, note: "after" } });

  it("logout closes the socket at once and it hears nothing more", async () => {
    const a = await agency();
    const live = await socket("agency", a.token);
    const closed = new Promise<number>((resolve) => live.ws.addEventListener("close", (e) => resolve(e.code)));
    await expectStatus(await call("POST", "/auth/logout", { token: a.token, body: {} }), 204);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r("open"), 2_000))])).toBe(4001);
    await expectStatus(await topUp(a.id), 201);
    expect(await live.next(500)).toBeNull();
  });

  it("a password change ends the other sessions' sockets, not the changer's", async () => {
    const a = await agency();
    const other = (await signIn("Agent", a.email)).token;
    const otherSocket = await socket("agency", other);
    const mine = await socket("agency", a.token);
    const closed = new Promise<number>((resolve) => otherSocket.ws.addEventListener("close", (e) => resolve(e.code)));
    await expectStatus(await call("PATCH", "/agents", { token: a.token, body: { currentPassword: "Passw0rd!", newPassword: "NewPassw0rd!2" } }), 200);
    expect(await Promise.race([closed, new Promise((r) => setTimeout(() => r("open"), 2_000))])).toBe(4001);
    await expectStatus(await topUp(a.id), 201);
    expect(await mine.next(2_000)).not.toBeNull();
    expect(await otherSocket.next(300)).toBeNull();
  });

  it("disabling a staff user, then the agency, closes their sockets", async () => {
    const a = await agency();
    const user = await createUser(a.id);
    const staff = (await signIn("Agent", user.email)).token;
    const staffSocket = await socket("agency", staff);
    const agentSocket = await socket("agency", a.token);
    const staffClosed = new Promise<number>((resolve) => staffSocket.ws.addEventListener("close", (e) => resolve(e.code)));
    const agentClosed = new Promise<number>((resolve) => agentSocket.ws.addEventListener("close", (e) => resolve(e.code)));
    await expectStatus(await call("PATCH", `/agents/staff/${user.id}`, { token: a.token, body: { enabled: false } }), 200);
    expect(await Promise.race([staffClosed, new Promise((r) => setTimeout(() => r("open"), 2_000))])).toBe(4001);
    await expectStatus(await call("PATCH", `/agents/editByAdmin/${a.id}`, { token: admin, body: { enabled: false } }), 200);
    expect(await Promise.race([agentClosed, new Promise((r) => setTimeout(() => r("open"), 2_000))])).toBe(4001);
  });

  it("a socket whose session was revoked behind the hub's back still receives nothing (publish checks the session)", async () => {
    const a = await agency();
    const live = await socket("agency", a.token);
    await env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE kind = 'Agent' AND subject_id = ?").bind(new Date().toISOString(), a.id).run();
    await expectStatus(await topUp(a.id), 201);
    expect(await live.next(500)).toBeNull();
  });
});

describe("bodies are measured as they arrive (item 8)", () => {
  /** A body of `total` bytes with no Content-Length; answers how many bytes the server pulled. */
  function chunked(total: number) {
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    return { body, sent: () => sent };
  }

  it("64 MiB chunked to auth/loginAgent anonymously: 413 before 16 MiB is read", async () => {
    const stream = chunked(64 * 1024 * 1024);
    const response = await SELF.fetch(`${BASE}/api/auth/loginAgent`, {
      method: "POST", body: stream.body, headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() }, duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(stream.sent()).toBeLessThan(16 * 1024 * 1024);
  });

  it("a chunked upload past the file limit: 413 before the whole body is read", async () => {
    const a = await agency(0);
    const stream = chunked(64 * 1024 * 1024);
    const response = await SELF.fetch(`${BASE}/api/requests/upload-attachment-to-s3-by-agent`, {
      method: "POST", body: stream.body, duplex: "half",
      headers: { "Content-Type": "multipart/form-data; boundary=x", Authorization: `Bearer ${a.token}`, "CF-Connecting-IP": freshIp() },
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(stream.sent()).toBeLessThan(16 * 1024 * 1024);
  });
});

describe("files are served safely (item 9)", () => {
  const pdfWith = (body: string) => new File([new TextEncoder().encode(`%PDF-1.4\n1 0 obj<< /Type /Catalog ${body} >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF`)], "doc.pdf", { type: "application/pdf" });
  const upload = (token: string, f: File) => multipart("POST", "/requests/upload-attachment-to-s3-by-agent", token, { file: f });

  it("a PDF with JavaScript is refused, plain or name-escaped or compressed; a plain PDF is served inline in a locked policy", async () => {
    const a = await agency(0);
    for (const active of ["/OpenAction << /S /JavaScript /JS (app.alert(1)) >>", "/OpenAction << /S /J#61vaScript /J#53 (x) >>", "/AA << /O << /S /Launch /F (calc) >> >>"]) {
      const refused = await expectStatus(await upload(a.token, pdfWith(active)), 415);
      expect(refused.code).toBe("PDF_ACTIVE_CONTENT");
    }
    const { zlibSync } = await import("fflate");
    const hidden = zlibSync(new TextEncoder().encode("<< /S /JavaScript /JS (app.alert(1)) >>"));
    const head = new TextEncoder().encode(`%PDF-1.5\n2 0 obj<< /Type /ObjStm /Filter /FlateDecode /Length ${hidden.length} >>stream\n`);
    const tail = new TextEncoder().encode("\nendstream endobj\n%%EOF");
    const compressed = new File([head, hidden, tail], "c.pdf", { type: "application/pdf" });
    expect((await expectStatus(await upload(a.token, compressed), 415)).code).toBe("PDF_ACTIVE_CONTENT");

    const ok = await expectStatus(await upload(a.token, pdfWith("/Pages 2 0 R")), 201);
    const served = await SELF.fetch(`${BASE}${ok.url}`, { headers: { Authorization: `Bearer ${a.token}`, "CF-Connecting-IP": freshIp() } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Disposition")).toMatch(/^inline/);
    expect(served.headers.get("Content-Security-Policy")).toMatch(/default-src 'none'/);
  });

  it("a PDF stored before the checks existed is served as a download", async () => {
    const a = await agency(0);
    const key = `request/01900000-0000-7000-8000-${Date.now().toString(16).padStart(12, "0").slice(-12)}.pdf`;
    await env.FILES.put(key, new TextEncoder().encode("%PDF-1.4 /JS (x)"), { httpMetadata: { contentType: "application/pdf" }, customMetadata: { scope: "request" } });
    const served = await SELF.fetch(`${BASE}/api/files/${key}`, { headers: { Authorization: `Bearer ${admin}`, "CF-Connecting-IP": freshIp() } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Disposition")).toMatch(/^attachment/);
    void a;
  });

  it("a 12 000 × 12 000 PNG is refused by its header; pictures are served sandboxed", async () => {
    const a = await agency(0);
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 12_000);
    new DataView(png.buffer).setUint32(20, 12_000);
    const refused = await expectStatus(await upload(a.token, new File([png], "bomb.png", { type: "image/png" })), 413);
    expect(refused.code).toBe("IMAGE_TOO_LARGE");
    expect(String(refused.message)).toMatch(/12000|12,000|12 000/);
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x2e, 0xe0, 0x2e, 0xe0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
    expect((await expectStatus(await upload(a.token, new File([jpeg], "bomb.jpg", { type: "image/jpeg" })), 413)).code).toBe("IMAGE_TOO_LARGE");

    const { pngFile } = await import("./catalogue-fixtures");
    const ok = await expectStatus(await upload(a.token, pngFile("ok.png")), 201);
    const served = await SELF.fetch(`${BASE}${ok.url}`, { headers: { Authorization: `Bearer ${a.token}`, "CF-Connecting-IP": freshIp() } });
    expect(served.headers.get("Content-Security-Policy")).toMatch(/sandbox/);
  });

  it("a lone UTF-16 surrogate in a name is a 400 naming the field, and nothing is stored", async () => {
    const a = await agency(0);
    const response = await call("POST", "/requests", { token: a.token, body: `{"visaId":"${visaId}","fields":{"FullName":"Ahmed \\ud800 Ali"},"documents":[]}` });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string[] }).message[0]).toMatch(/^fields\.FullName: /);
    const country = await call("POST", "/countries", { token: admin, body: `{"name":{"en":"X\\udc00","ar":"س","ku":"س"},"code":"QZ"}` });
    expect(country.status).toBe(400);
    expect(await balanceOf(a.id)).toBe(0);
  });
});

describe("the page guard knows the session (item 10)", () => {
  const page = (path: string, cookie: string) => SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

  it("a logged-out admin's still-valid token gets the admin sign-in, not the admin shell", async () => {
    const signedIn = await signIn("Admin", (await createAdmin()).email);
    const cookies = cookieHeader(signedIn.cookies);
    expect((await page("/en/admin/visa-list/", cookies)).status).toBe(200);
    await expectStatus(await call("POST", "/auth/logout", { token: signedIn.token, body: {} }), 204);
    const after = await page("/en/admin/visa-list/", `auth.accessToken=${signedIn.token}; auth.isAdmin=1; auth.kind=Admin`);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/en/admin/login/?next=%2Fen%2Fadmin%2Fvisa-list%2F");
  });

  it("an agency page for a disabled agency's token sends to sign-in", async () => {
    const a = await agency(0);
    expect((await page("/en/visa/", `auth.accessToken=${a.token}; auth.kind=Agent`)).status).toBe(200);
    await expectStatus(await call("PATCH", `/agents/editByAdmin/${a.id}`, { token: admin, body: { enabled: false } }), 200);
    const after = await page("/en/visa/", `auth.accessToken=${a.token}; auth.kind=Agent`);
    expect(after.status).toBe(302);
    // The sign-in page is told why, and says it (issue 26 item 5: it used to land there without a word).
    expect(after.headers.get("Location")).toMatch(/^\/en\/login\/\?next=%2Fen%2Fvisa%2F&why=agency-disabled$/);
  });
});

describe("an API call of a disabled agency says why (issue 26 item 2)", () => {
  const codeOf = async (response: Response) => ({ status: response.status, code: ((await response.json()) as { code?: string }).code });

  it("the agency's and its staff's calls and refreshes answer 401 AGENCY_DISABLED once the office disables it", async () => {
    const agent = await createAgent({ groupId: await createGroup() });
    const owner = await signIn("Agent", agent.email);
    const staff = await signIn("Agent", (await createUser(agent.id)).email);
    expect((await call("GET", "/agents/balance", { token: owner.token })).status).toBe(200);
    await expectStatus(await call("PATCH", `/agents/editByAdmin/${agent.id}`, { token: admin, body: { enabled: false } }), 200);

    expect(await codeOf(await call("GET", "/agents/balance", { token: owner.token }))).toEqual({ status: 401, code: "AGENCY_DISABLED" });
    expect(await codeOf(await call("GET", "/requests/list", { token: staff.token }))).toEqual({ status: 401, code: "AGENCY_DISABLED" });
    expect(await codeOf(await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: owner.refresh } }))).toEqual({ status: 401, code: "AGENCY_DISABLED" });
    expect(await codeOf(await call("POST", "/auth/refreshUserToken", { body: { refreshToken: staff.refresh } }))).toEqual({ status: 401, code: "AGENCY_DISABLED" });
  });

  it("a staff member disabled by the agency gets STAFF_DISABLED; a signed-out session still gets SESSION_EXPIRED", async () => {
    const agent = await createAgent({ groupId: await createGroup() });
    const user = await createUser(agent.id);
    const staff = await signIn("Agent", user.email);
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET enabled = 0 WHERE id = ?").bind(user.id),
      env.DB.prepare("UPDATE sessions SET revoked_at = ?, revoked_reason = 'disabled' WHERE subject_id = ?").bind(new Date().toISOString(), user.id),
    ]);
    expect(await codeOf(await call("GET", "/requests/list", { token: staff.token }))).toEqual({ status: 401, code: "STAFF_DISABLED" });
    const owner = await signIn("Agent", agent.email);
    await expectStatus(await call("POST", "/auth/logout", { token: owner.token, body: {} }), 204);
    expect(await codeOf(await call("GET", "/agents/balance", { token: owner.token }))).toEqual({ status: 401, code: "SESSION_EXPIRED" });
  });
});
