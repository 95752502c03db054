/** events/* (issue 13): each reader's own events, seen/unseen per reader, staff never see money, admin-only writes. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createAgent, setCookies } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized, staffOf } from "./catalogue-fixtures";
import { recordEvent } from "../../functions/services/events";

const UNKNOWN = "0193ffff-0000-7000-8000-000000000000";
let admin: string;
let a: { id: string; token: string };
let b: { id: string; token: string };
let staffA: string;

const post = (body: Record<string, unknown>, token = admin) => call("POST", "/events", { token, body });
const toAgency = async (agentId: string, en: string) =>
  expectStatus(await post({ audience: "agency", agentId, title: localized(en, `${en} بالعربية`, `${en} بە کوردی`), message: localized("Details") }), 201);
const listOf = async (token: string, q = "") => expectStatus(await call("GET", `/events/all?limit=100${q}`, { token }), 200);
const ids = (list: Record<string, any>) => list.data.map((e: { _id: string }) => e._id) as string[];

beforeAll(async () => {
  admin = await adminToken();
  a = await agencyIn();
  b = await agencyIn();
  staffA = await staffOf(a.id);
});

describe("POST events", () => {
  it("writes an event for one agency; other agencies never see it", async () => {
    const event = await toAgency(a.id, "Office closed Friday");
    expect(event).toMatchObject({ audience: "agency", agentId: a.id, type: "event.created", title: "Office closed Friday", seen: false, color: "#ffffff" });
    expect(ids(await listOf(a.token))).toContain(event._id);
    expect(ids(await listOf(staffA))).toContain(event._id);
    expect(ids(await listOf(b.token))).not.toContain(event._id);
    expect((await call("GET", `/events/${event._id}`, { token: b.token })).status).toBe(404);
  });

  it("writes in the reader's saved language", async () => {
    await env.DB.prepare("UPDATE agents SET locale = 'ku' WHERE id = ?").bind(a.id).run();
    const event = await toAgency(a.id, "Price list");
    const seen = await expectStatus(await call("GET", `/events/${event._id}`, { token: a.token }), 200);
    expect(seen.title).toBe("Price list بە کوردی");
    await env.DB.prepare("UPDATE agents SET locale = 'en' WHERE id = ?").bind(a.id).run();
  });

  it("signing in on the Arabic site makes Arabic the saved language", async () => {
    const agency = await createAgent();
    const login = await call("POST", "/auth/loginAgent", { body: { email: agency.email, password: "Passw0rd!" }, cookie: "i18n_locale=ar" });
    const token = setCookies(login)["auth.accessToken"]!.value;
    const event = await toAgency(agency.id, "Price list");
    expect((await expectStatus(await call("GET", `/events/${event._id}`, { token }), 200)).title).toBe("Price list بالعربية");
    const row = await env.DB.prepare("SELECT locale FROM agents WHERE id = ?").bind(agency.id).first<{ locale: string }>();
    expect(row!.locale).toBe("ar");
  });

  it("the site's language in use becomes the saved one: switching the site to Kurdish turns the bell and toasts Kurdish", async () => {
    const agency = await createAgent();
    const login = await call("POST", "/auth/loginAgent", { body: { email: agency.email, password: "Passw0rd!" }, cookie: "i18n_locale=ar" });
    const token = setCookies(login)["auth.accessToken"]!.value;
    const event = await toAgency(agency.id, "Price list");
    // The agent switched the site to Kurdish (the edge set the cookie): what they read now is Kurdish…
    expect((await expectStatus(await call("GET", `/events/${event._id}`, { token, cookie: "i18n_locale=ku" }), 200)).title).toBe("Price list بە کوردی");
    // …and stays so where no page tells (an API client, a push): Kurdish is saved.
    expect((await expectStatus(await call("GET", `/events/${event._id}`, { token }), 200)).title).toBe("Price list بە کوردی");
    const row = await env.DB.prepare("SELECT locale FROM agents WHERE id = ?").bind(agency.id).first<{ locale: string }>();
    expect(row!.locale).toBe("ku");
    // A cookie that is not one of our languages changes nothing.
    expect((await expectStatus(await call("GET", `/events/${event._id}`, { token, cookie: "i18n_locale=fr" }), 200)).title).toBe("Price list بە کوردی");
  });

  it("names each bad field in a 400", async () => {
    const json = await expectStatus(await post({ audience: "everyone", title: { en: "x" }, color: "red" }), 400);
    expect(json.message).toEqual(expect.arrayContaining([
      "audience: This value is not valid.", "title.ar: This field is required.", "message: This value is not valid.", "color: Use a colour like #D4A017.",
    ]));
    const noAgency = await expectStatus(await post({ audience: "agency", title: localized("x"), message: localized("y") }), 400);
    expect(noAgency.message).toEqual(["agentId: This field is required."]);
    expect((await post({ audience: "agency", agentId: UNKNOWN, title: localized("x"), message: localized("y") })).status).toBe(404);
  });

  it("is admin-only: 403 for agents, 401 without a session", async () => {
    const body = { audience: "agents", title: localized("x"), message: localized("y") };
    expect((await post(body, a.token)).status).toBe(403);
    expect((await post(body, staffA)).status).toBe(403);
    expect((await call("POST", "/events", { body })).status).toBe(401);
  });
});

describe("seen and unseen, per reader", () => {
  it("toggle-seen flips the caller's own mark only, and the unseen count follows", async () => {
    const event = await toAgency(a.id, "Toggle me");
    const before = await listOf(a.token);
    const toggled = await expectStatus(await call("PATCH", `/events/toggle-seen/${event._id}`, { token: a.token }), 200);
    expect(toggled.seen).toBe(true);
    expect((await listOf(a.token)).unseen).toBe(before.unseen - 1);
    // The staff member of the same agency has not seen it.
    expect((await expectStatus(await call("GET", `/events/${event._id}`, { token: staffA }), 200)).seen).toBe(false);
    expect((await expectStatus(await call("PATCH", `/events/toggle-seen/${event._id}`, { token: a.token }), 200)).seen).toBe(false);
    expect((await call("PATCH", `/events/toggle-seen/${event._id}`, { token: b.token })).status).toBe(404);
    expect((await call("PATCH", `/events/toggle-seen/${event._id}`)).status).toBe(401);
  });

  it("PATCH events/{id} sets the mark; a bad body is a 400", async () => {
    const event = await toAgency(a.id, "Patch me");
    expect((await expectStatus(await call("PATCH", `/events/${event._id}`, { token: a.token, body: { seen: true } }), 200)).seen).toBe(true);
    expect((await expectStatus(await call("PATCH", `/events/${event._id}`, { token: a.token, body: { seen: "yes" } }), 400)).message).toEqual(["seen: This value is not valid."]);
    expect(ids(await listOf(a.token, "&seen=true"))).toContain(event._id);
    expect(ids(await listOf(a.token, "&seen=false"))).not.toContain(event._id);
  });

  it("toggle-seen-many: listed ids, or everything when none are listed", async () => {
    const one = await toAgency(a.id, "One");
    const two = await toAgency(a.id, "Two");
    const many = await expectStatus(await call("PATCH", `/events/toggle-seen-many?ids=${one._id},${two._id}&seen=true`, { token: a.token }), 200);
    expect(many.updated).toBe(2);
    expect(ids(await listOf(a.token, "&seen=false"))).not.toContain(one._id);
    // An id of another agency: 404 and nothing changes.
    const other = await toAgency(b.id, "Other");
    expect((await call("PATCH", `/events/toggle-seen-many?ids=${one._id},${other._id}`, { token: a.token })).status).toBe(404);
    expect((await expectStatus(await call("GET", `/events/${one._id}`, { token: a.token }), 200)).seen).toBe(true);
    const all = await expectStatus(await call("PATCH", "/events/toggle-seen-many?seen=true", { token: staffA }), 200);
    expect(all.unseen).toBe(0);
    expect((await listOf(staffA)).unseen).toBe(0);
    expect((await expectStatus(await call("PATCH", "/events/toggle-seen-many?ids=bad id", { token: a.token }), 400)).message[0]).toMatch(/^ids/);
  });
});

describe("money events and audiences", () => {
  it("staff never see balance events; admins see the admins' audience in their count", async () => {
    const money = await recordEvent(env.DB, null, {
      audience: "agency", agentId: a.id, type: "balance.updated", money: true,
      title: { key: "news.event.published", vars: { title: localized("Balance") } }, value: { balance: 100 },
    });
    expect(ids(await listOf(a.token))).toContain(money.row.id);
    expect(ids(await listOf(staffA))).not.toContain(money.row.id);
    expect((await call("GET", `/events/${money.row.id}`, { token: staffA })).status).toBe(404);

    const forAdmins = await expectStatus(await post({ audience: "admins", title: localized("For admins"), message: localized("x") }), 201);
    const adminList = await listOf(admin, "&audience=admins");
    expect(ids(adminList)).toContain(forAdmins._id);
    expect(adminList.unseen).toBeGreaterThan(0);
    expect(ids(await listOf(a.token))).not.toContain(forAdmins._id);
  });

  it("DELETE is admin-only; then 404", async () => {
    const event = await toAgency(a.id, "Delete me");
    expect((await call("DELETE", `/events/${event._id}`, { token: a.token })).status).toBe(403);
    expect(await expectStatus(await call("DELETE", `/events/${event._id}`, { token: admin }), 200)).toEqual({ _id: event._id, deleted: true });
    expect((await call("GET", `/events/${event._id}`, { token: a.token })).status).toBe(404);
    expect((await call("DELETE", `/events/${event._id}`, { token: admin })).status).toBe(404);
  });

  it("answers 400 for bad filters", async () => {
    const json = await expectStatus(await call("GET", "/events/all?seen=maybe&type=nope&since=yesterday", { token: a.token }), 400);
    expect(json.message).toEqual(expect.arrayContaining(["seen: This value is not valid.", "type: This value is not valid.", "since: This value is not valid."]));
  });
});
