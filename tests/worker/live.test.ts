/**
 * The NotificationHub (issue 13, DESIGN §7): WebSockets authenticated with the session, one hub per audience. Two
 * sockets of one agency and one of another: only the right ones receive; unauthenticated and foreign sockets are refused.
 */
import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createUser, signIn } from "./fixtures";
import { closeSockets, connect, socket } from "./live-fixtures";
import { adminToken, agencyIn, expectStatus, localized } from "./catalogue-fixtures";
import { recordEvent } from "../../functions/services/events";
import { liveHub } from "../../functions/hub/live-hub";

let admin: string;
let a: { id: string; token: string };
let b: { id: string; token: string };
let staffA: string;

beforeAll(async () => {
  admin = await adminToken();
  a = await agencyIn();
  b = await agencyIn();
  const staff = await createUser(a.id);
  await env.DB.prepare("UPDATE users SET locale = 'ar' WHERE id = ?").bind(staff.id).run();
  staffA = (await signIn("Agent", staff.email)).token;
});

afterAll(closeSockets);

describe("GET /api/live", () => {
  it("delivers an agency's event to that agency's sockets only, each in its reader's language", async () => {
    const owner = await socket("agency", a.token);
    const staff = await socket("agency", staffA);
    const other = await socket("agency", b.token);
    await expectStatus(await call("POST", "/events", {
      token: admin, body: { audience: "agency", agentId: a.id, title: localized("Visa approved", "تمت الموافقة على التأشيرة", "ڤیزاکە پەسەندکرا"), message: localized("Ahmed"), color: "#22c55e" },
    }), 201);
    const forOwner = await owner.next();
    expect(forOwner).toMatchObject({ notification: { title: "Visa approved", body: "Ahmed", icon: expect.any(String) }, data: { type: "event.created", color: "#22c55e" } });
    expect(typeof forOwner!.data.value).toBe("string");
    expect(JSON.parse(forOwner!.data.value).eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await staff.next())!.notification.title).toBe("تمت الموافقة على التأشيرة");
    expect(await other.next(300)).toBeNull();
  });

  it("keeps money messages from staff sockets", async () => {
    const owner = await socket("agency", a.token);
    const staff = await socket("agency", staffA);
    await recordEvent(env.DB, liveHub(env.HUB), {
      audience: "agency", agentId: a.id, type: "balance.updated", money: true, title: { key: "", vars: { text: localized("Balance") } }, value: { balance: 5 },
    });
    expect((await owner.next())!.data.type).toBe("balance.updated");
    expect(await staff.next(300)).toBeNull();
  });

  it("delivers news to every agency through the agents' hub", async () => {
    const sa = await socket("agents", a.token);
    const sb = await socket("agents", b.token);
    const item = await expectStatus(await call("POST", "/news-feed", {
      token: admin, body: { title: localized("Holiday"), message: { en: "<p>Closed</p>", ar: "<p>مغلق</p>", ku: "<p>داخراوە</p>" } },
    }), 201);
    for (const s of [sa, sb]) {
      const m = await s.next();
      expect(m!.data.type).toBe("news-feed.created");
      expect(JSON.parse(m!.data.value).news).toMatchObject({ _id: item._id, enabled: true });
    }
    await expectStatus(await call("DELETE", `/news-feed/${item._id}`, { token: admin }), 200);
    expect(JSON.parse((await sa.next())!.data.value)).toEqual({ news: { _id: item._id } });
  });

  it("refuses unauthenticated, foreign, wrong-audience and non-WebSocket requests", async () => {
    const anonymous = await connect("agency", null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.webSocket).toBeNull();
    expect((await connect("agency", "not-a-token")).status).toBe(401);
    expect((await connect("agency", a.token, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await connect("admins", a.token)).status).toBe(403);
    expect((await connect("agency", admin)).status).toBe(403);
    expect((await connect("everyone", a.token)).status).toBe(400);
    expect((await call("GET", "/live?audience=agency", { token: a.token })).status).toBe(426);
  });

  it("accepts the access-token cookie (browsers cannot set headers on a WebSocket)", async () => {
    const response = await connect("admins", null, { Cookie: `auth.accessToken=${encodeURIComponent(admin)}` });
    expect(response.status).toBe(101);
    response.webSocket!.accept();
    response.webSocket!.close(1000);
  });

  it("survives a client closing without a status code (1005 is never echoed)", async () => {
    const first = await socket("agency", b.token);
    first.ws.close();
    const second = await socket("agency", b.token);
    await expectStatus(await call("POST", "/events", { token: admin, body: { audience: "agency", agentId: b.id, title: localized("Still here"), message: localized("x") } }), 201);
    expect((await second.next())!.notification.title).toBe("Still here");
  });
});
