/**
 * visa/*: per endpoint success, 400, 401, 403, 404; DESIGN §5 pricing and visibility in every agent answer; priceFor;
 * rich content sanitized when saved and when shown.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { priceFor } from "../../functions/services/visas";
import { call, createGroup } from "./fixtures";
import { adminToken, agencyIn, expectStatus, localized, newCountry, newRequirement, newVisa, staffOf } from "./catalogue-fixtures";

const UNKNOWN = "0193ffff-0000-7000-8000-000000000000";
type Row = { _id: string; price: number };

let admin: string;
let gold: { id: string; groupId: string | null; token: string };
let standard: { id: string; groupId: string | null; token: string };
let goldStaff: string;
let country: Record<string, any>;
let plain: Record<string, any>;
let hidden: Record<string, any>;

beforeAll(async () => {
  admin = await adminToken();
  gold = await agencyIn(await createGroup("Gold (visa tests)"));
  standard = await agencyIn(await createGroup("Standard (visa tests)"));
  goldStaff = await staffOf(gold.id);
  country = await newCountry(admin, { name: localized("Georgia", "جورجيا", "جۆرجیا") });
  plain = await newVisa(admin, country._id, { title: localized("Georgia e-visa"), price: 10_000, featured: true });
  hidden = await newVisa(admin, country._id, { title: localized("Georgia business visa"), price: 25_000, featured: true, travelMode: "Air" });
  await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: gold.groupId, visaId: plain._id, price: 8_000 } }), 201);
  await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: gold.groupId, visaId: hidden._id, price: 20_000 } }), 201);
  await expectStatus(await call("POST", `/visa/set-hide-from-group/${hidden._id}`, { token: admin, body: { groupIds: [standard.groupId] } }), 200);
});

const ids = (list: Record<string, any>) => (list.data as Row[]).map((v) => v._id);
const priceIn = (list: Record<string, any>, id: string) => (list.data as Row[]).find((v) => v._id === id)?.price;

/** Every agent-facing answer that lists visas, for one country. */
const agentLists = (countryId: string) => [
  `/visa/list?countryId=${countryId}&limit=100`,
  "/visa/featured?limit=100",
  "/visa/latest?limit=100",
  `/visa/searchAvailableVisa/${countryId}/Air?limit=100`,
  `/visa/list?search=${encodeURIComponent("Georgia business")}`,
];

describe("DESIGN §5: the agency's own price in every answer", () => {
  it("Gold agents see the group price, Standard agents the visa's price, staff users no price at all", async () => {
    for (const path of agentLists(country._id).slice(0, 4)) {
      expect(priceIn(await expectStatus(await call("GET", path, { token: gold.token }), 200), plain._id), path).toBe(8_000);
      const staffRow = ((await expectStatus(await call("GET", path, { token: goldStaff }), 200)).data as Row[]).find((v) => v._id === plain._id);
      expect(staffRow, path).toBeDefined();
      expect(staffRow, path).not.toHaveProperty("price");
      expect(priceIn(await expectStatus(await call("GET", path, { token: standard.token }), 200), plain._id), path).toBe(10_000);
    }
    expect((await expectStatus(await call("GET", `/visa/one/${plain._id}`, { token: gold.token }), 200)).price).toBe(8_000);
    // An agency's net prices are its own business (DESIGN §3): no price, no currency for its staff.
    const forStaff = await expectStatus(await call("GET", `/visa/one/${plain._id}`, { token: goldStaff }), 200);
    expect(forStaff).not.toHaveProperty("price");
    expect(forStaff).not.toHaveProperty("currency");
    expect((await expectStatus(await call("GET", `/visa/one/${plain._id}`, { token: standard.token }), 200)).price).toBe(10_000);
  });

  it("agents never see basePrice or hiddenFromGroups; admins see both and the visa's own price", async () => {
    const forAgent = await expectStatus(await call("GET", `/visa/one/${plain._id}`, { token: gold.token }), 200);
    expect(forAgent).not.toHaveProperty("basePrice");
    expect(forAgent).not.toHaveProperty("hiddenFromGroups");
    const list = await expectStatus(await call("GET", `/visa/list?countryId=${country._id}`, { token: gold.token }), 200);
    expect(list.data[0]).not.toHaveProperty("basePrice");
    const forAdmin = await expectStatus(await call("GET", `/visa/one/${hidden._id}`, { token: admin }), 200);
    expect(forAdmin).toMatchObject({ price: 25_000, basePrice: 25_000, hiddenFromGroups: [standard.groupId], currency: "USD" });
  });

  it("an agency without a group pays the visa's price", async () => {
    const loner = await agencyIn(null);
    expect((await expectStatus(await call("GET", `/visa/one/${plain._id}`, { token: loner.token }), 200)).price).toBe(10_000);
    expect(await priceFor(env.DB, loner.id, plain._id)).toBe(10_000);
  });

  it("a changed or removed group price shows at once", async () => {
    const visa = await newVisa(admin, country._id, { price: 5_000 });
    const created = await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: gold.groupId, visaId: visa._id, price: 4_500 } }), 201);
    expect((await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: gold.token }), 200)).price).toBe(4_500);
    await expectStatus(await call("PATCH", `/group-price/${created._id}`, { token: admin, body: { price: 4_000 } }), 200);
    expect(await priceFor(env.DB, gold.id, visa._id)).toBe(4_000);
    await expectStatus(await call("DELETE", `/group-price/${created._id}`, { token: admin }), 200);
    expect((await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: gold.token }), 200)).price).toBe(5_000);
  });
});

describe("a visa hidden from a group", () => {
  it("is not listed, featured, latest, searchable or found for that group's agents", async () => {
    for (const path of agentLists(country._id)) {
      expect(ids(await expectStatus(await call("GET", path, { token: standard.token }), 200)), path).not.toContain(hidden._id);
      const forGold = await expectStatus(await call("GET", path, { token: gold.token }), 200);
      expect(ids(forGold), path).toContain(hidden._id);
      expect(priceIn(forGold, hidden._id)).toBe(20_000);
    }
    const notFound = await expectStatus(await call("GET", `/visa/one/${hidden._id}`, { token: standard.token }), 404);
    expect(notFound.message).toBe("Visa not found.");
    expect((await expectStatus(await call("GET", `/visa/one/${hidden._id}`, { token: gold.token }), 200)).price).toBe(20_000);
  });

  it("counts only what the agent may see in total", async () => {
    const forStandard = await expectStatus(await call("GET", `/visa/list?countryId=${country._id}&limit=100`, { token: standard.token }), 200);
    const forAdmin = await expectStatus(await call("GET", `/visa/list?countryId=${country._id}&limit=100`, { token: admin }), 200);
    expect(forStandard.total).toBe(forStandard.data.length);
    expect(forAdmin.total).toBe(forStandard.total + 1);
  });

  it("priceFor refuses it for that group (404) but prices it for the other group", async () => {
    await expect(priceFor(env.DB, standard.id, hidden._id)).rejects.toMatchObject({ statusCode: 404, vars: { thing: "entity.visa" } });
    expect(await priceFor(env.DB, gold.id, hidden._id)).toBe(20_000);
    expect(await priceFor(env.DB, standard.id, plain._id)).toBe(10_000);
    await expect(priceFor(env.DB, gold.id, UNKNOWN)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("shows again when the hiding is lifted (empty list), and hides from several groups at once", async () => {
    const visa = await newVisa(admin, country._id);
    const both = await expectStatus(await call("POST", `/visa/set-hide-from-group/${visa._id}`, { token: admin, body: { groupIds: [gold.groupId, standard.groupId, gold.groupId] } }), 200);
    expect(both.hiddenFromGroups).toEqual([gold.groupId, standard.groupId].sort());
    await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: gold.token }), 404);
    await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: goldStaff }), 404);
    const none = await expectStatus(await call("POST", `/visa/set-hide-from-group/${visa._id}`, { token: admin, body: { groupIds: [] } }), 200);
    expect(none.hiddenFromGroups).toEqual([]);
    await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: gold.token }), 200);
  });
});

describe("disabled visas and countries", () => {
  it("are invisible to agents (and unpriceable) but shown to admins", async () => {
    const off = await newVisa(admin, country._id, { enabled: false, featured: true });
    const offCountry = await newCountry(admin, { enabled: false });
    const inOffCountry = await newVisa(admin, offCountry._id, { featured: true });
    for (const path of ["/visa/list?limit=100", "/visa/featured?limit=100", "/visa/latest?limit=100"]) {
      const list = ids(await expectStatus(await call("GET", path, { token: gold.token }), 200));
      expect(list).not.toContain(off._id);
      expect(list).not.toContain(inOffCountry._id);
    }
    await expectStatus(await call("GET", `/visa/one/${off._id}`, { token: gold.token }), 404);
    await expectStatus(await call("GET", `/visa/one/${inOffCountry._id}`, { token: gold.token }), 404);
    await expectStatus(await call("GET", `/visa/searchAvailableVisa/${offCountry._id}/Air`, { token: gold.token }), 404);
    await expect(priceFor(env.DB, gold.id, off._id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(priceFor(env.DB, gold.id, inOffCountry._id)).rejects.toMatchObject({ statusCode: 404 });
    const adminList = ids(await expectStatus(await call("GET", "/visa/list?enabled=false&limit=100", { token: admin }), 200));
    expect(adminList).toContain(off._id);
    // `enabled` is an admin filter: an agent asking for disabled visas still sees only enabled ones.
    expect(ids(await expectStatus(await call("GET", "/visa/list?enabled=false&limit=100", { token: gold.token }), 200))).not.toContain(off._id);
  });
});

describe("POST visa", () => {
  it("creates a visa with defaults, requirements in order, and the admin's view", async () => {
    const passport = await newRequirement(admin, { name: localized("Passport copy") });
    const photo = await newRequirement(admin, { name: localized("Photo") });
    const json = await newVisa(admin, country._id, {
      title: localized("Tbilisi by land", "تبليسي براً", "تبلیسی بە ڕێگای وشکانی"), travelMode: "Land", entries: "multiple",
      requirementIds: [photo._id, passport._id], fields: ["FullName", "TravelDate", "FullName"],
    });
    expect(json).toMatchObject({
      title: { ar: "تبليسي براً" }, travelMode: "Land", entries: "multiple", featured: false, enabled: true, image: null,
      price: 10_000, basePrice: 10_000, hiddenFromGroups: [], fields: ["FullName", "TravelDate"],
      country: { _id: country._id, code: country.code, name: { en: "Georgia" } }, content: { en: "", ar: "", ku: "" },
    });
    expect(json.requirements.map((r: { _id: string }) => r._id)).toEqual([photo._id, passport._id]);
    const defaults = await newVisa(admin, country._id);
    expect(defaults.fields).toEqual(["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry"]);
  });

  it("names every bad field in a 400", async () => {
    const json = await expectStatus(
      await call("POST", "/visa", { token: admin, body: { countryId: "no way", title: localized("T"), price: -1, processingDays: 1.5, validityDays: 30, travelMode: "Sea", fields: ["Shoe"] } }),
      400,
    );
    expect(json.message).toEqual(expect.arrayContaining([
      "countryId: This reference is not valid.", "price: This number is too small.", "processingDays: Enter a whole number.",
      "travelMode: This value is not valid.", "fields.0: This value is not valid.",
    ]));
  });

  it("answers 404 for an unknown country or requirement and stores nothing", async () => {
    const before = await expectStatus(await call("GET", "/visa/list?search=Orphan", { token: admin }), 200);
    await expectStatus(await call("POST", "/visa", { token: admin, body: { countryId: UNKNOWN, title: localized("Orphan"), price: 1, processingDays: 1, validityDays: 1, travelMode: "Air" } }), 404);
    const missing = await call("POST", "/visa", {
      token: admin, body: { countryId: country._id, title: localized("Orphan"), price: 1, processingDays: 1, validityDays: 1, travelMode: "Air", requirementIds: [UNKNOWN] },
    });
    expect((await expectStatus(missing, 404)).message).toBe("Visa requirement not found.");
    expect((await expectStatus(await call("GET", "/visa/list?search=Orphan", { token: admin }), 200)).total).toBe(before.total);
  });

  it("answers 401 without a session and 403 for agents and staff", async () => {
    const input = { countryId: country._id, title: localized("X"), price: 1, processingDays: 1, validityDays: 1, travelMode: "Air" };
    await expectStatus(await call("POST", "/visa", { body: input }), 401);
    await expectStatus(await call("POST", "/visa", { token: gold.token, body: input }), 403);
    await expectStatus(await call("POST", "/visa", { token: goldStaff, body: input }), 403);
  });
});

describe("GET visa/list, featured, latest, searchAvailableVisa, one", () => {
  it("filters by country, travel mode and featured", async () => {
    const other = await newCountry(admin);
    const land = await newVisa(admin, other._id, { travelMode: "Land", featured: true });
    const air = await newVisa(admin, other._id, { travelMode: "Air" });
    expect(ids(await expectStatus(await call("GET", `/visa/list?countryId=${other._id}`, { token: gold.token }), 200)).sort()).toEqual([land._id, air._id].sort());
    expect(ids(await expectStatus(await call("GET", `/visa/list?countryId=${other._id}&travelMode=Land`, { token: gold.token }), 200))).toEqual([land._id]);
    expect(ids(await expectStatus(await call("GET", `/visa/list?countryId=${other._id}&featured=true`, { token: gold.token }), 200))).toEqual([land._id]);
    expect(ids(await expectStatus(await call("GET", `/visa/searchAvailableVisa/${other._id}/Land`, { token: gold.token }), 200))).toEqual([land._id]);
    // The destination may also be named by its ISO code.
    expect(ids(await expectStatus(await call("GET", `/visa/searchAvailableVisa/${other.code.toLowerCase()}/Air`, { token: gold.token }), 200))).toEqual([air._id]);
    const featured = await expectStatus(await call("GET", "/visa/featured?limit=100", { token: gold.token }), 200);
    expect(featured.data.every((v: { featured: boolean }) => v.featured)).toBe(true);
    const latest = await expectStatus(await call("GET", "/visa/latest?limit=2", { token: gold.token }), 200);
    expect(latest).toMatchObject({ page: 1, limit: 2 });
    expect(latest.data[0]._id).toBe(air._id);
  });

  it("answers 401 without a session, 400 for bad filters and modes, 404 for unknown ids", async () => {
    for (const path of ["/visa/list", "/visa/featured", "/visa/latest", `/visa/searchAvailableVisa/${country._id}/Air`, `/visa/one/${plain._id}`]) {
      expect((await expectStatus(await call("GET", path), 401)).message, path).toBe("Agent session expired");
    }
    expect((await expectStatus(await call("GET", "/visa/list?travelMode=Sea", { token: gold.token }), 400)).message).toEqual(["travelMode: This value is not valid."]);
    expect((await expectStatus(await call("GET", "/visa/list?countryId=a%20b", { token: gold.token }), 400)).message).toEqual(["countryId: This reference is not valid."]);
    expect((await expectStatus(await call("GET", `/visa/searchAvailableVisa/${country._id}/Sea`, { token: gold.token }), 400)).message).toEqual(["mode: This value is not valid."]);
    expect((await expectStatus(await call("GET", `/visa/searchAvailableVisa/${UNKNOWN}/Air`, { token: gold.token }), 404)).message).toBe("Country not found.");
    await expectStatus(await call("GET", `/visa/one/${UNKNOWN}`, { token: admin }), 404);
  });
});

describe("PATCH visa/{id}", () => {
  it("changes only the named fields and replaces the requirement list", async () => {
    const passport = await newRequirement(admin);
    const visa = await newVisa(admin, country._id, { featured: true, description: localized("Keep me"), requirementIds: [passport._id] });
    const json = await expectStatus(await call("PATCH", `/visa/${visa._id}`, { token: admin, body: { price: 12_345 } }), 200);
    expect(json).toMatchObject({ price: 12_345, featured: true, description: { en: "Keep me" }, enabled: true });
    expect(json.requirements).toHaveLength(1);
    const cleared = await expectStatus(await call("PATCH", `/visa/${visa._id}`, { token: admin, body: { requirementIds: [] } }), 200);
    expect(cleared.requirements).toEqual([]);
    expect(cleared.updatedAt >= visa.updatedAt).toBe(true);
  });

  it("answers 400 naming the field, 401, 403, 404 — and an unknown reference changes nothing", async () => {
    const visa = await newVisa(admin, country._id, { price: 700 });
    expect((await expectStatus(await call("PATCH", `/visa/${visa._id}`, { token: admin, body: { price: "12" } }), 400)).message).toEqual(["price: Enter a whole number."]);
    await expectStatus(await call("PATCH", `/visa/${visa._id}`, { body: { price: 1 } }), 401);
    await expectStatus(await call("PATCH", `/visa/${visa._id}`, { token: gold.token, body: { price: 1 } }), 403);
    await expectStatus(await call("PATCH", `/visa/${UNKNOWN}`, { token: admin, body: { price: 1 } }), 404);
    await expectStatus(await call("PATCH", `/visa/${visa._id}`, { token: admin, body: { price: 1, countryId: UNKNOWN } }), 404);
    expect((await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: admin }), 200)).price).toBe(700);
  });
});

describe("DELETE visa/{id}", () => {
  it("deletes the visa and its group prices; 401, 403, 404", async () => {
    const visa = await newVisa(admin, country._id);
    const price = await expectStatus(await call("POST", "/group-price", { token: admin, body: { groupId: gold.groupId, visaId: visa._id, price: 1 } }), 201);
    await expectStatus(await call("DELETE", `/visa/${visa._id}`), 401);
    await expectStatus(await call("DELETE", `/visa/${visa._id}`, { token: gold.token }), 403);
    expect(await expectStatus(await call("DELETE", `/visa/${visa._id}`, { token: admin }), 200)).toEqual({ _id: visa._id, deleted: true });
    await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: admin }), 404);
    await expectStatus(await call("DELETE", `/visa/${visa._id}`, { token: admin }), 404);
    const prices = await expectStatus(await call("GET", `/group-price/${gold.groupId}`, { token: admin }), 200);
    expect(prices.data.map((p: { _id: string }) => p._id)).not.toContain(price._id);
  });
});

describe("POST visa/set-hide-from-group/{id}", () => {
  it("answers 400 naming the field, 401, 403, 404 for an unknown visa or group (nothing changes)", async () => {
    const visa = await newVisa(admin, country._id);
    expect((await expectStatus(await call("POST", `/visa/set-hide-from-group/${visa._id}`, { token: admin, body: { groupIds: "all" } }), 400)).message[0]).toMatch(/^groupIds: /);
    expect((await expectStatus(await call("POST", `/visa/set-hide-from-group/${visa._id}`, { token: admin, body: {} }), 400)).message[0]).toMatch(/^groupIds: /);
    await expectStatus(await call("POST", `/visa/set-hide-from-group/${visa._id}`, { body: { groupIds: [] } }), 401);
    await expectStatus(await call("POST", `/visa/set-hide-from-group/${visa._id}`, { token: gold.token, body: { groupIds: [] } }), 403);
    await expectStatus(await call("POST", `/visa/set-hide-from-group/${UNKNOWN}`, { token: admin, body: { groupIds: [] } }), 404);
    const unknownGroup = await call("POST", `/visa/set-hide-from-group/${visa._id}`, { token: admin, body: { groupIds: [standard.groupId, UNKNOWN] } });
    expect((await expectStatus(unknownGroup, 404)).message).toBe("Group not found.");
    expect((await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: admin }), 200)).hiddenFromGroups).toEqual([]);
  });
});

describe("rich content (DESIGN §11)", () => {
  const NASTY = [
    `<script>alert(1)</script><p>ok</p>`,
    `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
    `<img src=x onerror="alert(1)">`,
    `<p onclick="alert(1)" ONMOUSEOVER=alert(2) style="background:url(javascript:alert(3))">text</p>`,
    `<a href="javascript:alert(1)">a</a>`,
    `<a href="JaVaScRiPt:alert(1)">b</a>`,
    `<a href="  javascript:alert(1)">c</a>`,
    `<a href="java\tscript:alert(1)">d</a>`,
    `<a href="&#106;avascript:alert(1)">e</a>`,
    `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">f</a>`,
    `<a href="jav&#x09;ascript:alert(1)">g</a>`,
    `<a href="javascript&colon;alert(1)">h</a>`,
    `<a href="vbscript:msgbox(1)">i</a>`,
    `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">j</a>`,
    `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
    `<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x"><form action="x"><input></form>`,
    `<textarea><img src=x onerror=alert(1)></textarea>`,
    `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
    `<!-- <img src=x onerror=alert(1)> --><div dir="rtl" onfocus="x">نص</div>`,
    // Unclosed foreign content swallows the rest of the document, in browsers too: keep it last.
    `<svg><script>alert(1)</script></svg><math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  ];

  it("is stripped of scripts, event handlers, styles and dangerous URLs when saved and when shown", async () => {
    const html = NASTY.join("\n");
    const visa = await newVisa(admin, country._id, { content: { en: html, ar: `<p dir="rtl">مرحبا</p>${html}`, ku: "" } });
    for (const content of [visa.content, (await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: gold.token }), 200)).content]) {
      for (const text of [content.en, content.ar]) {
        expect(text).not.toMatch(/<script|<svg|<math|<iframe|<object|<embed|<form|<input|<textarea|<style|<noscript/i);
        expect(text).not.toMatch(/\son[a-z]+\s*=/i);
        expect(text).not.toMatch(/style=/i);
        expect(text).not.toMatch(/javascript|vbscript|data:|&colon;|&#/i);
        expect(text).not.toContain("<!--");
      }
      expect(content.en).toContain("<p>ok</p>");
      expect(content.en).toContain('<div dir="rtl">نص</div>');
      expect(content.ar).toContain('<p dir="rtl">مرحبا</p>');
    }
  });

  it("keeps the allowed markup, safe links and our own image URLs", async () => {
    const html = `<h2>Documents</h2><ul><li><strong>Passport</strong> <em>valid</em> <u>6</u> <s>months</s></li></ul>`
      + `<a href="https://gov.example/apply?a=1&amp;b=2">apply</a> <a href="mailto:desk@visahub.example">mail</a> <a href="/en/visa">list</a>`
      + `<img src="/api/files/visa/0193a000-0000-7000-8000-000000000001.png" alt="map">`
      + `<blockquote>q</blockquote><table><thead><tr><th colspan="2">A</th></tr></thead><tbody><tr><td rowspan="x">1</td></tr></tbody></table>`;
    const visa = await newVisa(admin, country._id, { content: { en: html, ar: "", ku: "" } });
    const en = visa.content.en as string;
    for (const part of ["<h2>Documents</h2>", "<strong>Passport</strong>", "<em>valid</em>", "<u>6</u>", "<s>months</s>", "<blockquote>q</blockquote>", '<th colspan="2">A</th>', "<td>1</td>"]) {
      expect(en).toContain(part);
    }
    expect(en).toContain('href="https://gov.example/apply?a=1&amp;b=2"');
    expect(en).toContain('href="mailto:desk@visahub.example"');
    expect(en).toContain('href="/en/visa"');
    expect(en).toContain('rel="noopener noreferrer nofollow"');
    expect(en).toContain('<img src="/api/files/visa/0193a000-0000-7000-8000-000000000001.png" alt="map">');
  });

  it("is sanitized again when shown, even if unsafe HTML reached the database another way", async () => {
    const visa = await newVisa(admin, country._id);
    await env.DB.prepare("UPDATE visas SET content_ku = ? WHERE id = ?").bind(`<p onclick="x">سڵاو</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>`, visa._id).run();
    const shown = await expectStatus(await call("GET", `/visa/one/${visa._id}`, { token: gold.token }), 200);
    expect(shown.content.ku).toBe("<p>سڵاو</p><a>x</a>");
  });
});
