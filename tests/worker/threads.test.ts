/**
 * The message thread of a request and of a translation order (issue 29 item 1) as the agency and the office use it:
 * a message reaches the other side live (its sockets only, in each reader's language, with the sender's name), read
 * marks travel both ways, the office's internal notes never reach the agency by any road (call, socket, bell, export,
 * file), attachments are checked like documents, and a message is corrected within 5 minutes or never.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyIn, expectStatus, multipart, pngFile, staffOf } from "./catalogue-fixtures";
import { call, createAdmin, signIn } from "./fixtures";
import { closeSockets, socket } from "./live-fixtures";
import { fetchFile, fileOk, topUp, world, type World } from "./requests-fixtures";

let w: World;
beforeAll(async () => {
  w = await world();
});
afterAll(closeSockets);

async function filedRequest() {
  const agency = await agencyIn();
  await topUp(w.admin, agency.id, 100_000);
  const request = await fileOk(w, agency.token);
  return { agency, id: request._id as string, reference: request.reference as string };
}
const post = (token: string, id: string, body: unknown) => call("POST", `/requests/${id}/messages`, { token, body });
const thread = (token: string, id: string) => call("GET", `/requests/${id}/messages`, { token });

describe("a request's thread", () => {
  it("brings an office message to that agency's open sockets only, in each reader's language, with the sender's name", async () => {
    const r = await filedRequest();
    const other = await agencyIn();
    const staff = await staffOf(r.agency.id);
    await env.DB.prepare("UPDATE users SET locale = 'ar' WHERE agent_id = ?").bind(r.agency.id).run();
    const owner = await socket("agency", r.agency.token);
    const staffSocket = await socket("agency", staff);
    const stranger = await socket("agency", other.token);

    const admin = await createAdmin();
    const office = (await signIn("Admin", admin.email)).token;
    const sent = await expectStatus(await post(office, r.id, { body: "Please send the hotel booking: https://example.com/booking" }), 201);
    expect(sent).toMatchObject({ side: "office", internal: false, editable: true, author: { kind: "Admin", _id: admin.id } });

    const toOwner = await owner.next(2000);
    expect(toOwner).toMatchObject({ data: { type: "message.created" } });
    expect(toOwner!.notification.title).toContain(r.reference);
    expect(toOwner!.notification.body).toContain("hotel booking");
    expect(JSON.parse(toOwner!.data.value)).toMatchObject({ subject: "visa", requestId: r.id, messageId: sent._id });
    const toStaff = await staffSocket.next(2000);
    expect(toStaff!.notification.title).toMatch(/[\u0600-\u06ff]/);
    expect(await stranger.next(300)).toBeNull();

    // The bell has it, the thread shows it, unread until the agency reads.
    const bell = await expectStatus(await call("GET", "/events/all?limit=5", { token: r.agency.token }), 200);
    expect(bell.data.some((e: any) => e.type === "message.created")).toBe(true);
    const seen = await expectStatus(await thread(r.agency.token, r.id), 200);
    expect(seen).toMatchObject({ unread: 1, read: { agency: null } });
    // The agency's list shows the unread message beside the request; reading the thread clears it.
    const listed = async () => (await expectStatus(await call("GET", "/requests/agent-list?limit=100", { token: r.agency.token }), 200)).data.find((x: any) => x._id === r.id);
    expect((await listed()).unreadMessages).toBe(1);
    await expectStatus(await call("POST", `/requests/${r.id}/messages/read`, { token: staff }), 200);
    expect((await listed()).unreadMessages).toBe(0);
    expect(seen.data[0]).toMatchObject({ body: sent.body, editable: false });
    // Another agency and an unknown id: the request does not exist for them.
    expect((await thread(other.token, r.id)).status).toBe(404);
    expect((await post(other.token, r.id, { body: "hello" })).status).toBe(404);
  });

  it("shows each side what the other has read", async () => {
    const r = await filedRequest();
    const agencyMessage = await expectStatus(await post(r.agency.token, r.id, { body: "Booking attached soon" }), 201);
    const officeThread = await expectStatus(await thread(w.admin, r.id), 200);
    expect(officeThread.unread).toBe(1);
    const queue = await expectStatus(await call("GET", `/requests/list?search=${r.reference}`, { token: w.admin }), 200);
    expect(queue.data.find((x: any) => x._id === r.id).unreadMessages).toBe(1);
    const office = await socket("admins", w.admin);
    await expectStatus(await call("POST", `/requests/${r.id}/messages/read`, { token: w.admin }), 200);
    const agencyView = await expectStatus(await thread(r.agency.token, r.id), 200);
    expect(agencyView.read.office >= agencyMessage.createdAt).toBe(true);
    expect((await expectStatus(await thread(w.admin, r.id), 200)).unread).toBe(0);
    // The office's own other pages hear of the read quietly (no bell entry).
    const notice = await office.next(2000);
    expect(notice).toMatchObject({ data: { type: "thread.changed" } });
  });

  it("never lets an internal note reach the agency: no call, no socket, no bell, no file, no audit row", async () => {
    const r = await filedRequest();
    const owner = await socket("agency", r.agency.token);
    const note = await expectStatus(
      await multipart("POST", `/requests/${r.id}/messages`, w.admin, { data: JSON.stringify({ body: "Internal: agency is slow to pay", internal: true }), file: pngFile("internal.png") }),
      201,
    );
    expect(note.internal).toBe(true);
    expect(await owner.next(400)).toBeNull();
    const agencyView = await expectStatus(await thread(r.agency.token, r.id), 200);
    expect(JSON.stringify(agencyView)).not.toContain("slow to pay");
    expect(agencyView.unread).toBe(0);
    const bell = await expectStatus(await call("GET", "/events/all?limit=50", { token: r.agency.token }), 200);
    expect(JSON.stringify(bell)).not.toContain("slow to pay");
    expect((await fetchFile(note.files[0].url, r.agency.token)).status).toBe(404);
    expect((await fetchFile(note.files[0].url, w.admin)).status).toBe(200);
    const audit = await expectStatus(await call("GET", "/agents/audit-log?limit=100", { token: r.agency.token }), 200);
    expect(audit.data.some((e: any) => e.call === "POST /api/requests/:id/messages")).toBe(false);
    expect(JSON.stringify(audit)).not.toContain("slow to pay");
    // The office sees it, marked.
    const officeView = await expectStatus(await thread(w.admin, r.id), 200);
    expect(officeView.data.find((m: any) => m._id === note._id)).toMatchObject({ internal: true });
    // An agency cannot write one.
    const refused = await expectStatus(await post(r.agency.token, r.id, { body: "x", internal: true }), 400);
    expect(refused.code).toBe("VALIDATION_FAILED");
  });

  it("checks attachments like documents and refuses bad messages with a clear error, changing nothing", async () => {
    const r = await filedRequest();
    const withFile = await expectStatus(await multipart("POST", `/requests/${r.id}/messages`, r.agency.token, { data: JSON.stringify({ body: "Booking" }), file: pngFile("booking.png") }), 201);
    expect(withFile.files).toEqual([expect.objectContaining({ name: "booking.png", contentType: "image/png" })]);
    expect((await fetchFile(withFile.files[0].url, r.agency.token)).status).toBe(200);
    const fake = new File([new TextEncoder().encode("<script>alert(1)</script>")], "x.png", { type: "image/png" });
    expect((await multipart("POST", `/requests/${r.id}/messages`, r.agency.token, { data: JSON.stringify({ body: "x" }), file: fake })).status).toBe(415);
    for (const body of [{}, { body: "" }, { body: "   " }, { body: "x".repeat(4_001) }, { body: "a\u202Eb" }, { body: 5 }, { body: "ok", extra: 1 }]) {
      const answer = await expectStatus(await post(r.agency.token, r.id, body), 400);
      expect(answer.code).toBe("VALIDATION_FAILED");
    }
    const after = await expectStatus(await thread(r.agency.token, r.id), 200);
    expect(after.data).toHaveLength(1);
    // Line breaks are part of a message; markup is kept as the text it is (pages show text, never HTML).
    const lines = await expectStatus(await post(r.agency.token, r.id, { body: "line one\nline two <b>bold</b>" }), 201);
    expect(lines.body).toBe("line one\nline two <b>bold</b>");
  });

  it("lets the author correct a message for 5 minutes, nobody else and never after", async () => {
    const r = await filedRequest();
    const staff = await staffOf(r.agency.id);
    const m = await expectStatus(await post(r.agency.token, r.id, { body: "Hotel: Rixos" }), 201);
    const fixed = await expectStatus(await call("PATCH", `/requests/${r.id}/messages/${m._id}`, { token: r.agency.token, body: { body: "Hotel: Rixos Erbil" } }), 200);
    expect(fixed).toMatchObject({ body: "Hotel: Rixos Erbil", editedAt: expect.any(String) });
    expect((await call("PATCH", `/requests/${r.id}/messages/${m._id}`, { token: staff, body: { body: "changed" } })).status).toBe(403);
    expect((await call("PATCH", `/requests/${r.id}/messages/${m._id}`, { token: w.admin, body: { body: "changed" } })).status).toBe(403);
    await env.DB.prepare("UPDATE messages SET created_at = ? WHERE id = ?").bind(new Date(Date.now() - 5 * 60_000 - 1000).toISOString(), m._id).run();
    const closed = await expectStatus(await call("PATCH", `/requests/${r.id}/messages/${m._id}`, { token: r.agency.token, body: { body: "too late" } }), 409);
    expect(closed.code).toBe("EDIT_CLOSED");
    const view = await expectStatus(await thread(r.agency.token, r.id), 200);
    expect(view.data[0]).toMatchObject({ body: "Hotel: Rixos Erbil", editable: false });
  });
});

describe("a translation order's thread", () => {
  it("works the same under legal-translation/{id}/messages, and the office hears of the agency's message", async () => {
    const language = async (code: string) =>
      expectStatus(await call("POST", "/translation-language", { token: w.admin, body: { code, name: { en: code, ar: code, ku: code } } }), 201);
    const [from, to] = [await language("xq"), await language("xr")];
    const service = await expectStatus(await call("POST", "/translation-service", {
      token: w.admin, body: { name: { en: "Sworn", ar: "محلف", ku: "سوێندخواردوو" }, pricePerPage: 1_500, languages: [from._id, to._id], turnaroundDays: 3, certified: true },
    }), 201);
    const agency = await agencyIn();
    await topUp(w.admin, agency.id, 100_000);
    const order = await expectStatus(await call("POST", "/legal-translation", { token: agency.token, body: { serviceId: service._id, fromLanguageId: from._id, toLanguageId: to._id, pages: 1 } }), 201);
    const office = await socket("admins", w.admin);
    const sent = await expectStatus(await call("POST", `/legal-translation/${order._id}/messages`, { token: agency.token, body: { body: "Names as in the passport, please" } }), 201);
    expect(sent.side).toBe("agency");
    let heard = await office.next(2000);
    while (heard && heard.data?.type !== "message.created") heard = await office.next(2000);
    expect(JSON.parse(heard!.data.value)).toMatchObject({ subject: "translation", orderId: order._id });
    const officeView = await expectStatus(await call("GET", `/legal-translation/${order._id}/messages`, { token: w.admin }), 200);
    expect(officeView).toMatchObject({ unread: 1, data: [{ body: "Names as in the passport, please" }] });
    const other = await agencyIn();
    expect((await call("GET", `/legal-translation/${order._id}/messages`, { token: other.token })).status).toBe(404);
  });
});

describe("lookups by long lists of ids", () => {
  it("count unread messages and find attachments for more ids than D1 binds in one statement", async () => {
    const { unreadCounts } = await import("../../functions/services/threads");
    const { attachmentsOf } = await import("../../functions/db/requests");
    const ids = Array.from({ length: 250 }, (_, i) => `missing-${i}`);
    // A page of 100 requests plus the query's own values was past the limit ("too many SQL variables").
    expect((await unreadCounts(env.DB, "visa", ids, "agency")).size).toBe(0);
    expect(await attachmentsOf(env.DB, "nobody", ids)).toEqual([]);
  });
});
