/**
 * The audit log (issue 29 item 2) as an office, an agency and a later developer would meet it: every write route of
 * the app is covered (enumerated from the app itself, so a new route without an entry fails here), a row says who,
 * when, from where, which call and each field before → after, the log is append-only whoever asks, and an agency reads
 * what was done to its own records without the office's addresses, internal rows or — for staff — money.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../../functions/api/app";
import { AUDITED_ROUTES, NOT_ACTIONS } from "../../functions/services/audit-log";
import { adminToken, agencyIn, expectStatus, localized, newCountry, newVisa, staffOf } from "./catalogue-fixtures";
import { call, createAdmin, signIn } from "./fixtures";
import { fileOk, topUp, world, type World } from "./requests-fixtures";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const writeRoutes = () => [...new Set(api.routes.filter((r) => WRITES.has(r.method)).map((r) => `${r.method} ${r.path}`))];

const rowsOfCall = (callId: string) => env.DB.prepare("SELECT * FROM audit_log WHERE call_id = ?").bind(callId).all<Record<string, any>>().then((r) => r.results);

let w: World;
beforeAll(async () => {
  w = await world();
});

describe("every write route is audited", () => {
  it("names every write route of the app: audited (with the record it changes) or not an action", () => {
    const unknown = writeRoutes().filter((r) => {
      const pattern = r.slice(r.indexOf(" ") + 1);
      return !Object.hasOwn(AUDITED_ROUTES, pattern) && !NOT_ACTIONS.has(pattern);
    });
    expect(unknown, "add each new write route to AUDITED_ROUTES (or NOT_ACTIONS) in functions/services/audit-log.ts").toEqual([]);
    // The table holds no route the app does not have (a renamed route would otherwise lose its audit silently).
    const patterns = new Set(writeRoutes().map((r) => r.slice(r.indexOf(" ") + 1)));
    expect(Object.keys(AUDITED_ROUTES).filter((p) => !patterns.has(p))).toEqual([]);
  });

  it("leaves a row for every admin write call, done or refused, naming the admin, the call and the address", { timeout: 120_000 }, async () => {
    const admin = await createAdmin();
    const token = (await signIn("Admin", admin.email)).token;
    const checked: string[] = [];
    for (const route of writeRoutes()) {
      const [method, pattern] = route.split(" ") as [string, string];
      if (NOT_ACTIONS.has(pattern) || pattern === "/api/auth/loginAdmin") continue;
      // Every parameter an id that names nothing: the call is refused, and the refusal is an office action too.
      const path = pattern.replace(/^\/api/, "").replace(/:[A-Za-z]+/g, "nonexistent0000");
      const response = await call(method, path, { token, body: {}, headers: { "User-Agent": "audit-probe/1.0", "CF-Connecting-IP": "203.0.113.77" } });
      // An agency-only route refuses an admin before anything runs: no office action happened there.
      if (response.status === 403 && (await response.clone().json() as { code?: string }).code === "FORBIDDEN") continue;
      const rows = await rowsOfCall(response.headers.get("X-Request-Id")!);
      expect(rows, `${route} answered ${response.status} without an audit row`).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor_kind: "Admin", actor_id: admin.id, method, route: pattern, ip: "203.0.113.77", user_agent: "audit-probe/1.0", status: response.status });
      checked.push(route);
    }
    // The office's routes are many; a refactor that hid them from this loop must not pass quietly.
    expect(checked.length).toBeGreaterThan(45);
  });

  it("records a sign-in as admin", async () => {
    const admin = await createAdmin();
    await signIn("Admin", admin.email);
    const row = await env.DB.prepare("SELECT * FROM audit_log WHERE actor_id = ? AND route = '/api/auth/loginAdmin'").bind(admin.id).first<Record<string, any>>();
    expect(row).toMatchObject({ actor_kind: "Admin", record_kind: "session", outcome: "done" });
  });
});

describe("what a row says", () => {
  it("lets the admin find who changed a visa's price, from what to what", async () => {
    const admin = await createAdmin();
    const token = (await signIn("Admin", admin.email)).token;
    const country = await newCountry(token);
    const visa = await newVisa(token, country._id, { price: 10_000 });
    await expectStatus(await call("PATCH", `/visa/${visa._id}`, { token, body: { price: 12_500 }, headers: { "CF-Connecting-IP": "198.51.100.9" } }), 200);
    const log = await expectStatus(await call("GET", `/admin/audit-log?record=${visa._id}&kind=visa`, { token: w.admin }), 200);
    const change = log.data.find((e: any) => e.call === "PATCH /api/visa/:id");
    expect(change).toMatchObject({ actor: { kind: "Admin", _id: admin.id }, ip: "198.51.100.9", outcome: "done", record: { kind: "visa", _id: visa._id, label: "Tourist visa" } });
    expect(change.changes).toEqual({ price: [10_000, 12_500] });
    const created = log.data.find((e: any) => e.call === "POST /api/visa");
    expect(created.changes.price).toEqual([null, 10_000]);
    // Filter by person and by day; export with the same filters.
    const today = new Date().toISOString().slice(0, 10);
    const mine = await expectStatus(await call("GET", `/admin/audit-log?actor=${admin.id}&from=${today}&to=${today}&limit=100`, { token: w.admin }), 200);
    expect(mine.data.every((e: any) => e.actor._id === admin.id)).toBe(true);
    expect(mine.data.map((e: any) => e.call)).toEqual(expect.arrayContaining(["PATCH /api/visa/:id", "POST /api/countries", "POST /api/auth/loginAdmin"]));
    const csv = await call("GET", `/admin/audit-log/export/csv?record=${visa._id}&lang=en`, { token: w.admin });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("price: 10000 → 12500");
  });

  it("finds yesterday's change by its day", async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = yesterday.toISOString().slice(0, 10);
    const id = crypto.randomUUID();
    // A row written yesterday (the log only ever grows: an INSERT is how every row gets there).
    await env.DB.prepare(
      `INSERT INTO audit_log (id, at, actor_kind, actor_id, actor_name, method, route, path, record_kind, record_id, record_label, status, outcome, changes)
       VALUES (?, ?, 'Admin', 'someone', 'Dana Aziz', 'PATCH', '/api/visa/:id', '/api/visa/v-yesterday', 'visa', 'v-yesterday', 'Old visa', 200, 'done', '{"price":[9000,9500]}')`,
    ).bind(id, `${day}T15:30:00.000Z`).run();
    const found = await expectStatus(await call("GET", `/admin/audit-log?kind=visa&from=${day}&to=${day}&limit=100`, { token: w.admin }), 200);
    expect(found.data.find((e: any) => e._id === id)).toMatchObject({ actor: { name: "Dana Aziz" }, changes: { price: [9000, 9500] } });
    expect(found.data.every((e: any) => e.at.startsWith(day))).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const notToday = await expectStatus(await call("GET", `/admin/audit-log?from=${today}&to=${today}&limit=100`, { token: w.admin }), 200);
    expect(notToday.data.some((e: any) => e._id === id)).toBe(false);
  });

  it("never copies a password, a token or bookkeeping into a row", async () => {
    const agency = await agencyIn();
    await expectStatus(await call("PATCH", `/agents/editByAdmin/${agency.id}`, { token: w.admin, body: { phone: "+964 750 111 2233" } }), 200);
    const rows = (await env.DB.prepare("SELECT changes FROM audit_log WHERE record_id = ? AND route = '/api/agents/editByAdmin/:id'").bind(agency.id).all<{ changes: string }>()).results;
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.changes)).toEqual({ phone: ["+964 750 000 0000", "+964 750 111 2233"] });
    const all = (await env.DB.prepare("SELECT changes FROM audit_log").all<{ changes: string }>()).results.map((r) => r.changes).join("\n");
    expect(all).not.toMatch(/password_hash|refresh|\$argon|pbkdf2/i);
  });

  it("refuses staff and agencies the office's log", async () => {
    const agency = await agencyIn();
    expect((await call("GET", "/admin/audit-log", { token: agency.token })).status).toBe(403);
    expect((await call("GET", "/admin/audit-log/export/csv", { token: agency.token })).status).toBe(403);
    expect((await call("GET", "/admin/audit-log")).status).toBe(401);
    expect((await call("GET", "/admin/audit-log?from=yesterday", { token: w.admin })).status).toBe(400);
    expect((await call("GET", "/admin/audit-log?kind=planet", { token: w.admin })).status).toBe(400);
  });
});

describe("an agency's view of its own audit", () => {
  it("shows what the office did to its account and requests, without the office's address; staff see no money", async () => {
    const agency = await agencyIn();
    await topUp(w.admin, agency.id, 50_000);
    const request = await fileOk(w, agency.token);
    await expectStatus(await call("PATCH", `/requests/${request._id}`, { token: w.admin, body: { status: "InProcess" }, headers: { "CF-Connecting-IP": "192.0.2.200" } }), 200);
    const other = await agencyIn();
    await topUp(w.admin, other.id, 7_000);

    const seen = await expectStatus(await call("GET", "/agents/audit-log?limit=100", { token: agency.token }), 200);
    const calls = seen.data.map((e: any) => e.call);
    expect(calls).toEqual(expect.arrayContaining(["POST /api/transactions/update-balance/:id", "PATCH /api/requests/:id", "POST /api/requests"]));
    expect(seen.data.every((e: any) => e.agency._id === agency.id)).toBe(true);
    const move = seen.data.find((e: any) => e.call === "PATCH /api/requests/:id");
    expect(move.changes.status).toEqual(["Requested", "InProcess"]);
    expect(move.ip).toBeUndefined();
    expect(JSON.stringify(seen)).not.toContain("192.0.2.200");

    const staff = await staffOf(agency.id);
    const staffView = await expectStatus(await call("GET", "/agents/audit-log?limit=100", { token: staff }), 200);
    expect(staffView.data.map((e: any) => e.call)).not.toContain("POST /api/transactions/update-balance/:id");
    expect(JSON.stringify(staffView.data)).not.toMatch(/"(balance|price|amount)[a-z_]*"/);
    expect(staffView.data.map((e: any) => e.call)).toContain("PATCH /api/requests/:id");
  });
});

describe("append-only", () => {
  it("refuses every UPDATE and DELETE of a row, whoever asks the database", async () => {
    const row = await env.DB.prepare("SELECT id FROM audit_log LIMIT 1").first<{ id: string }>();
    expect(row).not.toBeNull();
    await expect(env.DB.prepare("UPDATE audit_log SET actor_name = 'nobody' WHERE id = ?").bind(row!.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log WHERE id = ?").bind(row!.id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/append-only/);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE id = ?").bind(row!.id).first("n")).toBe(1);
  });
});
