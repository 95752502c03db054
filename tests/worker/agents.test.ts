/** Issue 15: admin management of agencies, the agency's staff, and the dashboard (real D1 through workerd). */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { PASSWORD, call, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized, newCountry, newVisa, staffOf } from "./catalogue-fixtures";
import { fundedAgency, world } from "./requests-fixtures";

describe("agents admin calls", { timeout: 60_000 }, () => {
  it("listAgents filters by group, enabled, pending, balance range and search; pending self-registrations are told from disabled ones", async () => {
    const admin = await adminToken();
    const group = await createGroup();
    const rich = await createAgent({ groupId: group, balance: 50_000 });
    const poor = await createAgent({ groupId: group, balance: 100 });
    const off = await createAgent({ groupId: group, enabled: false });
    // A disabled agency an admin approved before is not pending.
    await env.DB.prepare("UPDATE agents SET approved_at = created_at WHERE id = ?").bind(off.id).run();
    const applicant = await call("POST", "/agents/create", {
      body: { name: "New Travel", contactName: "Sara", email: `apply-${Date.now()}@test.example`, phone: "+964 750 111 2222", password: PASSWORD },
    });
    const applied = await expectStatus(applicant, 201);

    const inGroup = await expectStatus(await call("GET", `/agents/listAgents?groupId=${group}&limit=100`, { token: admin }), 200);
    expect(inGroup.total).toBe(3);
    expect(inGroup.data.map((a: any) => a._id).sort()).toEqual([rich.id, poor.id, off.id].sort());
    const enabled = await expectStatus(await call("GET", `/agents/listAgents?groupId=${group}&enabled=true`, { token: admin }), 200);
    expect(enabled.total).toBe(2);
    const range = await expectStatus(await call("GET", `/agents/listAgents?groupId=${group}&balanceMin=1000&balanceMax=60000`, { token: admin }), 200);
    expect(range.data.map((a: any) => a._id)).toEqual([rich.id]);
    expect(range.data[0]).toMatchObject({ balance: 50_000, pending: false, staffCount: 0 });
    const pending = await expectStatus(await call("GET", `/agents/listAgents?pending=true&search=${encodeURIComponent(applied.email)}`, { token: admin }), 200);
    expect(pending.data.map((a: any) => a._id)).toEqual([applied._id]);
    const offPending = await expectStatus(await call("GET", `/agents/listAgents?pending=true&groupId=${group}`, { token: admin }), 200);
    expect(offPending.total).toBe(0);

    const all = await expectStatus(await call("GET", "/agents/listAllAgents", { token: admin }), 200);
    expect(all.data.length).toBe(all.total);
    expect(all.data.some((a: any) => a._id === rich.id)).toBe(true);
  });

  it("400s name the field; an unknown agency is a 404", async () => {
    const admin = await adminToken();
    const bad = await call("GET", "/agents/listAgents?enabled=maybe&balanceMin=-5&sort=password", { token: admin });
    expect(bad.status).toBe(400);
    const messages = ((await bad.json()) as { message: string[] }).message.join(" | ");
    expect(messages).toMatch(/enabled/);
    expect(messages).toMatch(/balanceMin/);
    expect(messages).toMatch(/sort/);
    const edit = await call("PATCH", `/agents/editByAdmin/${(await createAgent()).id}`, { token: admin, body: { enabled: "no", phone: "x" } });
    expect(edit.status).toBe(400);
    const editMessages = ((await edit.json()) as { message: string[] }).message.join(" | ");
    expect(editMessages).toMatch(/enabled/);
    expect(editMessages).toMatch(/phone/);
    expect((await call("GET", "/agents/one/nope", { token: admin })).status).toBe(404);
  });

  it("an agent and a staff user get 403 on every admin agents call", async () => {
    const agency = await agencyIn();
    const staff = await staffOf(agency.id);
    const group = await createGroup();
    for (const token of [agency.token, staff]) {
      for (const [method, path] of [
        ["GET", "/agents/listAgents"], ["GET", "/agents/listAllAgents"], ["GET", `/agents/one/${agency.id}`],
        ["PATCH", `/agents/editByAdmin/${agency.id}`], ["POST", `/agents/update-group/${agency.id}/${group}`],
        ["GET", "/agents/export/csv"], ["GET", "/admin/dashboard"],
      ] as const) {
        const response = await call(method, path, { token, body: method === "PATCH" ? { name: "Hijack Travel" } : undefined });
        expect(response.status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it("disabling an agency revokes its and its staff's sessions at once: the next call is a 401 and so is a refresh", async () => {
    const admin = await adminToken();
    const agent = await createAgent();
    const session = await signIn("Agent", agent.email);
    const staffToken = await staffOf(agent.id);
    expect((await call("GET", "/agents/currentAgentData", { token: session.token })).status).toBe(200);
    const edited = await expectStatus(await call("PATCH", `/agents/editByAdmin/${agent.id}`, { token: admin, body: { enabled: false } }), 200);
    expect(edited.enabled).toBe(false);
    expect((await call("GET", "/agents/currentAgentData", { token: session.token })).status).toBe(401);
    expect((await call("GET", "/agents/currentAgentData", { token: staffToken })).status).toBe(401);
    const live = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NULL AND (subject_id = ?1 OR subject_id IN (SELECT id FROM users WHERE agent_id = ?1))",
    ).bind(agent.id).first<{ n: number }>();
    expect(live?.n).toBe(0);
    expect((await call("POST", "/auth/refreshAgentToken", { body: { refreshToken: session.refresh } })).status).toBe(401);
  });

  it("update-group changes the prices the agency sees at once", async () => {
    const admin = await adminToken();
    const country = await newCountry(admin);
    const visa = await newVisa(admin, country._id, { title: localized("Group price visa"), price: 10_000 });
    const cheap = await createGroup();
    await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: cheap, visaId: visa._id, price: 7_000 } }), 201);
    const agency = await agencyIn();
    const before = await expectStatus(await call("GET", `/visa/list?countryId=${country._id}`, { token: agency.token }), 200);
    expect(before.data[0].price).toBe(10_000);
    const moved = await expectStatus(await call("POST", `/agents/update-group/${agency.id}/${cheap}`, { token: admin }), 200);
    expect(moved.group._id).toBe(cheap);
    const after = await expectStatus(await call("GET", `/visa/list?countryId=${country._id}`, { token: agency.token }), 200);
    expect(after.data[0].price).toBe(7_000);
    expect((await call("POST", `/agents/update-group/${agency.id}/no-such-group`, { token: admin })).status).toBe(404);
  });

  it("exports the filtered agency list as csv with localized headers", async () => {
    const admin = await adminToken();
    const group = await createGroup();
    await createAgent({ groupId: group, balance: 1234 });
    const response = await call("GET", `/agents/export/csv?groupId=${group}&lang=ar`, { token: admin });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("الوكالة");
    expect(response.headers.get("X-Export-Rows")).toBe("1");
  });
});

describe("agency staff", { timeout: 60_000 }, () => {
  it("an agency adds a staff user who signs in; disabling or a new password ends the user's sessions; staff get 403", async () => {
    const agency = await agencyIn();
    const email = `staffer-${Date.now()}@test.example`;
    const created = await expectStatus(await call("POST", "/agents/staff", { token: agency.token, body: { name: "Layla Staff", email, password: PASSWORD } }), 201);
    expect(created).toMatchObject({ email, agentId: agency.id, enabled: true });
    const staff = await signIn("Agent", email);
    expect(staff.body.kind).toBe("User");
    for (const [method, path] of [["GET", "/agents/staff"], ["POST", "/agents/staff"], ["PATCH", `/agents/staff/${created._id}`]] as const) {
      expect((await call(method, path, { token: staff.token, body: method === "GET" ? undefined : { name: "Xx Yy" } })).status, path).toBe(403);
    }
    const list = await expectStatus(await call("GET", "/agents/staff", { token: agency.token }), 200);
    expect(list.data.map((u: any) => u.email)).toEqual([email]);
    await expectStatus(await call("PATCH", `/agents/staff/${created._id}`, { token: agency.token, body: { password: "N3wPassword" } }), 200);
    expect((await call("GET", "/Users/currentUserData", { token: staff.token })).status).toBe(401);
    const again = await signIn("Agent", email, "N3wPassword");
    await expectStatus(await call("PATCH", `/agents/staff/${created._id}`, { token: agency.token, body: { enabled: false } }), 200);
    expect((await call("GET", "/Users/currentUserData", { token: again.token })).status).toBe(401);
  });

  it("another agency's staff user is a 404; a taken email is a 409; a weak password is a 400 naming password", async () => {
    const a = await agencyIn();
    const b = await agencyIn();
    const created = await expectStatus(await call("POST", "/agents/staff", { token: a.token, body: { name: "Omar Staff", email: `o-${Date.now()}@test.example`, password: PASSWORD } }), 201);
    expect((await call("PATCH", `/agents/staff/${created._id}`, { token: b.token, body: { enabled: false } })).status).toBe(404);
    expect((await call("POST", "/agents/staff", { token: b.token, body: { name: "Omar Again", email: created.email, password: PASSWORD } })).status).toBe(409);
    const weak = await call("POST", "/agents/staff", { token: b.token, body: { name: "Weak Pass", email: `w-${Date.now()}@test.example`, password: "short" } });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(await weak.json())).toMatch(/password/);
  });

  it("staff get 403 on every money call and 404 on another agency's request", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const staff = await staffOf(agency.id);
    for (const [method, path] of [
      ["GET", "/agents/balance"], ["GET", "/transactions/findAllByAgent"], ["GET", "/transactions/exportAllByAgent/csv"],
      ["GET", "/requests/export-agent-transactions"], ["POST", `/transactions/update-balance/${agency.id}`],
    ] as const) {
      expect((await call(method, path, { token: staff, body: method === "POST" ? { operation: "ADD", amount: 5 } : undefined })).status, path).toBe(403);
    }
    const other = await fundedAgency(w);
    const { filingBody, file } = await import("./requests-fixtures");
    const filed = await expectStatus(await file(other.token, await filingBody(w, other.token)), 201);
    expect((await call("GET", `/requests/one-by-agent/${filed._id}`, { token: staff })).status).toBe(404);
  });
});

describe("admin/dashboard", { timeout: 60_000 }, () => {
  it("counts pending approvals and low balances and answers a full day series", async () => {
    const admin = await adminToken();
    const before = await expectStatus(await call("GET", "/admin/dashboard?days=7", { token: admin }), 200);
    await createAgent({ enabled: false });
    const group = await createGroup();
    await env.DB.prepare("UPDATE groups SET low_balance_threshold = 5000 WHERE id = ?").bind(group).run();
    await createAgent({ groupId: group, balance: 100 });
    const after = await expectStatus(await call("GET", "/admin/dashboard?days=7", { token: admin }), 200);
    expect(after.pendingApprovals).toBe(before.pendingApprovals + 1);
    expect(after.lowBalance).toBe(before.lowBalance + 1);
    expect(after.perDay).toHaveLength(7);
    expect(after.revenuePerDay).toHaveLength(7);
    expect((await call("GET", "/admin/dashboard?days=1000", { token: admin })).status).toBe(400);
  });

  it("each figure equals the total of the list it links to (requests by status and day, ledger sums, agencies)", async () => {
    const w = await world();
    const agency = await fundedAgency(w);
    const { filingBody, file } = await import("./requests-fixtures");
    await expectStatus(await file(agency.token, await filingBody(w, agency.token)), 201);
    const admin = await adminToken();
    const dash = await expectStatus(await call("GET", "/admin/dashboard?days=7", { token: admin }), 200);
    const today = new Date().toISOString().slice(0, 10);
    const month = `${today.slice(0, 7)}-01`;
    const total = async (path: string) => (await expectStatus(await call("GET", path, { token: admin }), 200)).total as number;
    expect(dash.filedToday).toBeGreaterThan(0);
    expect(await total(`/requests/list?from=${today}&to=${today}&limit=1`)).toBe(dash.filedToday);
    expect(await total("/requests/list?status=Requested&limit=1")).toBe(dash.openByStatus.Requested);
    expect(await total("/agents/listAgents?pending=true&limit=1")).toBe(dash.pendingApprovals);
    const ledgerToday = await expectStatus(await call("GET", `/transactions/findAllByAdmin?from=${today}&to=${today}&limit=1`, { token: admin }), 200);
    expect(dash.revenueToday).toBeGreaterThan(0);
    expect(ledgerToday.totals.Order - ledgerToday.totals.Refund).toBe(dash.revenueToday);
    const ledgerMonth = await expectStatus(await call("GET", `/transactions/findAllByAdmin?from=${month}&to=${today}&limit=1`, { token: admin }), 200);
    expect(ledgerMonth.totals.Order - ledgerMonth.totals.Refund).toBe(dash.revenueMonth);
    // The agency's own statement carries no totals (they are the admin ledger's).
    expect((await expectStatus(await call("GET", "/transactions/findAllByAgent?limit=1", { token: agency.token }), 200)).totals).toBeUndefined();
  });
});

describe("low-balance threshold", { timeout: 60_000 }, () => {
  it("agents/balance answers the group's threshold, so the agency under it is warned", async () => {
    const group = await createGroup();
    await env.DB.prepare("UPDATE groups SET low_balance_threshold = 5000 WHERE id = ?").bind(group).run();
    const agency = await agencyIn(group);
    const answer = await expectStatus(await call("GET", "/agents/balance", { token: agency.token }), 200);
    expect(answer).toMatchObject({ balance: 0, lowBalanceThreshold: 5000 });
  });

  it("the admin sets a group's threshold (integer minor units ≥ 0, or null), shown with the currency", async () => {
    const admin = await adminToken();
    const created = await expectStatus(await call("POST", "/groups", { token: admin, body: { name: `Thr ${Date.now()}`, lowBalanceThreshold: 25_000 } }), 201);
    expect(created).toMatchObject({ lowBalanceThreshold: 25_000, currency: "USD" });
    const listed = await expectStatus(await call("GET", `/groups?search=${encodeURIComponent(created.name)}`, { token: admin }), 200);
    expect(listed.data[0]).toMatchObject({ _id: created._id, lowBalanceThreshold: 25_000, currency: "USD" });
    for (const bad of [-1, 12.5, "100"]) {
      const refused = await call("PATCH", `/groups/${created._id}`, { token: admin, body: { lowBalanceThreshold: bad } });
      expect(refused.status, String(bad)).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain("lowBalanceThreshold");
    }
    expect(await expectStatus(await call("PATCH", `/groups/${created._id}`, { token: admin, body: { lowBalanceThreshold: 0 } }), 200)).toMatchObject({ lowBalanceThreshold: 0 });
    expect(await expectStatus(await call("PATCH", `/groups/${created._id}`, { token: admin, body: { lowBalanceThreshold: null } }), 200)).toMatchObject({ lowBalanceThreshold: null });
    // An agent cannot change it.
    const agency = await agencyIn(created._id);
    expect((await call("PATCH", `/groups/${created._id}`, { token: agency.token, body: { lowBalanceThreshold: 1 } })).status).toBe(403);
  });

  it("the agency's own record carries the threshold with its balance (the header's warning); staff get neither", async () => {
    const group = await createGroup();
    await env.DB.prepare("UPDATE groups SET low_balance_threshold = 5000 WHERE id = ?").bind(group).run();
    const agent = await createAgent({ groupId: group, balance: 1200 });
    const { body } = await signIn("Agent", agent.email);
    expect(body.agent).toMatchObject({ balance: 1200, lowBalanceThreshold: 5000 });
    const staff = await createUser(agent.id);
    const staffLogin = await signIn("Agent", staff.email);
    expect(JSON.stringify(staffLogin.body)).not.toMatch(/lowBalanceThreshold|"balance"/);
  });

  it("listAgents?lowBalance=true lists exactly the agencies the dashboard counts as low", async () => {
    const admin = await adminToken();
    const group = await createGroup();
    await env.DB.prepare("UPDATE groups SET low_balance_threshold = 5000 WHERE id = ?").bind(group).run();
    const low = await createAgent({ groupId: group, balance: 4999 });
    const enough = await createAgent({ groupId: group, balance: 5000 });
    await createAgent({ groupId: group, balance: 0, enabled: false });
    const listed = await expectStatus(await call("GET", `/agents/listAgents?lowBalance=true&groupId=${group}`, { token: admin }), 200);
    expect(listed.data.map((a: { _id: string }) => a._id)).toEqual([low.id]);
    const all = await expectStatus(await call("GET", "/agents/listAgents?lowBalance=true&limit=1", { token: admin }), 200);
    const dash = await expectStatus(await call("GET", "/admin/dashboard?days=7", { token: admin }), 200);
    expect(all.total).toBe(dash.lowBalance);
    const notLow = await expectStatus(await call("GET", `/agents/listAgents?lowBalance=false&groupId=${group}`, { token: admin }), 200);
    expect(notLow.data.map((a: { _id: string }) => a._id)).toContain(enough.id);
    expect((await call("GET", "/agents/listAgents?lowBalance=maybe", { token: admin })).status).toBe(400);
  });
});

describe("agency history (issue 27)", { timeout: 60_000 }, () => {
  it("an admin's edit writes exactly the changed fields, a group move and a disable into the agency's history, newest first", async () => {
    const admin = await adminToken();
    const from = await createGroup();
    const to = await createGroup();
    const agency = await createAgent({ groupId: from });
    const before = await expectStatus(await call("GET", `/agents/one/${agency.id}`, { token: admin }), 200);

    // The phone changes; the name is sent unchanged and leaves no line.
    const edited = await expectStatus(await call("PATCH", `/agents/editByAdmin/${agency.id}`, {
      token: admin, body: { phone: "+964 770 555 0101", name: before.name, city: "Erbil" },
    }), 200);
    expect(edited).toMatchObject({ phone: "+964 770 555 0101", city: "Erbil" });
    await expectStatus(await call("POST", `/agents/update-group/${agency.id}/${to}`, { token: admin }), 200);
    await expectStatus(await call("PATCH", `/agents/editByAdmin/${agency.id}`, { token: admin, body: { enabled: false } }), 200);

    const history = await expectStatus(await call("GET", `/agents/history/${agency.id}?limit=2`, { token: admin }), 200);
    expect(history.total).toBe(3);
    expect(history.data.map((e: any) => e.action)).toEqual(["disabled", "group"]);
    expect(history.data[1].changes).toEqual([{ field: "group", from: expect.any(String), to: expect.any(String) }]);
    expect(history.data[1].changes[0].from).not.toBe(history.data[1].changes[0].to);
    const older = await expectStatus(await call("GET", `/agents/history/${agency.id}?limit=2&page=2`, { token: admin }), 200);
    expect(older.data).toHaveLength(1);
    expect(older.data[0]).toMatchObject({
      action: "profile",
      changes: [{ field: "phone", from: before.phone, to: "+964 770 555 0101" }, { field: "city", from: before.city ?? null, to: "Erbil" }],
      by: { kind: "Admin" },
    });
    expect(older.data[0].by.name).toBeTruthy();
  });

  it("only admins read it; an unknown agency is a 404 and a bad page a 400", async () => {
    const agency = await agencyIn();
    expect((await call("GET", `/agents/history/${agency.id}`, { token: agency.token })).status).toBe(403);
    const admin = await adminToken();
    expect((await call("GET", "/agents/history/0190f0f0-0000-7000-8000-000000000000", { token: admin })).status).toBe(404);
    const bad = await call("GET", `/agents/history/${agency.id}?page=0`, { token: admin });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string[] }).message.join(" ")).toMatch(/page/);
  });
});
