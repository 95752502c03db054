/**
 * Events of requests and money (issue 13 step 5), written by the change recorder and the ledger in the change's own
 * batch and published once it committed: filing → admins; a status change by an admin → the agency, with the reason,
 * in the agency's language; a top-up or a refund → the agency's owner only.
 */
import { env } from "cloudflare:test";
import { formatMoney } from "../../src/shared/format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createUser, signIn } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";
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
