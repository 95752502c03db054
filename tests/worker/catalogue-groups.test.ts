/** groups/* and group-price/*: admin-only (reads included); one default group; per-visa prices (DESIGN §5). */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createAgent } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized, newCountry, newVisa, staffOf } from "./catalogue-fixtures";

const UNKNOWN = "0193ffff-0000-7000-8000-000000000000";
let admin: string;
let agent: string;
let staff: string;
let groupCounter = 0;

beforeAll(async () => {
  admin = await adminToken();
  const agency = await agencyIn();
  agent = agency.token;
  staff = await staffOf(agency.id);
});

const newGroup = async (overrides: Record<string, unknown> = {}) =>
  expectStatus(await call("POST", "/groups", { token: admin, body: { name: `Tier ${++groupCounter}`, ...overrides } }), 201);

const defaults = async () => (await env.DB.prepare("SELECT id FROM groups WHERE is_default = 1").all<{ id: string }>()).results.map((r) => r.id);

describe("groups", () => {
  it("POST creates a group; making it the default moves the flag (exactly one default)", async () => {
    const first = await newGroup({ description: "Partners" });
    expect(first).toMatchObject({ name: `Tier ${groupCounter}`, description: "Partners", agentCount: 0 });
    const second = await newGroup({ isDefault: true });
    expect(second.isDefault).toBe(true);
    expect(await defaults()).toEqual([second._id]);
    const moved = await expectStatus(await call("PATCH", `/groups/${first._id}`, { token: admin, body: { isDefault: true } }), 200);
    expect(moved.isDefault).toBe(true);
    expect(await defaults()).toEqual([first._id]);
    expect((await expectStatus(await call("GET", `/groups/${second._id}`, { token: admin }), 200)).isDefault).toBe(false);
  });

  it("the default group cannot be un-set or deleted (409), only replaced", async () => {
    const group = await newGroup({ isDefault: true });
    const unset = await expectStatus(await call("PATCH", `/groups/${group._id}`, { token: admin, body: { isDefault: false } }), 409);
    expect(unset.message).toBe("The default group must stay. Make another group the default first.");
    await expectStatus(await call("DELETE", `/groups/${group._id}`, { token: admin }), 409);
    expect(await defaults()).toEqual([group._id]);
  });

  it("a group with agencies cannot be deleted (409); an empty one can, and its prices and hiding go with it", async () => {
    const busy = await newGroup();
    await createAgent({ groupId: busy._id });
    const refused = await expectStatus(await call("DELETE", `/groups/${busy._id}`, { token: admin }), 409);
    expect(refused.message).toBe("Agencies still belong to this group. Move them to another group first.");
    expect((await expectStatus(await call("GET", `/groups/${busy._id}`, { token: admin }), 200)).agentCount).toBe(1);

    const empty = await newGroup();
    const visa = await newVisa(admin, (await newCountry(admin))._id);
    await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: empty._id, visaId: visa._id, price: 5 } }), 201);
    await expectStatus(await call("POST", `/visa/set-hide-from-group/${visa._id}`, { token: admin, body: { groupIds: [empty._id] } }), 200);
    expect(await expectStatus(await call("DELETE", `/groups/${empty._id}`, { token: admin }), 200)).toEqual({ _id: empty._id, deleted: true });
    await expectStatus(await call("GET", `/groups/${empty._id}`, { token: admin }), 404);
    expect((await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: admin }), 200)).hiddenFromGroups).toEqual([]);
  });

  it("GET groups is a paged, searchable, sortable list with agent counts", async () => {
    const group = await newGroup({ name: "Searchable Platinum" });
    await createAgent({ groupId: group._id });
    await createAgent({ groupId: group._id });
    const list = await expectStatus(await call("GET", "/groups?search=platinum&sort=agentCount&order=desc", { token: admin }), 200);
    expect(list).toMatchObject({ total: 1, page: 1, limit: 20, data: [{ _id: group._id, agentCount: 2 }] });
  });

  it("names bad fields (400); duplicate names are a 409; unknown ids a 404", async () => {
    const bad = await expectStatus(await call("POST", "/groups", { token: admin, body: { name: "x", isDefault: "yes" } }), 400);
    expect(bad.message).toEqual(["name: This is too short.", "isDefault: This value is not valid."]);
    const group = await newGroup();
    expect((await expectStatus(await call("POST", "/groups", { token: admin, body: { name: group.name.toUpperCase() } }), 409)).message).toBe("A group with this name already exists.");
    const other = await newGroup();
    await expectStatus(await call("PATCH", `/groups/${other._id}`, { token: admin, body: { name: group.name } }), 409);
    expect((await expectStatus(await call("PATCH", `/groups/${other._id}`, { token: admin, body: { name: "" } }), 400)).message).toEqual(["name: This field is required."]);
    for (const [method, path] of [["GET", `/groups/${UNKNOWN}`], ["PATCH", `/groups/${UNKNOWN}`], ["DELETE", `/groups/${UNKNOWN}`]] as const) {
      expect((await expectStatus(await call(method, path, { token: admin, body: method === "PATCH" ? {} : undefined }), 404)).message).toBe("Group not found.");
    }
    await expectStatus(await call("GET", "/groups/not%20an%20id", { token: admin }), 400);
  });

  it("every groups call is admin-only: 401 without a session, 403 for agents and staff", async () => {
    const group = await newGroup();
    const calls = [["POST", "/groups", { name: "Nope" }], ["GET", "/groups"], ["GET", `/groups/${group._id}`], ["PATCH", `/groups/${group._id}`, {}], ["DELETE", `/groups/${group._id}`]] as const;
    for (const [method, path, input] of calls) {
      expect((await expectStatus(await call(method, path, { body: input }), 401)).message, `${method} ${path}`).toBe("Admin session expired");
      await expectStatus(await call(method, path, { token: agent, body: input }), 403);
      await expectStatus(await call(method, path, { token: staff, body: input }), 403);
    }
  });
});

describe("group-price", () => {
  it("POST sets a price; GET group-price/{groupId} lists the group's prices with the visa's own price", async () => {
    const group = await newGroup();
    const visa = await newVisa(admin, (await newCountry(admin))._id, { title: localized("Jordan tourist"), price: 6_000 });
    const created = await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: group._id, visaId: visa._id, price: 5_500 } }), 201);
    expect(created).toMatchObject({ groupId: group._id, visaId: visa._id, price: 5_500, basePrice: 6_000, visaTitle: { en: "Jordan tourist" } });
    const list = await expectStatus(await call("GET", `/group-price/${group._id}`, { token: admin }), 200);
    expect(list).toEqual({ data: [created], total: 1 });
  });

  it("a second price for the same (group, visa) is a 409 and changes nothing", async () => {
    const group = await newGroup();
    const visa = await newVisa(admin, (await newCountry(admin))._id);
    await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: group._id, visaId: visa._id, price: 100 } }), 201);
    const again = await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: group._id, visaId: visa._id, price: 200 } }), 409);
    expect(again.message).toBe("This group already has a price for this visa. Change that price instead.");
    expect((await expectStatus(await call("GET", `/group-price/${group._id}`, { token: admin }), 200)).data.map((p: { price: number }) => p.price)).toEqual([100]);
  });

  it("PATCH and DELETE take the price's own id", async () => {
    const group = await newGroup();
    const visa = await newVisa(admin, (await newCountry(admin))._id);
    const created = await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: group._id, visaId: visa._id, price: 100 } }), 201);
    expect((await expectStatus(await call("PATCH", `/group-price/${created._id}`, { token: admin, body: { price: 90 } }), 200)).price).toBe(90);
    // A group id is not a price id.
    await expectStatus(await call("PATCH", `/group-price/${group._id}`, { token: admin, body: { price: 1 } }), 404);
    expect(await expectStatus(await call("DELETE", `/group-price/${created._id}`, { token: admin }), 200)).toEqual({ _id: created._id, deleted: true });
    expect(await expectStatus(await call("GET", `/group-price/${group._id}`, { token: admin }), 200)).toEqual({ data: [], total: 0 });
  });

  it("answers 400 naming the field, 404 for unknown groups, visas and prices", async () => {
    const group = await newGroup();
    const visa = await newVisa(admin, (await newCountry(admin))._id);
    const bad = await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: group._id, visaId: visa._id, price: 1.5 } }), 400);
    expect(bad.message).toEqual(["price: Enter a whole number."]);
    expect((await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: group._id } }), 400)).message).toEqual(
      expect.arrayContaining([expect.stringMatching(/^visaId: /), expect.stringMatching(/^price: /)]),
    );
    expect((await expectStatus(await call("PATCH", `/group-price/${UNKNOWN}`, { token: admin, body: { price: -5 } }), 400)).message).toEqual(["price: This number is too small."]);
    expect((await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: UNKNOWN, visaId: visa._id, price: 1 } }), 404)).message).toBe("Group not found.");
    expect((await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: group._id, visaId: UNKNOWN, price: 1 } }), 404)).message).toBe("Visa not found.");
    await expectStatus(await call("GET", `/group-price/${UNKNOWN}`, { token: admin }), 404);
    expect((await expectStatus(await call("PATCH", `/group-price/${UNKNOWN}`, { token: admin, body: { price: 5 } }), 404)).message).toBe("Group price not found.");
    await expectStatus(await call("DELETE", `/group-price/${UNKNOWN}`, { token: admin }), 404);
  });

  it("every group-price call is admin-only: 401 without a session, 403 for agents and staff", async () => {
    const group = await newGroup();
    const calls = [["POST", "/group-price", { groupId: group._id, visaId: UNKNOWN, price: 1 }], ["GET", `/group-price/${group._id}`], ["PATCH", `/group-price/${UNKNOWN}`, { price: 1 }], ["DELETE", `/group-price/${UNKNOWN}`]] as const;
    for (const [method, path, input] of calls) {
      await expectStatus(await call(method, path, { body: input }), 401);
      await expectStatus(await call(method, path, { token: agent, body: input }), 403);
      await expectStatus(await call(method, path, { token: staff, body: input }), 403);
    }
  });
});
