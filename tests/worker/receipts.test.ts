/**
 * Receipts with the agency's logo (issue 30 item 3) on real D1 and R2: the agency's branding (logo and footer per
 * language), a receipt PDF per request and order in A4 and phone size, and what it says: never the net price the
 * agency paid unless it chose to show it, never to staff, its own selling price when it types one.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "../../functions/services/accounts";
import { orderReceiptContent, requestReceiptContent } from "../../functions/services/receipts";
import { adminToken, expectStatus, localized, multipart, newCountry, newVisa, pngFile, staffOf, webpFile } from "./catalogue-fixtures";
import { call, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { APPLICANT, topUp } from "./requests-fixtures";

const PRICE = 12_345; // 123.45: a figure no other line of a receipt can contain
let admin: string;
let visaId: string;
let serviceId: string;
let languages: [string, string];

beforeAll(async () => {
  admin = await adminToken();
  const country = await newCountry(admin, { name: localized("Receipt land") });
  visaId = (await newVisa(admin, country._id, { title: localized("Tourist visa", "تأشيرة سياحية", "ڤیزای گەشتیاری"), price: PRICE, fields: Object.keys(APPLICANT), requirementIds: [] }))._id;
  const language = async (code: string) =>
    (await expectStatus(await call("POST", "/translation-language", { token: admin, body: { code, name: localized(`Language ${code}`) } }), 201))._id as string;
  languages = [await language("xrc"), await language("xrd")];
  serviceId = (await expectStatus(await call("POST", "/translation-service", {
    token: admin, body: { name: localized("Certified translation", "ترجمة معتمدة", "وەرگێڕانی پەسەندکراو"), pricePerPage: PRICE, languages, turnaroundDays: 2, certified: true },
  }), 201))._id;
});

async function agency() {
  const agent = await createAgent({ groupId: await createGroup() });
  await topUp(admin, agent.id, 100_000);
  const token = (await signIn("Agent", agent.email)).token;
  const request = await expectStatus(await call("POST", "/requests", { token, body: { visaId, fields: { ...APPLICANT, FullName: "أحمد علي" }, documents: [] } }), 201);
  const order = await expectStatus(await call("POST", "/legal-translation", { token, body: { serviceId, fromLanguageId: languages[0], toLanguageId: languages[1], pages: 1 } }), 201);
  const owner: Principal = { kind: "Agent", id: agent.id, sessionId: "test", agentId: agent.id, name: "Test Travel" };
  const staffUser = await createUser(agent.id);
  const staff: Principal = { kind: "User", id: staffUser.id, sessionId: "test", agentId: agent.id, name: "Test Staff" };
  return { id: agent.id, token, request: request._id as string, order: order._id as string, owner, staff };
}
const deps = () => ({ db: env.DB, files: env.FILES, currency: "USD" });
const text = (content: { lines: [string, string][]; footer: string[]; agencyName: string }) => JSON.stringify(content);

describe("receipts with the agency's logo", () => {
  it("a receipt never contains the net price unless the agency chose to show it; staff never; the agency's own price when typed", async () => {
    const a = await agency();
    for (const content of [
      await requestReceiptContent(deps(), a.owner, a.request, { layout: "a4", locale: "en" }),
      await orderReceiptContent(deps(), a.owner, a.order, { layout: "phone", locale: "ar" }),
      await requestReceiptContent(deps(), a.staff, a.request, { layout: "a4", locale: "ku" }),
    ]) {
      expect(text(content)).not.toMatch(/123\.45|١٢٣٫٤٥/);
      expect(content.lines.map(([label]) => label)).not.toContain("Amount paid");
    }
    // The agency chooses to show it: its owner's receipts carry it; its staff's still never.
    await expectStatus(await call("PATCH", "/agents/branding", { token: a.token, body: { showNetPrice: true } }), 200);
    expect(text(await requestReceiptContent(deps(), a.owner, a.request, { layout: "a4", locale: "en" }))).toMatch(/\$123\.45/);
    expect(text(await orderReceiptContent(deps(), a.owner, a.order, { layout: "a4", locale: "ar" }))).toMatch(/١٢٣٫٤٥/);
    expect(text(await requestReceiptContent(deps(), a.staff, a.request, { layout: "a4", locale: "en" }))).not.toMatch(/123\.45/);
    // Its own selling price, typed when printing, replaces it (for staff too: it is the agency's price, not the net).
    const own = await requestReceiptContent(deps(), a.staff, a.request, { layout: "a4", locale: "en", price: 20_000 });
    expect(own.lines).toContainEqual(["Amount paid", "$200.00"]);
    expect(text(own)).not.toMatch(/123\.45/);
  });

  it("the receipt says who, what, which and when in the traveller's language, with the agency's logo and footer", async () => {
    const a = await agency();
    const branded = await call("PATCH", "/agents/branding", { token: a.token, body: { footer: { en: "Main street 12\nLicence 4471", ar: "شارع الرئيسي ١٢\nرخصة ٤٤٧١", ku: "شەقامی سەرەکی ١٢" } } });
    expect(await expectStatus(branded, 200)).toMatchObject({ footer: { ar: "شارع الرئيسي ١٢\nرخصة ٤٤٧١" }, showNetPrice: false, logo: null });
    const withLogo = await expectStatus(await multipart("PATCH", "/agents/branding", a.token, { logo: pngFile("logo.png"), data: JSON.stringify({}) }), 200);
    expect(withLogo.logo).toMatch(/^\/api\/files\/brand\//);
    // The logo is the agency's: its staff see it, other agencies are told it does not exist.
    expect((await call("GET", withLogo.logo.replace(/^\/api/, ""), { token: await staffOf(a.id) })).status).toBe(200);
    expect((await call("GET", withLogo.logo.replace(/^\/api/, ""), { token: (await agency()).token })).status).toBe(404);
    const content = await requestReceiptContent(deps(), a.owner, a.request, { layout: "phone", locale: "ar" });
    expect(content).toMatchObject({ rtl: true, title: "إيصال", agencyName: "Test Travel" });
    expect(content.logo?.type).toBe("image/png");
    expect(content.footer).toEqual(expect.arrayContaining(["شارع الرئيسي ١٢", "رخصة ٤٤٧١"]));
    expect(content.lines).toEqual(expect.arrayContaining([["المسافر", "أحمد علي"], ["الخدمة", "تأشيرة سياحية"]]));
    expect(content.lines.find(([l]) => l === "الرقم المرجعي")?.[1]).toMatch(/^VR-/);

    // Through the API: a PDF in both layouts, for the agency and its staff; for nobody else.
    for (const layout of ["a4", "phone"]) {
      const pdf = await call("GET", `/requests/${a.request}/receipt/${layout}?lang=ar`, { token: a.token });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
    expect((await call("GET", `/legal-translation/${a.order}/receipt/a4?traveller=${encodeURIComponent("سارا")}`, { token: await staffOf(a.id) })).status).toBe(200);
    expect((await call("GET", `/requests/${a.request}/receipt/a4`, { token: (await agency()).token })).status).toBe(404);
    // Opened as a link from the agency's page (a new tab sends no bearer header): the access cookie is the session.
    const byCookie = await call("GET", `/requests/${a.request}/receipt/phone?lang=ku`, { cookie: `auth.accessToken=${a.token}` });
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers.get("Content-Type")).toBe("application/pdf");
    expect((await call("GET", `/requests/${a.request}/receipt/a4`)).status).toBe(401);
    expect((await call("GET", `/requests/${a.request}/receipt/a4`, { token: admin })).status).toBe(403);
  });

  it("inputs are checked: layout, price, language, logo type; a refunded request has no receipt", async () => {
    const a = await agency();
    expect((await expectStatus(await call("GET", `/requests/${a.request}/receipt/a3`, { token: a.token }), 400)).message.join(" ")).toMatch(/layout/);
    expect((await expectStatus(await call("GET", `/requests/${a.request}/receipt/a4?price=-5`, { token: a.token }), 400)).message.join(" ")).toMatch(/price/);
    expect((await expectStatus(await call("GET", `/requests/${a.request}/receipt/a4?lang=fr`, { token: a.token }), 400)).message.join(" ")).toMatch(/lang/);
    await expectStatus(await multipart("PATCH", "/agents/branding", a.token, { logo: webpFile("logo.webp") }), 415);
    await expectStatus(await call("PATCH", "/agents/branding", { token: await staffOf(a.id), body: { showNetPrice: true } }), 403);
    await expectStatus(await call("PATCH", "/agents/branding", { token: a.token, body: { showNetPrice: "yes" } }), 400);
    await expectStatus(await call("PATCH", `/requests/${a.request}`, { token: a.token, body: { status: "Canceled" } }), 200);
    expect((await expectStatus(await call("GET", `/requests/${a.request}/receipt/a4`, { token: a.token }), 409)).code).toBe("RECEIPT_NOT_AVAILABLE");
  });
  it("the selling price: typed at filing or later by the owner, stored, printed on receipts (staff's too); staff can neither read nor write it, nor the net price", async () => {
    const a = await agency();
    const staff = await staffOf(a.id);
    // At filing: the owner's price is stored and read back with the request; a staff member may not send one.
    const filed = await expectStatus(await call("POST", "/requests", { token: a.token, body: { visaId, fields: APPLICANT, documents: [], sellingPrice: 30_000 } }), 201);
    expect(filed).toMatchObject({ price: PRICE, sellingPrice: 30_000 });
    const refused = await expectStatus(await call("POST", "/requests", { token: staff, body: { visaId, fields: APPLICANT, documents: [], sellingPrice: 30_000 } }), 403);
    expect(refused.code).toBe("FORBIDDEN");
    // The receipt prints it, for the owner and for the staff member who prints it, never the net price.
    const owners = await requestReceiptContent(deps(), a.owner, filed._id, { layout: "a4", locale: "en" });
    expect(owners.lines).toContainEqual(["Amount paid", "$300.00"]);
    const staffs = await requestReceiptContent(deps(), a.staff, filed._id, { layout: "a4", locale: "en" });
    expect(staffs.lines).toContainEqual(["Amount paid", "$300.00"]);
    expect(text(staffs)).not.toMatch(/123\.45/);
    // Staff read the request without any price: neither the net price nor the selling price.
    const asStaff = await expectStatus(await call("GET", `/requests/one-by-agent/${filed._id}`, { token: staff }), 200);
    expect(asStaff).not.toHaveProperty("price");
    expect(asStaff).not.toHaveProperty("sellingPrice");

    // Later, on the request and the order: the owner sets it (null removes it); staff are refused; another agency's is unknown.
    const later = await expectStatus(await call("PATCH", `/requests/${a.request}/selling-price`, { token: a.token, body: { sellingPrice: 45_000 } }), 200);
    expect(later).toMatchObject({ _id: a.request, sellingPrice: 45_000, price: PRICE });
    const arabic = (await requestReceiptContent(deps(), a.staff, a.request, { layout: "phone", locale: "ar" })).lines.find(([label]) => label === "المبلغ المدفوع");
    expect(arabic?.[1]).toContain("٤٥٠٫٠٠");
    const order = await expectStatus(await call("PATCH", `/legal-translation/${a.order}/selling-price`, { token: a.token, body: { sellingPrice: 9_900 } }), 200);
    expect(order.sellingPrice).toBe(9_900);
    expect((await orderReceiptContent(deps(), a.owner, a.order, { layout: "a4", locale: "en" })).lines).toContainEqual(["Amount paid", "$99.00"]);
    expect((await expectStatus(await call("PATCH", `/requests/${a.request}/selling-price`, { token: a.token, body: { sellingPrice: null } }), 200)).sellingPrice).toBeNull();
    expect(text(await requestReceiptContent(deps(), a.owner, a.request, { layout: "a4", locale: "en" }))).not.toMatch(/Amount paid/);
    expect((await expectStatus(await call("PATCH", `/requests/${a.request}/selling-price`, { token: staff, body: { sellingPrice: 1 } }), 403)).code).toBe("FORBIDDEN");
    expect((await expectStatus(await call("PATCH", `/requests/${a.request}/selling-price`, { token: (await agency()).token, body: { sellingPrice: 1 } }), 404)).code).toBeDefined();
    // Checked at the boundary: an amount in minor units, 0 or more, nothing else in the body.
    for (const body of [{ sellingPrice: -1 }, { sellingPrice: 1.5 }, { sellingPrice: "300" }, {}, { sellingPrice: 1, price: 1 }]) {
      const bad = await expectStatus(await call("PATCH", `/requests/${a.request}/selling-price`, { token: a.token, body }), 400);
      expect(bad.message.join(" ")).toMatch(/sellingPrice|price/);
    }
  });

  it("a group filing takes a selling price per traveller, printed on each traveller's receipt; never from staff", async () => {
    const a = await agency();
    const travellers = [{ fields: { ...APPLICANT, FullName: "Sara Ali" }, sellingPrice: 31_000 }, { fields: { ...APPLICANT, FullName: "Omar Ali", PassportNumber: "B7654321" } }];
    const body = { visaId, travellers: travellers.map((t) => ({ ...t, documents: [] })) };
    const refused = await call("POST", "/request-groups", { token: await staffOf(a.id), body, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect((await expectStatus(refused, 403)).code).toBe("FORBIDDEN");
    const group = await expectStatus(await call("POST", "/request-groups", { token: a.token, body, headers: { "Idempotency-Key": crypto.randomUUID() } }), 201);
    const ids = (group.travellers as { _id: string; fields: { FullName: string } }[]).map((t) => [t.fields.FullName, t._id] as const);
    const priced = ids.find(([name]) => name === "Sara Ali")![1];
    const unpriced = ids.find(([name]) => name === "Omar Ali")![1];
    expect((await requestReceiptContent(deps(), a.staff, priced, { layout: "a4", locale: "en" })).lines).toContainEqual(["Amount paid", "$310.00"]);
    expect(text(await requestReceiptContent(deps(), a.owner, unpriced, { layout: "a4", locale: "en" }))).not.toMatch(/Amount paid/);
    const bad = await expectStatus(await call("POST", "/request-groups", {
      token: a.token, body: { ...body, travellers: [{ ...body.travellers[0], sellingPrice: -1 }, body.travellers[1]] }, headers: { "Idempotency-Key": crypto.randomUUID() },
    }), 400);
    expect(bad.message.join(" ")).toMatch(/travellers\.0\.sellingPrice/);
  });

  it("a sample receipt previews the branding as saved, in the asked language and layout; agencies only", async () => {
    const a = await agency();
    for (const layout of ["a4", "phone"]) {
      const pdf = await call("GET", `/agents/branding/sample/${layout}?lang=ku`, { token: a.token });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    }
    expect((await call("GET", `/agents/branding/sample/a4`, { cookie: `auth.accessToken=${a.token}` })).status).toBe(200);
    await expectStatus(await call("GET", `/agents/branding/sample/a5`, { token: a.token }), 400);
    expect((await call("GET", `/agents/branding/sample/a4`, { token: admin })).status).toBe(403);
    expect((await call("GET", `/agents/branding/sample/a4`)).status).toBe(401);
  });
});
