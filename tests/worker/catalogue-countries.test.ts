/** countries/* and visa-requirements/*: per endpoint success, 400 naming the field, 401, 403 for agents, 404. */
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./fixtures";
import { adminToken, agencyIn, body, expectStatus, localized, newCountry, newRequirement, newVisa, nextCode, staffOf } from "./catalogue-fixtures";

const UNKNOWN = "0193ffff-0000-7000-8000-000000000000";
let admin: string;
let agent: string;
let staff: string;

beforeAll(async () => {
  admin = await adminToken();
  const agency = await agencyIn();
  agent = agency.token;
  staff = await staffOf(agency.id);
});

describe("POST countries", () => {
  it("creates a country with its flag; the code is upper-cased", async () => {
    const code = nextCode();
    const json = await expectStatus(await call("POST", "/countries", { token: admin, body: { name: localized("Türkiye", "تركيا", "تورکیا"), code: code.toLowerCase() } }), 201);
    expect(json).toMatchObject({ name: { en: "Türkiye", ar: "تركيا", ku: "تورکیا" }, code, enabled: true, visaCount: 0 });
    expect(json._id).toMatch(/^[0-9a-f-]{36}$/);
    expect([...json.flag].length).toBe(2);
    expect(json.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("names each bad field in a 400", async () => {
    const json = await expectStatus(await call("POST", "/countries", { token: admin, body: { name: { en: "X", ar: "" }, code: "TUR", extra: 1 } }), 400);
    expect(json.message).toEqual(expect.arrayContaining([
      "name.ar: This field is required.", "name.ku: This field is required.", "code: Use the two-letter country code, for example IQ or TR.",
      "extra: This field is not accepted here.",
    ]));
  });

  it("answers 409 for a code already used, and changes nothing", async () => {
    const first = await newCountry(admin);
    const again = await call("POST", "/countries", { token: admin, body: { name: localized("Again"), code: first.code } });
    expect((await expectStatus(again, 409)).message).toEqual(["code: A country with this code already exists."]);
  });

  it("answers 401 without a session and 403 for an agent or staff user", async () => {
    const input = { name: localized("Nowhere"), code: nextCode() };
    expect((await expectStatus(await call("POST", "/countries", { body: input }), 401)).message).toBe("Admin session expired");
    expect((await expectStatus(await call("POST", "/countries", { token: agent, body: input }), 403)).code).toBe("FORBIDDEN");
    await expectStatus(await call("POST", "/countries", { token: staff, body: input }), 403);
  });
});

describe("GET countries/list, complete-list, one", () => {
  it("agents and staff see enabled countries only; admins see all with visa counts", async () => {
    const on = await newCountry(admin, { name: localized("Shownland") });
    const off = await newCountry(admin, { name: localized("Hiddenland"), enabled: false });
    for (const token of [agent, staff]) {
      const list = await expectStatus(await call("GET", "/countries/list?search=land&limit=100", { token }), 200);
      const ids = list.data.map((c: { _id: string }) => c._id);
      expect(ids).toContain(on._id);
      expect(ids).not.toContain(off._id);
      expect(list.data[0]).not.toHaveProperty("visaCount");
      const all = await expectStatus(await call("GET", "/countries/complete-list", { token }), 200);
      expect(all.total).toBe(all.data.length);
      expect(all.data.map((c: { _id: string }) => c._id)).not.toContain(off._id);
      await expectStatus(await call("GET", `/countries/one/${off._id}`, { token }), 404);
      expect((await expectStatus(await call("GET", `/countries/one/${on._id}`, { token }), 200)).name.en).toBe("Shownland");
    }
    const adminList = await expectStatus(await call("GET", "/countries/list?search=land&limit=100", { token: admin }), 200);
    expect(adminList.data.map((c: { _id: string }) => c._id)).toEqual(expect.arrayContaining([on._id, off._id]));
    expect(adminList.data[0]).toHaveProperty("visaCount");
    const disabledOnly = await expectStatus(await call("GET", "/countries/list?enabled=false&limit=100", { token: admin }), 200);
    expect(disabledOnly.data.every((c: { enabled: boolean }) => !c.enabled)).toBe(true);
  });

  it("answers 401 without a session, 400 for a bad id or query, 404 for an unknown id", async () => {
    for (const path of ["/countries/list", "/countries/complete-list", `/countries/one/${UNKNOWN}`]) {
      expect((await expectStatus(await call("GET", path), 401)).message).toBe("Agent session expired");
    }
    expect((await expectStatus(await call("GET", "/countries/one/bad%20id!", { token: admin }), 400)).message).toEqual(["id: This reference is not valid."]);
    expect((await expectStatus(await call("GET", "/countries/list?enabled=maybe", { token: admin }), 400)).message[0]).toMatch(/^enabled: /);
    expect((await expectStatus(await call("GET", `/countries/one/${UNKNOWN}`, { token: admin }), 404)).message).toBe("Country not found.");
  });

  it("says 'not found' in the caller's language", async () => {
    const ar = await call("GET", `/countries/one/${UNKNOWN}`, { token: admin, headers: { "Accept-Language": "ar" } });
    expect((await expectStatus(ar, 404)).message).toBe("لم يُعثر على البلد.");
    const ku = await call("GET", `/countries/one/${UNKNOWN}`, { token: admin, headers: { "Accept-Language": "ckb" } });
    expect((await expectStatus(ku, 404)).message).toBe("وڵات نەدۆزرایەوە.");
  });
});

describe("PATCH countries/{id}", () => {
  it("changes only the named fields", async () => {
    const country = await newCountry(admin, { name: localized("Before") });
    const json = await expectStatus(await call("PATCH", `/countries/${country._id}`, { token: admin, body: { enabled: false } }), 200);
    expect(json).toMatchObject({ enabled: false, name: country.name, code: country.code });
    const renamed = await expectStatus(await call("PATCH", `/countries/${country._id}`, { token: admin, body: { name: localized("After") } }), 200);
    expect(renamed).toMatchObject({ enabled: false, name: { en: "After" } });
  });

  it("answers 400 naming the field (state unchanged), 401, 403, 404, and 409 for a taken code", async () => {
    const country = await newCountry(admin);
    const other = await newCountry(admin);
    expect((await expectStatus(await call("PATCH", `/countries/${country._id}`, { token: admin, body: { enabled: "yes" } }), 400)).message).toEqual(["enabled: This value is not valid."]);
    await expectStatus(await call("PATCH", `/countries/${country._id}`, { body: { enabled: false } }), 401);
    await expectStatus(await call("PATCH", `/countries/${country._id}`, { token: agent, body: { enabled: false } }), 403);
    await expectStatus(await call("PATCH", `/countries/${UNKNOWN}`, { token: admin, body: { enabled: false } }), 404);
    await expectStatus(await call("PATCH", `/countries/${country._id}`, { token: admin, body: { code: other.code } }), 409);
    const now = await expectStatus(await call("GET", `/countries/one/${country._id}`, { token: admin }), 200);
    expect(now).toMatchObject({ code: country.code, enabled: true });
  });
});

describe("DELETE countries/{id}", () => {
  it("deletes an unused country; one that visas use is a 409 and stays", async () => {
    const unused = await newCountry(admin);
    expect(await expectStatus(await call("DELETE", `/countries/${unused._id}`, { token: admin }), 200)).toEqual({ _id: unused._id, deleted: true });
    await expectStatus(await call("GET", `/countries/one/${unused._id}`, { token: admin }), 404);

    const used = await newCountry(admin);
    await newVisa(admin, used._id);
    const refused = await expectStatus(await call("DELETE", `/countries/${used._id}`, { token: admin }), 409);
    expect(refused.message).toBe("Visas still belong to this country. Move or delete them first.");
    expect((await expectStatus(await call("GET", `/countries/one/${used._id}`, { token: admin }), 200)).visaCount).toBe(1);
  });

  it("answers 401, 403, 404 and 400 for a bad id", async () => {
    const country = await newCountry(admin);
    await expectStatus(await call("DELETE", `/countries/${country._id}`), 401);
    await expectStatus(await call("DELETE", `/countries/${country._id}`, { token: agent }), 403);
    await expectStatus(await call("DELETE", `/countries/${UNKNOWN}`, { token: admin }), 404);
    await expectStatus(await call("DELETE", "/countries/%3Cscript%3E", { token: admin }), 400);
  });
});

describe("visa-requirements", () => {
  it("POST creates (admin), with defaults; 400 names fields; 401; 403", async () => {
    const json = await newRequirement(admin, { name: localized("Bank statement", "كشف حساب بنكي", "ڕاپۆرتی بانک") });
    expect(json).toMatchObject({ kind: "document", required: true, description: { en: "", ar: "", ku: "" }, name: { ar: "كشف حساب بنكي" } });
    const bad = await expectStatus(await call("POST", "/visa-requirements", { token: admin, body: { name: localized("X"), kind: "photo" } }), 400);
    expect(bad.message).toEqual(["kind: This value is not valid."]);
    await expectStatus(await call("POST", "/visa-requirements", { body: { name: localized("X"), kind: "document" } }), 401);
    await expectStatus(await call("POST", "/visa-requirements", { token: agent, body: { name: localized("X"), kind: "document" } }), 403);
  });

  it("list, complete-list and one are readable by agents and staff; 401 without a session; 404 unknown", async () => {
    const requirement = await newRequirement(admin, { name: localized("Hotel booking"), kind: "information", required: false });
    for (const token of [agent, staff, admin]) {
      const list = await expectStatus(await call("GET", "/visa-requirements/list?search=hotel&kind=information", { token }), 200);
      expect(list.data.map((r: { _id: string }) => r._id)).toContain(requirement._id);
      expect(list).toMatchObject({ page: 1, limit: 20 });
      const all = await expectStatus(await call("GET", "/visa-requirements/complete-list", { token }), 200);
      expect(all.data.map((r: { _id: string }) => r._id)).toContain(requirement._id);
      expect((await expectStatus(await call("GET", `/visa-requirements/one/${requirement._id}`, { token }), 200)).required).toBe(false);
    }
    await expectStatus(await call("GET", "/visa-requirements/list"), 401);
    await expectStatus(await call("GET", "/visa-requirements/complete-list"), 401);
    await expectStatus(await call("GET", `/visa-requirements/one/${requirement._id}`), 401);
    expect((await expectStatus(await call("GET", `/visa-requirements/one/${UNKNOWN}`, { token: agent }), 404)).message).toBe("Visa requirement not found.");
    expect((await expectStatus(await call("GET", "/visa-requirements/list?kind=x", { token: agent }), 400)).message).toEqual(["kind: This value is not valid."]);
  });

  it("PATCH changes the named fields; 400, 401, 403, 404", async () => {
    const requirement = await newRequirement(admin, { required: false });
    const json = await expectStatus(await call("PATCH", `/visa-requirements/${requirement._id}`, { token: admin, body: { description: localized("Colour, 4×6 cm") } }), 200);
    expect(json).toMatchObject({ required: false, description: { en: "Colour, 4×6 cm" }, name: requirement.name });
    expect((await expectStatus(await call("PATCH", `/visa-requirements/${requirement._id}`, { token: admin, body: { name: { en: "" } } }), 400)).message).toEqual(
      expect.arrayContaining(["name.en: This field is required."]),
    );
    await expectStatus(await call("PATCH", `/visa-requirements/${requirement._id}`, { body: {} }), 401);
    await expectStatus(await call("PATCH", `/visa-requirements/${requirement._id}`, { token: staff, body: {} }), 403);
    await expectStatus(await call("PATCH", `/visa-requirements/${UNKNOWN}`, { token: admin, body: {} }), 404);
  });

  it("DELETE removes the requirement from every visa that asked for it; 401, 403, 404", async () => {
    const photo = await newRequirement(admin, { name: localized("Photo") });
    const passport = await newRequirement(admin, { name: localized("Passport") });
    const country = await newCountry(admin);
    const visa = await newVisa(admin, country._id, { requirementIds: [photo._id, passport._id] });
    expect(visa.requirements.map((r: { _id: string }) => r._id)).toEqual([photo._id, passport._id]);

    await expectStatus(await call("DELETE", `/visa-requirements/${photo._id}`), 401);
    await expectStatus(await call("DELETE", `/visa-requirements/${photo._id}`, { token: agent }), 403);
    expect(await expectStatus(await call("DELETE", `/visa-requirements/${photo._id}`, { token: admin }), 200)).toEqual({ _id: photo._id, deleted: true });
    await expectStatus(await call("DELETE", `/visa-requirements/${photo._id}`, { token: admin }), 404);
    const after = await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: admin }), 200);
    expect(after.requirements.map((r: { _id: string }) => r._id)).toEqual([passport._id]);
  });
});

it("odd bodies are a 400, never a 500", async () => {
  for (const odd of ["{", "[]", "null", "42", JSON.stringify({ name: "x", code: 5 })]) {
    const response = await call("POST", "/countries", { token: admin, body: odd });
    expect(response.status, odd).toBe(400);
    expect((await body(response)).statusCode).toBe(400);
  }
});
