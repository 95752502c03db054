/**
 * Events of requests and money (issue 13 step 5), written by the change recorder and the ledger in the change's own
 * batch and published once it committed: filing → admins; a status change by an admin → the agency, with the reason,
 * in the agency's language; a top-up or a refund → the agency's owner only.
 */
import { env } from "cloudflare:test";
import { formatMoney } from "../../src/shared/format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createUser, signIn } from "./fixtures";
import { expectStatus, localized, multipart } from "./catalogue-fixtures";
import { closeSockets, socket } from "./live-fixtures";
import { fileOk, fundedAgency, patchStatus, topUp, world, type World } from "./requests-fixtures";

let w: World;
let agency: { id: string; token: string };
let staff: string;

beforeAll(async () => {
  w = await world();
  agency = await fundedAgency(w);
  await env.DB.prepare("UPDATE agents SET locale = 'ar' WHERE id = ?").bind(agency.id).run();
  staff = (await signIn("Agent", (await createUser(agency.id)).email)).token;
});
afterAll(closeSockets);

const eventsOf = async (token: string, q = "") => (await expectStatus(await call("GET", `/events/all?limit=100${q}`, { token }), 200)).data as Record<string, any>[];

describe("request events", () => {
  it("filing tells the admins live, with the reference, the visa and the agency", async () => {
    const admins = await socket("admins", w.admin);
    const request = await fileOk(w, agency.token);
    const message = await admins.next(2000);
    expect(message).toMatchObject({ data: { type: "request.created" } });
    expect(message!.notification.title).toBe(`New request ${request.reference}: Tourist visa`);
    expect(message!.notification.body).toContain("Test Travel");
    expect(JSON.parse(message!.data.value)).toMatchObject({ requestId: request._id, reference: request.reference, status: "Requested" });
    const [event] = (await eventsOf(w.admin, "&audience=admins&type=request.created")).filter((e) => JSON.parse(e.value).requestId === request._id);
    expect(event).toBeTruthy();
  });

  it("a status change by an admin reaches the agency in its language, with the reason; the history and the event agree", async () => {
    const request = await fileOk(w, agency.token);
    const owner = await socket("agency", agency.token);
    await expectStatus(await patchStatus(w.admin, request._id, { status: "Rejected", reason: "Passport expired" }), 200);
    const message = await owner.next(2000);
    expect(message!.data.type).toBe("request.updated");
    expect(message!.notification.title).toContain(request.reference);
    expect(message!.notification.title).toMatch(/[\u0600-\u06FF]/); // Arabic: the agency's saved language
    expect(message!.notification.body).toContain("Passport expired");
    expect(message!.data.color).toBe("#fee2e2");
    const events = (await eventsOf(agency.token, "&type=request.updated")).filter((e) => JSON.parse(e.value).requestId === request._id);
    expect(events).toHaveLength(1);
    // The refund of the rejection is a money event for the owner, never for staff.
    const refund = await owner.next(2000);
    expect(refund!.data.type).toBe("balance.updated");
    expect(JSON.parse(refund!.data.value)).toMatchObject({ movement: "Refund", amount: 10_000 });
    expect((await eventsOf(staff, "&type=balance.updated"))).toHaveLength(0);
  });

  it("an illegal change (409) writes no event and publishes nothing", async () => {
    const request = await fileOk(w, agency.token);
    await expectStatus(await patchStatus(w.admin, request._id, { status: "Rejected", reason: "Incomplete" }), 200);
    const before = (await eventsOf(agency.token)).length;
    const owner = await socket("agency", agency.token);
    expect((await patchStatus(w.admin, request._id, { status: "InProcess" })).status).toBe(409); // Rejected is final
    expect(await owner.next(400)).toBeNull();
    expect((await eventsOf(agency.token)).length).toBe(before);
  });

  it("a top-up tells the agency its new balance", async () => {
    const owner = await socket("agency", agency.token);
    await topUp(w.admin, agency.id, 2_500);
    const message = await owner.next(2000);
    expect(message!.data.type).toBe("balance.updated");
    const value = JSON.parse(message!.data.value);
    expect(value).toMatchObject({ movement: "TopUp", amount: 2_500, currency: "USD" });
    const row = await env.DB.prepare("SELECT balance FROM agents WHERE id = ?").bind(agency.id).first<{ balance: number }>();
    expect(value.balance).toBe(row!.balance);
    // In the recipient's saved language, by that language's rule.
    const said = (["en", "ar", "ku"] as const).find((l) => message!.notification.body.includes(formatMoney(row!.balance, "USD", l)));
    expect(said, message!.notification.body).toBeDefined();
    expect(message!.notification.title).toContain(formatMoney(2_500, "USD", said!));
    // Read in Arabic: the amounts in the page's digits and money pattern, no "25.00 USD" (issue 26).
    const ar = await expectStatus(await call("GET", "/events/all?limit=1&type=balance.updated", { token: agency.token, cookie: "i18n_locale=ar" }), 200);
    expect(ar.data[0].title).toContain(formatMoney(2_500, "USD", "ar"));
    expect(ar.data[0].message).toContain(formatMoney(row!.balance, "USD", "ar"));
    expect(`${ar.data[0].title} ${ar.data[0].message}`).not.toMatch(/[0-9]/);
  });
});

/** A translation service of two fresh languages, as the office sets one up. */
async function translationService(): Promise<{ serviceId: string; fromLanguageId: string; toLanguageId: string }> {
  const language = async (code: string) =>
    (await expectStatus(await call("POST", "/translation-language", { token: w.admin, body: { code, name: localized(`Language ${code}`) } }), 201))._id as string;
  const [fromLanguageId, toLanguageId] = [await language("qa"), await language("qb")];
  const service = await expectStatus(
    await call("POST", "/translation-service", {
      token: w.admin, body: { name: localized("Sworn translation", "ترجمة محلفة"), pricePerPage: 1_500, languages: [fromLanguageId, toLanguageId], turnaroundDays: 3 },
    }),
    201,
  );
  return { serviceId: service._id, fromLanguageId, toLanguageId };
}

describe("translation order events (issue 26: the hub reported nothing about orders)", () => {
  let order: Record<string, any>;

  it("ordering tells the admins live, naming the order and its service; the agency's own open pages get a silent copy", async () => {
    const admins = await socket("admins", w.admin);
    const owner = await socket("agency", agency.token);
    const body = { ...(await translationService()), pages: 2 };
    order = await expectStatus(await call("POST", "/legal-translation", { token: agency.token, body }), 201);
    const message = await admins.next(2000);
    expect(message).toMatchObject({ data: { type: "request.created" } });
    expect(message!.notification.title).toBe(`New translation order ${order.reference}: Sworn translation`);
    expect(JSON.parse(message!.data.value)).toMatchObject({ orderId: order._id, reference: order.reference, status: "Requested", agentId: agency.id });
    // The agency's staff on the order list follow it too: the same change, no event id (no bell entry, no toast).
    const echo = await owner.next(2000);
    const echoed = JSON.parse(echo!.data.value);
    expect(echoed).toMatchObject({ orderId: order._id, echo: true });
    expect(echoed.eventId).toBeUndefined();
    expect((await eventsOf(agency.token)).filter((e) => JSON.parse(e.value).orderId === order._id)).toHaveLength(0);
  });

  it("an admin's move reaches the agency in its language and every admin's open page (another admin's too)", async () => {
    const owner = await socket("agency", agency.token);
    const otherAdmin = await socket("admins", w.admin);
    await expectStatus(await call("POST", `/legal-translation/change-request-state/${order._id}`, { token: w.admin, body: { status: "CorrectionNeeded", reason: "Page 2 is unreadable" } }), 200);
    const message = await owner.next(2000);
    expect(message!.data.type).toBe("request.updated");
    expect(message!.notification.title).toContain(order.reference);
    expect(message!.notification.title).toMatch(/[\u0600-\u06FF]/); // the agency's saved language (Arabic)
    expect(message!.notification.body).toContain("Page 2 is unreadable");
    expect(JSON.parse(message!.data.value)).toMatchObject({ orderId: order._id, status: "CorrectionNeeded", from: "Requested" });
    const events = (await eventsOf(agency.token, "&type=request.updated")).filter((e) => JSON.parse(e.value).orderId === order._id);
    expect(events).toHaveLength(1);
    const echo = await otherAdmin.next(2000);
    expect(JSON.parse(echo!.data.value)).toMatchObject({ orderId: order._id, status: "CorrectionNeeded", echo: true });
  });

  it("the agency's correction tells the admins; a refused move publishes nothing", async () => {
    const admins = await socket("admins", w.admin);
    const file = new File([new TextEncoder().encode("%PDF-1.4\n%%EOF")], "page2.pdf", { type: "application/pdf" });
    await expectStatus(await multipart("POST", `/legal-translation/request/${order._id}`, agency.token, { file }), 200);
    const message = await admins.next(2000);
    expect(message!.data.type).toBe("document.uploaded");
    expect(message!.notification.title).toBe(`Translation order ${order.reference} has new documents and waits for review`);
    expect(JSON.parse(message!.data.value)).toMatchObject({ orderId: order._id, status: "Requested" });
    const owner = await socket("agency", agency.token);
    await expectStatus(await call("POST", `/legal-translation/change-request-state/${order._id}`, { token: w.admin, body: { status: "Done" } }), 409);
    expect(await owner.next(400)).toBeNull();
  });
});
