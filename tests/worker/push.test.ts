/**
 * Push through Firebase Cloud Messaging (issue 13): the device and settings calls, the admins' sends, and the FCM
 * path end to end. Firebase's servers are the one thing faked: the Worker's outgoing fetch to the (unresolvable)
 * token and FCM hosts of the test service account is answered here, where the fake token endpoint verifies the RS256
 * assertion with the service account's public key and the fake FCM endpoint records each message body.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { call, createAdmin, createUser, signIn } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized } from "./catalogue-fixtures";
import { closeSockets, socket } from "./live-fixtures";
import { APPLICANT, fundedAgency, world } from "./requests-fixtures";

const FCM = "https://fcm.fcm-fake.test";
const TOKEN_URI = "https://oauth.fcm-fake.test/token";

interface Sent { token: string; notification: { title: string; body: string }; data: { type: string; value: string; color: string } }
const sent: Sent[] = [];
const assertions: { valid: boolean; claims: Record<string, unknown> }[] = [];
const realFetch = globalThis.fetch;

const b64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
let publicKey: Promise<CryptoKey>;

async function fakeFirebase(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (request.url === TOKEN_URI) {
    const form = new URLSearchParams(await request.text());
    const [head = "", claims = "", signature = ""] = (form.get("assertion") ?? "").split(".");
    const valid = await crypto.subtle.verify("RSASSA-PKCS1-v1_5", await publicKey, b64(signature), new TextEncoder().encode(`${head}.${claims}`));
    const parsed = JSON.parse(new TextDecoder().decode(b64(claims))) as Record<string, unknown>;
    assertions.push({ valid, claims: parsed });
    const ok = valid && form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer";
    return Response.json(ok ? { access_token: "fake-access", expires_in: 3600 } : { error: "invalid_grant" }, { status: ok ? 200 : 401 });
  }
  if (request.url === `${FCM}/v1/projects/visa-hub-test/messages:send`) {
    if (request.headers.get("Authorization") !== "Bearer fake-access") return new Response("unauthorized", { status: 401 });
    const { message } = (await request.json()) as { message: Sent };
    if (message.token.startsWith("gone")) return Response.json({ error: { status: "NOT_FOUND", details: [{ errorCode: "UNREGISTERED" }] } }, { status: 404 });
    sent.push(message);
    return Response.json({ name: "projects/visa-hub-test/messages/1" });
  }
  return realFetch(input, init);
}

const token = (name: string) => `${name}-${crypto.randomUUID()}:APA91b${"x".repeat(120)}`;
const device = () => `device-${crypto.randomUUID().slice(0, 12)}`;
const sentTo = (t: string) => sent.filter((m) => m.token === t);
const rows = async (t: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM push_devices WHERE token = ?").bind(t).first<{ n: number }>())!.n;

let admin: string;
let adminId: string;
let agency: { id: string; token: string };

beforeAll(async () => {
  const pem = env.FCM_TEST_PUBLIC_KEY.replace(/-----(BEGIN|END) PUBLIC KEY-----|\s/g, "");
  publicKey = crypto.subtle.importKey("spki", b64(pem), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
  vi.spyOn(globalThis, "fetch").mockImplementation(fakeFirebase);
  const a = await createAdmin();
  adminId = a.id;
  admin = (await signIn("Admin", a.email)).token;
  agency = await agencyIn();
});
afterAll(() => {
  closeSockets();
  vi.restoreAllMocks();
});
beforeEach(() => {
  sent.length = 0;
});

describe("POST /api/firebase/register-token", () => {
  it("stores this device's token once: the same token again updates its row, a new token of the device replaces the old one", async () => {
    const d = device();
    const first = token("a");
    const answer = await expectStatus(await call("POST", "/firebase/register-token", { token: agency.token, body: { token: first, deviceId: d } }), 201);
    expect(answer.devices).toContainEqual(expect.objectContaining({ deviceId: d, enabled: true }));
    await expectStatus(await call("POST", "/firebase/register-token", { token: agency.token, body: { token: first, deviceId: d } }), 201);
    expect(await rows(first)).toBe(1);
    const refreshed = token("a2");
    const after = await expectStatus(await call("POST", "/firebase/register-token", { token: agency.token, body: { token: refreshed, deviceId: d } }), 201);
    expect(await rows(first)).toBe(0);
    expect(await rows(refreshed)).toBe(1);
    expect(after.devices.filter((x: { deviceId: string }) => x.deviceId === d)).toHaveLength(1);
  });

  it("a token another account registered moves to the account signed in now (one browser, two people)", async () => {
    const other = await agencyIn();
    const t = token("shared");
    await expectStatus(await call("POST", "/firebase/register-token", { token: agency.token, body: { token: t, deviceId: device() } }), 201);
    await expectStatus(await call("POST", "/firebase/register-token", { token: other.token, body: { token: t, deviceId: device() } }), 201);
    const row = await env.DB.prepare("SELECT owner_id FROM push_devices WHERE token = ?").bind(t).first<{ owner_id: string }>();
    expect(row?.owner_id).toBe(other.id);
    expect(await rows(t)).toBe(1);
  });

  it("400 names each bad field; 401 without a session", async () => {
    const bad = await expectStatus(await call("POST", "/firebase/register-token", { token: agency.token, body: { token: "short", deviceId: "x", extra: 1 } }), 400);
    expect(bad.message).toEqual(expect.arrayContaining([expect.stringMatching(/^token: /), expect.stringMatching(/^deviceId: /), expect.stringMatching(/^extra: /)]));
    expect(bad.statusCode).toBe(400);
    await expectStatus(await call("POST", "/firebase/register-token", { token: agency.token, body: "{not json" }), 400);
    const anonymous = await expectStatus(await call("POST", "/firebase/register-token", { body: { token: token("x"), deviceId: device() } }), 401);
    expect(anonymous.message).toMatch(/^Agent /);
  });
});

describe("PATCH /api/agents/update-fcm and /api/admin/update-fcm", () => {
  it("saves the kinds an account wants and push on/off per device", async () => {
    const d = device();
    await expectStatus(await call("POST", "/firebase/register-token", { token: agency.token, body: { token: token("s"), deviceId: d } }), 201);
    const saved = await expectStatus(await call("PATCH", "/agents/update-fcm", { token: agency.token, body: { types: ["request.updated"], deviceId: d, enabled: false } }), 200);
    expect(saved.types).toEqual(["request.updated"]);
    expect(saved.devices.find((x: { deviceId: string }) => x.deviceId === d).enabled).toBe(false);
    const read = await expectStatus(await call("GET", "/firebase/settings", { token: agency.token }), 200);
    expect(read.types).toEqual(["request.updated"]);
    // A staff user has settings of their own.
    const staff = await createUser(agency.id);
    const staffToken = (await signIn("Agent", staff.email)).token;
    const staffSettings = await expectStatus(await call("GET", "/firebase/settings", { token: staffToken }), 200);
    expect(staffSettings.types.length).toBeGreaterThan(1);
    // Staff are not offered a "balance changes" switch with nothing behind it (issue 26 item 5); the agency is.
    expect(staffSettings.offered).not.toContain("balance.updated");
    expect(staffSettings.offered).toContain("request.updated");
    expect(read.offered).toContain("balance.updated");
    await expectStatus(await call("PATCH", "/agents/update-fcm", { token: staffToken, body: { types: [] } }), 200);
  });

  it("refreshes the device's token (after 7 days) and forgets it with null", async () => {
    const d = device();
    const old = token("old");
    await expectStatus(await call("POST", "/firebase/register-token", { token: admin, body: { token: old, deviceId: d } }), 201);
    const fresh = token("fresh");
    await expectStatus(await call("PATCH", "/admin/update-fcm", { token: admin, body: { deviceId: d, token: fresh } }), 200);
    expect([await rows(old), await rows(fresh)]).toEqual([0, 1]);
    const cleared = await expectStatus(await call("PATCH", "/admin/update-fcm", { token: admin, body: { deviceId: d, token: null } }), 200);
    expect(cleared.devices.some((x: { deviceId: string }) => x.deviceId === d)).toBe(false);
  });

  it("400 for an empty or wrong body, 404 for a device never registered, 401 without a session, 403 for the other kind", async () => {
    const empty = await expectStatus(await call("PATCH", "/agents/update-fcm", { token: agency.token, body: {} }), 400);
    expect(empty.message).toEqual([expect.stringMatching(/^types: /)]);
    const wrong = await expectStatus(await call("PATCH", "/agents/update-fcm", { token: agency.token, body: { types: ["nope"], enabled: "yes" } }), 400);
    expect(wrong.message).toEqual(expect.arrayContaining([expect.stringMatching(/^types\.0: /), expect.stringMatching(/^enabled: /)]));
    // Once the fields are right, what belongs together is checked: switching a device needs its id.
    expect((await expectStatus(await call("PATCH", "/agents/update-fcm", { token: agency.token, body: { enabled: true } }), 400)).message).toEqual([expect.stringMatching(/^deviceId: /)]);
    await expectStatus(await call("PATCH", "/agents/update-fcm", { token: agency.token, body: { deviceId: device(), enabled: true } }), 404);
    expect((await expectStatus(await call("PATCH", "/agents/update-fcm", { body: { types: [] } }), 401)).message).toMatch(/^Agent /);
    expect((await expectStatus(await call("PATCH", "/admin/update-fcm", { body: { types: [] } }), 401)).message).toMatch(/^Admin /);
    expect((await expectStatus(await call("PATCH", "/admin/update-fcm", { token: agency.token, body: { types: [] } }), 403)).code).toBe("FORBIDDEN");
    await expectStatus(await call("PATCH", "/agents/update-fcm", { token: admin, body: { types: [] } }), 403);
    await expectStatus(await call("PATCH", "/admin/update-fcm", { token: admin, body: { types: ["event.created"] } }), 200);
  });
});

describe("FCM delivery", () => {
  it("an event goes to the audience's devices through FCM, each in its owner's saved language; a signed assertion gets the access token", async () => {
    const ownerDevice = token("owner");
    const staff = await createUser(agency.id);
    await env.DB.prepare("UPDATE users SET locale = 'ku' WHERE id = ?").bind(staff.id).run();
    await env.DB.prepare("UPDATE agents SET locale = 'ar' WHERE id = ?").bind(agency.id).run();
    const staffToken = (await signIn("Agent", staff.email)).token;
    const staffDevice = token("staff");
    await expectStatus(await call("POST", "/firebase/register-token", { token: agency.token, body: { token: ownerDevice, deviceId: device() } }), 201);
    await expectStatus(await call("PATCH", "/agents/update-fcm", { token: agency.token, body: { types: ["event.created", "request.updated"] } }), 200);
    await expectStatus(await call("POST", "/firebase/register-token", { token: staffToken, body: { token: staffDevice, deviceId: device() } }), 201);
    const outsider = await agencyIn();
    const outsiderDevice = token("outsider");
    await expectStatus(await call("POST", "/firebase/register-token", { token: outsider.token, body: { token: outsiderDevice, deviceId: device() } }), 201);

    await expectStatus(await call("POST", "/events", {
      token: admin, body: { audience: "agency", agentId: agency.id, title: localized("Visa approved", "تمت الموافقة على التأشيرة", "ڤیزاکە پەسەندکرا"), message: localized("Ahmed", "أحمد", "ئەحمەد"), color: "#22c55e" },
    }), 201);
    expect(sentTo(ownerDevice)).toEqual([expect.objectContaining({ notification: { title: "تمت الموافقة على التأشيرة", body: "أحمد" }, data: expect.objectContaining({ type: "event.created", color: "#22c55e" }) })]);
    expect(sentTo(staffDevice).map((m) => m.notification.title)).toEqual(["ڤیزاکە پەسەندکرا"]);
    expect(typeof sentTo(ownerDevice)[0]!.data.value).toBe("string");
    expect(JSON.parse(sentTo(ownerDevice)[0]!.data.value!).eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sentTo(outsiderDevice)).toEqual([]);
    // The assertion was signed by the service account's key and says who and what for.
    expect(assertions.length).toBeGreaterThan(0);
    expect(assertions.at(-1)).toMatchObject({
      valid: true,
      claims: { iss: "push@visa-hub-test.iam.gserviceaccount.com", aud: TOKEN_URI, scope: "https://www.googleapis.com/auth/firebase.messaging" },
    });

    // The owner no longer wants messages from the team: the next one reaches only the staff user.
    await expectStatus(await call("PATCH", "/agents/update-fcm", { token: agency.token, body: { types: ["request.updated"] } }), 200);
    sent.length = 0;
    await expectStatus(await call("POST", "/events", { token: admin, body: { audience: "agents", title: localized("Office closed"), message: localized("Friday") } }), 201);
    expect(sentTo(ownerDevice)).toEqual([]);
    expect(sentTo(staffDevice)).toHaveLength(1);
    expect(sentTo(outsiderDevice)).toHaveLength(1);
  });

  it("a bulk move of a group's travellers is ONE push to the agency's phone, naming the group (issue 28), not one per traveller", async () => {
    const w = await world({ requirementIds: [] });
    const owner = await fundedAgency(w, 10 * 10_000);
    const phone = token("group");
    await expectStatus(await call("POST", "/firebase/register-token", { token: owner.token, body: { token: phone, deviceId: device() } }), 201);
    await expectStatus(await call("PATCH", "/agents/update-fcm", { token: owner.token, body: { types: ["request.updated", "request.created"] } }), 200);
    const travellers = Array.from({ length: 5 }, (_, i) => ({ fields: { ...APPLICANT, PassportNumber: `P${2_000_000 + i}` } }));
    const group = await expectStatus(await call("POST", "/request-groups", { token: owner.token, body: { visaId: w.visa._id, travellers } }), 201);
    sent.length = 0;
    const ids = group.travellers.map((t: { _id: string }) => t._id);
    await expectStatus(await call("PATCH", "/admin/requests/bulk-status", { token: w.admin, body: { ids, change: { status: "InProcess" } } }), 200);
    expect(sentTo(phone)).toHaveLength(1);
    expect(sentTo(phone)[0]!.notification.title).toContain(group.reference);
    expect(JSON.parse(sentTo(phone)[0]!.data.value)).toMatchObject({ groupId: group._id, status: "InProcess" });
  });

  it("POST firebase/send (admins) reaches the chosen audience and drops tokens FCM no longer knows", async () => {
    const target = await agencyIn();
    const live = token("live");
    const gone = token("gone");
    await expectStatus(await call("POST", "/firebase/register-token", { token: target.token, body: { token: live, deviceId: device() } }), 201);
    const staffToken = (await signIn("Agent", (await createUser(target.id)).email)).token;
    await expectStatus(await call("POST", "/firebase/register-token", { token: staffToken, body: { token: gone, deviceId: device() } }), 201);
    const outcome = await expectStatus(await call("POST", "/firebase/send", {
      token: admin, body: { audience: "agency", agentId: target.id, title: localized("Hello"), body: localized("Welcome") },
    }), 200);
    expect(outcome).toEqual({ configured: true, devices: 2, sent: 1, failed: 0, removed: 1 });
    expect(sentTo(live)[0]!.notification).toEqual({ title: "Hello", body: "Welcome" });
    expect(await rows(gone)).toBe(0);
    expect(await rows(live)).toBe(1);
  });

  it("firebase/send: 400 per bad field, 404 for an unknown agency, 401 without a session, 403 for agents", async () => {
    const bad = await expectStatus(await call("POST", "/firebase/send", { token: admin, body: { audience: "agency", title: { en: "x" }, color: "red" } }), 400);
    expect(bad.message).toEqual(expect.arrayContaining([expect.stringMatching(/^title\.ar: /), "body: This field is required.", expect.stringMatching(/^color: /)]));
    const noAgency = await expectStatus(await call("POST", "/firebase/send", { token: admin, body: { audience: "agency", title: localized("a"), body: localized("b") } }), 400);
    expect(noAgency.message).toEqual([expect.stringMatching(/^agentId: /)]);
    await expectStatus(await call("POST", "/firebase/send", { token: admin, body: { audience: "agency", agentId: "no-such-agency", title: localized("a"), body: localized("b") } }), 404);
    await expectStatus(await call("POST", "/firebase/send", { body: { audience: "agents", title: localized("a"), body: localized("b") } }), 401);
    await expectStatus(await call("POST", "/firebase/send", { token: agency.token, body: { audience: "agents", title: localized("a"), body: localized("b") } }), 403);
  });

  it("POST requests/send-test-notification sends the test message to the caller's own devices in the caller's language", async () => {
    await env.DB.prepare("UPDATE admins SET locale = 'ar' WHERE id = ?").bind(adminId).run();
    const mine = token("mine");
    await expectStatus(await call("POST", "/firebase/register-token", { token: admin, body: { token: mine, deviceId: device() } }), 201);
    const outcome = await expectStatus(await call("POST", "/requests/send-test-notification", { token: admin, body: {} }), 200);
    expect(outcome).toMatchObject({ configured: true, sent: 1 });
    expect(sentTo(mine)[0]!.notification.title).toBe("إشعار تجريبي");
    await expectStatus(await call("POST", "/requests/send-test-notification", { token: admin, body: { audience: "agency" } }), 400);
    await expectStatus(await call("POST", "/requests/send-test-notification", { token: admin, body: { audience: "everyone" } }), 400);
    await expectStatus(await call("POST", "/requests/send-test-notification", { body: {} }), 401);
    await expectStatus(await call("POST", "/requests/send-test-notification", { token: agency.token, body: {} }), 403);
  });

  it("GET firebase/config answers null without the public config (push off in browsers)", async () => {
    expect(await expectStatus(await call("GET", "/firebase/config", { token: agency.token }), 200)).toEqual({ firebase: null, vapidKey: null });
    await expectStatus(await call("GET", "/firebase/config"), 401);
  });
});

describe("the office tests an agency's notifications (issue 27)", () => {
  it("send-test-notification to an agency says how many open pages and devices it reached; each gets it in its own language", async () => {
    const target = await agencyIn();
    await env.DB.prepare("UPDATE agents SET locale = 'ku' WHERE id = ?").bind(target.id).run();
    // Nothing open and no device: the office is told both halves reached nobody.
    const nobody = await expectStatus(await call("POST", "/requests/send-test-notification", { token: admin, body: { audience: "agency", agentId: target.id } }), 200);
    expect(nobody).toEqual({ configured: true, devices: 0, sent: 0, failed: 0, removed: 0, sockets: 0 });

    const page = await socket("agency", target.token);
    const phone = token("phone");
    await expectStatus(await call("POST", "/firebase/register-token", { token: target.token, body: { token: phone, deviceId: device() } }), 201);
    const outcome = await expectStatus(await call("POST", "/requests/send-test-notification", { token: admin, body: { audience: "agency", agentId: target.id } }), 200);
    expect(outcome).toEqual({ configured: true, devices: 1, sent: 1, failed: 0, removed: 0, sockets: 1 });
    expect(sentTo(phone)[0]!.notification.title).toBe("ئاگادارکردنەوەی تاقیکاری");
    let live = await page.next();
    while (live && live.data?.type !== "event.created") live = await page.next();
    expect(live?.notification?.title).toBeTruthy();
    await expectStatus(await call("POST", "/requests/send-test-notification", { token: admin, body: { audience: "agency", agentId: "no-such-agency" } }), 404);
  });

  it("an agency's push device change is told to the admins as agent.fcm.updated; saving the same token again is not", async () => {
    const target = await agencyIn();
    const admins = await socket("admins", admin);
    const d = device();
    const t1 = token("fcm");
    const fcmEvents = async () => {
      const list = await expectStatus(await call("GET", `/events/all?limit=100`, { token: admin }), 200);
      return (list.data as { type: string; value: string }[]).filter((e) => e.type === "agent.fcm.updated" && JSON.parse(e.value).agentId === target.id);
    };
    await expectStatus(await call("POST", "/firebase/register-token", { token: target.token, body: { token: t1, deviceId: d } }), 201);
    expect(await fcmEvents()).toHaveLength(1);
    let live = await admins.next();
    while (live && live.data?.type !== "agent.fcm.updated") live = await admins.next();
    expect(JSON.parse(live!.data.value)).toMatchObject({ agentId: target.id, devices: 1 });

    await expectStatus(await call("POST", "/firebase/register-token", { token: target.token, body: { token: t1, deviceId: d } }), 201);
    expect(await fcmEvents()).toHaveLength(1);
    await expectStatus(await call("PATCH", "/agents/update-fcm", { token: target.token, body: { deviceId: d, enabled: false } }), 200);
    const events = await fcmEvents();
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0]!.value)).toMatchObject({ devices: 0 });
    // Kinds chosen are settings, not a device change; an admin's own device is not an agency's.
    await expectStatus(await call("PATCH", "/agents/update-fcm", { token: target.token, body: { types: ["request.updated"] } }), 200);
    await expectStatus(await call("POST", "/firebase/register-token", { token: admin, body: { token: token("adm"), deviceId: device() } }), 201);
    expect(await fcmEvents()).toHaveLength(2);
  });
});
