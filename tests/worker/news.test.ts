/** news-feed/* (issue 13): admin-only writes and list, agents see enabled items only, sanitized bodies, 400s naming fields. */
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized, staffOf } from "./catalogue-fixtures";

const UNKNOWN = "0193ffff-0000-7000-8000-000000000000";
let admin: string;
let agent: string;
let staff: string;

const item = (overrides: Record<string, unknown> = {}) => ({
  title: localized("Visa fees change"),
  message: { en: "<p>New <strong>fees</strong> from May.</p>", ar: "<p>رسوم جديدة من أيار.</p>", ku: "<p>نرخی نوێ لە مانگی ئایارەوە.</p>" },
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}) => expectStatus(await call("POST", "/news-feed", { token: admin, body: item(overrides) }), 201);

beforeAll(async () => {
  admin = await adminToken();
  const agency = await agencyIn();
  agent = agency.token;
  staff = await staffOf(agency.id);
});

describe("POST news-feed", () => {
  it("creates an enabled item with its localized title and message", async () => {
    const json = await create();
    expect(json).toMatchObject({ enabled: true, title: { en: "Visa fees change", ar: "Visa fees change ع" }, message: { en: "<p>New <strong>fees</strong> from May.</p>" } });
    expect(json._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("sanitizes the message: scripts and event handlers never reach agents", async () => {
    const json = await create({ message: { en: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>', ar: "<p>مرحبا</p>", ku: "<p>سڵاو</p>" } });
    expect(json.message.en).toBe("<p>Hi</p><a>x</a>");
    const shown = await expectStatus(await call("GET", `/news-feed/${json._id}`, { token: agent }), 200);
    expect(shown.message.en).not.toMatch(/script|onclick|javascript/);
  });

  it("names each bad field in a 400", async () => {
    const json = await expectStatus(await call("POST", "/news-feed", { token: admin, body: { title: { en: "", ar: "x" }, message: { en: "x", ar: "x", ku: "x" }, enabled: "yes", extra: 1 } }), 400);
    expect(json.message).toEqual(expect.arrayContaining([
      "title.en: This field is required.", "title.ku: This field is required.", "enabled: This value is not valid.", "extra: This field is not accepted here.",
    ]));
  });

  it("refuses a message that is empty once sanitized, naming its language", async () => {
    const json = await expectStatus(await call("POST", "/news-feed", { token: admin, body: item({ message: { en: "<p>ok</p>", ar: "<script>x</script>", ku: "<p>ok</p>" } }) }), 400);
    expect(json.message).toEqual(["message.ar: This field is required."]);
  });

  it("is admin-only: 403 for agents and staff, 401 without a session", async () => {
    expect((await call("POST", "/news-feed", { token: agent, body: item() })).status).toBe(403);
    expect((await call("POST", "/news-feed", { token: staff, body: item() })).status).toBe(403);
    const anonymous = await expectStatus(await call("POST", "/news-feed", { body: item() }), 401);
    expect(anonymous.message).toMatch(/session expired$/);
  });
});

describe("GET news-feed and news-feed/{id}", () => {
  it("shows agents enabled items only, newest first, paged", async () => {
    const older = await create({ title: localized("Older") });
    const hidden = await create({ title: localized("Hidden"), enabled: false });
    const newer = await create({ title: localized("Newer") });
    const page = await expectStatus(await call("GET", "/news-feed?limit=100", { token: agent }), 200);
    const ids = page.data.map((n: { _id: string }) => n._id);
    expect(ids).not.toContain(hidden._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    expect(page).toMatchObject({ page: 1, limit: 100 });
    expect(page.total).toBe(page.data.length);
    const small = await expectStatus(await call("GET", "/news-feed?limit=1&page=2", { token: staff }), 200);
    expect(small.data).toHaveLength(1);
    expect(small.data[0]._id).toBe(ids[1]);
  });

  it("hides a disabled item from agents (404) but not from admins", async () => {
    const hidden = await create({ enabled: false });
    expect((await call("GET", `/news-feed/${hidden._id}`, { token: agent })).status).toBe(404);
    expect((await expectStatus(await call("GET", `/news-feed/${hidden._id}`, { token: admin }), 200)).enabled).toBe(false);
    expect((await expectStatus(await call("GET", `/news-feed/${UNKNOWN}`, { token: admin }), 404)).message).toBe("News item not found.");
  });

  it("answers 400 for bad paging and 401 without a session", async () => {
    const json = await expectStatus(await call("GET", "/news-feed?limit=500&page=0", { token: agent }), 400);
    expect(json.message).toEqual(expect.arrayContaining(["limit: This number is too large.", "page: This number is too small."]));
    expect((await call("GET", "/news-feed")).status).toBe(401);
    expect((await call("GET", "/news-feed/bad id!", { token: agent })).status).toBe(400);
  });
});

describe("GET news-feed/all-by-admin", () => {
  it("lists disabled items too, filterable, for admins only", async () => {
    const hidden = await create({ title: localized("Draft notice"), enabled: false });
    const all = await expectStatus(await call("GET", "/news-feed/all-by-admin?enabled=false&search=Draft", { token: admin }), 200);
    expect(all.data.map((n: { _id: string }) => n._id)).toContain(hidden._id);
    expect(all.data.every((n: { enabled: boolean }) => !n.enabled)).toBe(true);
    expect((await call("GET", "/news-feed/all-by-admin", { token: agent })).status).toBe(403);
    expect((await call("GET", "/news-feed/all-by-admin")).status).toBe(401);
    expect((await expectStatus(await call("GET", "/news-feed/all-by-admin?enabled=maybe", { token: admin }), 400)).message).toEqual(["enabled: This value is not valid."]);
  });
});

describe("PATCH and DELETE news-feed/{id}", () => {
  it("changes only the named fields", async () => {
    const created = await create();
    const json = await expectStatus(await call("PATCH", `/news-feed/${created._id}`, { token: admin, body: { enabled: false } }), 200);
    expect(json).toMatchObject({ enabled: false, title: created.title, message: created.message });
    const renamed = await expectStatus(await call("PATCH", `/news-feed/${created._id}`, { token: admin, body: { title: localized("Renamed") } }), 200);
    expect(renamed).toMatchObject({ enabled: false, title: { en: "Renamed" } });
    expect((await expectStatus(await call("PATCH", `/news-feed/${created._id}`, { token: admin, body: { enabled: 1 } }), 400)).message).toEqual(["enabled: This value is not valid."]);
  });

  it("deletes, then answers 404; agents may do neither", async () => {
    const created = await create();
    expect((await call("PATCH", `/news-feed/${created._id}`, { token: agent, body: { enabled: false } })).status).toBe(403);
    expect((await call("DELETE", `/news-feed/${created._id}`, { token: staff })).status).toBe(403);
    expect((await call("DELETE", `/news-feed/${created._id}`)).status).toBe(401);
    expect(await expectStatus(await call("DELETE", `/news-feed/${created._id}`, { token: admin }), 200)).toEqual({ _id: created._id, deleted: true });
    expect((await call("DELETE", `/news-feed/${created._id}`, { token: admin })).status).toBe(404);
    expect((await call("PATCH", `/news-feed/${created._id}`, { token: admin, body: { enabled: true } })).status).toBe(404);
  });
});

describe("publishing writes an event for all agents", () => {
  it("on create when enabled, and when a hidden item is enabled later — in each reader's language", async () => {
    const shown = await create({ title: localized("Holiday hours", "ساعات العطلة", "کاتژمێری پشوو") });
    const hidden = await create({ title: localized("Later news"), enabled: false });
    const typeOf = async (token: string) => (await expectStatus(await call("GET", "/events/all?type=news-feed.created&limit=100", { token }), 200)).data as { title: string; value: string }[];
    const forNews = (events: { title: string; value: string }[], id: string) => events.filter((e) => JSON.parse(e.value).news?._id === id);
    expect(forNews(await typeOf(agent), shown._id)).toHaveLength(1);
    expect(forNews(await typeOf(agent), hidden._id)).toHaveLength(0);
    await expectStatus(await call("PATCH", `/news-feed/${hidden._id}`, { token: admin, body: { enabled: true } }), 200);
    expect(forNews(await typeOf(agent), hidden._id)).toHaveLength(1);
    // Staff read agents' events too; the title is in the reader's saved language.
    const [event] = forNews(await typeOf(staff), shown._id);
    expect(event!.title).toContain("Holiday hours");
  });
});

describe("the reader's read marks (issue 27: the all-news page)", () => {
  it("pages and searches the feed, says per reader what was read, filters by it, and marks all as read", async () => {
    const agency = await agencyIn();
    const staff = await staffOf(agency.id);
    const stamp = `Paged ${Date.now().toString(36)}`;
    const made = [];
    for (let i = 1; i <= 3; i++) made.push(await create({ title: localized(`${stamp} ${i}`, `${stamp} ع ${i}`, `${stamp} ک ${i}`) }));
    const search = `search=${encodeURIComponent(stamp)}`;
    const first = await expectStatus(await call("GET", `/news-feed?${search}&limit=2`, { token: agency.token }), 200);
    expect(first.total).toBe(3);
    expect(first.data.map((n: any) => n.title.en)).toEqual([`${stamp} 3`, `${stamp} 2`]);
    expect(first.data.every((n: any) => n.read === false)).toBe(true);
    const second = await expectStatus(await call("GET", `/news-feed?${search}&limit=2&page=2`, { token: agency.token }), 200);
    expect(second.data.map((n: any) => n.title.en)).toEqual([`${stamp} 1`]);

    await expectStatus(await call("POST", "/news-feed/mark-read", { token: agency.token, body: { ids: [made[1]!._id] } }), 200);
    const unread = await expectStatus(await call("GET", `/news-feed?${search}&read=false`, { token: agency.token }), 200);
    expect(unread.data.map((n: any) => n._id).sort()).toEqual([made[0]!._id, made[2]!._id].sort());
    const read = await expectStatus(await call("GET", `/news-feed?${search}&read=true`, { token: agency.token }), 200);
    expect(read.data.map((n: any) => n._id)).toEqual([made[1]!._id]);
    // The staff user reads separately.
    expect((await expectStatus(await call("GET", `/news-feed?${search}&read=true`, { token: staff }), 200)).total).toBe(0);

    const all = await expectStatus(await call("POST", "/news-feed/mark-read", { token: agency.token, body: {} }), 200);
    expect(all.unread).toBe(0);
    await expectStatus(await call("POST", "/news-feed/mark-read", { token: agency.token, body: { ids: [made[0]!._id], read: false } }), 200);
    expect((await expectStatus(await call("GET", `/news-feed?${search}&read=false`, { token: agency.token }), 200)).data.map((n: any) => n._id)).toEqual([made[0]!._id]);

    const bad = await expectStatus(await call("POST", "/news-feed/mark-read", { token: agency.token, body: { read: false } }), 400);
    expect(bad.message.join(" ")).toMatch(/ids/);
    expect((await call("GET", `/news-feed?read=maybe`, { token: agency.token })).status).toBe(400);
  });
});
