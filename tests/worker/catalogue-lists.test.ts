/** The one list contract of DESIGN §4 on every catalogue list: page/limit/search/sort/order → { data, total, page, limit }. */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized, newCountry, newRequirement, newVisa } from "./catalogue-fixtures";

let admin: string;
let agent: string;

beforeAll(async () => {
  admin = await adminToken();
  agent = (await agencyIn()).token;
});

const LISTS = ["/countries/list", "/visa-requirements/list", "/visa/list", "/visa/featured", "/visa/latest", "/groups", "/theme/all"];
const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`;

describe("every catalogue list", () => {
  it.each(LISTS)("%s answers { data, total, page, limit } with the defaults", async (path) => {
    const json = await expectStatus(await call("GET", path, { token: admin }), 200);
    expect(Object.keys(json).sort()).toEqual(["data", "limit", "page", "total"]);
    expect(json).toMatchObject({ page: 1, limit: 20 });
    expect(Array.isArray(json.data)).toBe(true);
    expect(json.total).toBeGreaterThanOrEqual(json.data.length);
  });

  it.each(LISTS)("%s refuses bad paging, sorting and ordering with a 400 naming the field", async (path) => {
    const cases: [string, string][] = [
      ["limit=101", "limit: This number is too large."],
      ["limit=0", "limit: This number is too small."],
      ["page=0", "page: This number is too small."],
      ["page=two", "page: Enter a whole number."],
      ["sort=nope", "sort: This sort order is not available."],
      ["sort=name%3BDROP%20TABLE%20visas", "sort: This sort order is not available."],
      ["sort=toString", "sort: This sort order is not available."],
      ["order=sideways", "order: Choose ascending or descending order."],
    ];
    for (const [query, message] of cases) {
      const json = await expectStatus(await call("GET", withQuery(path, query), { token: admin }), 400);
      expect(json.message, `${path}?${query}`).toEqual([message]);
    }
    expect((await expectStatus(await call("GET", withQuery(path, "limit=100"), { token: admin }), 200)).limit).toBe(100);
  });
});

describe("paging, search and sort", () => {
  it("pages without overlap, counts the whole result, and answers an empty page past the end", async () => {
    const made = [];
    for (const name of ["Pagerland A", "Pagerland B", "Pagerland C", "Pagerland D", "Pagerland E"]) made.push(await newCountry(admin, { name: localized(name) }));
    const pages = [];
    for (const page of [1, 2, 3]) {
      const json = await expectStatus(await call("GET", `/countries/list?search=Pagerland&limit=2&page=${page}&sort=name`, { token: agent }), 200);
      expect(json).toMatchObject({ total: 5, page, limit: 2 });
      pages.push(...json.data.map((c: { name: { en: string } }) => c.name.en));
    }
    expect(pages).toEqual(["Pagerland A", "Pagerland B", "Pagerland C", "Pagerland D", "Pagerland E"]);
    const past = await expectStatus(await call("GET", "/countries/list?search=Pagerland&limit=2&page=4", { token: agent }), 200);
    expect(past).toMatchObject({ data: [], total: 5, page: 4 });
    const desc = await expectStatus(await call("GET", "/countries/list?search=pagerland&sort=name&order=desc&limit=2", { token: agent }), 200);
    expect(desc.data.map((c: { name: { en: string } }) => c.name.en)).toEqual(["Pagerland E", "Pagerland D"]);
    expect(made).toHaveLength(5);
  });

  it("searches every language, treats %, _ and quotes as plain text, and never lets input into SQL", async () => {
    const country = await newCountry(admin, { name: localized("Malaysia", "ماليزيا", "مالیزیا") });
    await newVisa(admin, country._id, { title: localized("100% online e_visa", "تأشيرة إلكترونية", "ڤیزای ئەلیکترۆنی"), price: 3_000 });
    for (const term of ["ماليزيا", "مالیزیا", "malaysia"]) {
      expect((await expectStatus(await call("GET", `/countries/list?search=${encodeURIComponent(term)}`, { token: agent }), 200)).total, term).toBe(1);
    }
    expect((await expectStatus(await call("GET", `/visa/list?search=${encodeURIComponent("100%")}`, { token: agent }), 200)).total).toBe(1);
    expect((await expectStatus(await call("GET", `/visa/list?search=${encodeURIComponent("e_visa")}`, { token: agent }), 200)).total).toBe(1);
    expect((await expectStatus(await call("GET", `/visa/list?search=${encodeURIComponent("0% o")}`, { token: agent }), 200)).total).toBe(1);
    expect((await expectStatus(await call("GET", `/visa/list?search=${encodeURIComponent("%%")}`, { token: agent }), 200)).total).toBe(0);
    expect((await expectStatus(await call("GET", `/visa/list?search=${encodeURIComponent("' OR 1=1 --")}`, { token: agent }), 200)).total).toBe(0);
    expect((await expectStatus(await call("GET", `/visa/list?search=${encodeURIComponent("x".repeat(101))}`, { token: agent }), 400)).message).toEqual(["search: This is too long."]);
    // By country name, in Arabic, from the visa list.
    expect((await expectStatus(await call("GET", `/visa/list?search=${encodeURIComponent("ماليزيا")}`, { token: agent }), 200)).total).toBe(1);
  });

  it("sorts visas by the caller's own price", async () => {
    const country = await newCountry(admin);
    for (const price of [300, 100, 200]) await newVisa(admin, country._id, { price });
    const asc = await expectStatus(await call("GET", `/visa/list?countryId=${country._id}&sort=price&order=asc`, { token: agent }), 200);
    expect(asc.data.map((v: { price: number }) => v.price)).toEqual([100, 200, 300]);
    const desc = await expectStatus(await call("GET", `/visa/list?countryId=${country._id}&sort=price&order=desc`, { token: agent }), 200);
    expect(desc.data.map((v: { price: number }) => v.price)).toEqual([300, 200, 100]);
  });

  it("complete lists answer { data, total } of everything the caller may see", async () => {
    await newRequirement(admin);
    const all = await expectStatus(await call("GET", "/visa-requirements/complete-list", { token: agent }), 200);
    expect(Object.keys(all).sort()).toEqual(["data", "total"]);
    expect(all.total).toBe(all.data.length);
  });
});

describe("complete lists (DESIGN §4: the whole list)", () => {
  it("visa-requirements/complete-list answers every row, past a thousand", async () => {
    const before = (await expectStatus(await call("GET", "/visa-requirements/complete-list", { token: admin }), 200)).total as number;
    const now = new Date().toISOString();
    const rows = Array.from({ length: 1001 }, (_, i) =>
      env.DB.prepare("INSERT INTO visa_requirements (id, name_en, name_ar, name_ku, kind, created_at, updated_at) VALUES (?, ?, ?, ?, 'document', ?, ?)")
        .bind(`bulk-${i}`, `Bulk ${i}`, `مستند ${i}`, `بەڵگە ${i}`, now, now));
    await env.DB.batch(rows);
    const json = await expectStatus(await call("GET", "/visa-requirements/complete-list", { token: admin }), 200);
    expect(json.total).toBe(before + 1001);
    expect(json.data).toHaveLength(before + 1001);
  });
});

describe("visa days", () => {
  it("refuses zero processing days and zero validity with a 400 naming each field", async () => {
    const country = await newCountry(admin);
    const json = await expectStatus(
      await call("POST", "/visa", { token: admin, body: { countryId: country._id, title: localized("Zero"), price: 1, processingDays: 0, validityDays: 0, travelMode: "Air" } }),
      400,
    );
    expect(json.message).toEqual(expect.arrayContaining(["processingDays: This number is too small.", "validityDays: This number is too small."]));
  });
});
