/**
 * Issue 9: the translation pages drawn by the edge (functions/edge/views/translation.tsx). The agency's orders and the
 * order form are in the HTML itself, drawn by the same React components the islands use: Arabic digits on /ar/, no
 * price for staff, no other agency's order, text typed by people stays text, and odd addresses draw what the island
 * would show (never a 500).
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, cookieHeader, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { adminToken, expectStatus, localized } from "./catalogue-fixtures";

let admin: string;
let agency: { cookie: string; token: string };
let staffCookie: string;
let otherCookie: string;
let service: Record<string, any>;
let from: Record<string, any>;
let to: Record<string, any>;
const references: string[] = [];
const ids: string[] = [];
let correctionRef = "";
const stamp = Date.now().toString(36);
/** A letter for this run's language codes (codes are letters only: the stamp's last character may be a digit). */
const letter = String.fromCharCode(97 + (Date.now() % 26));

async function newLanguage(code: string, name: string) {
  return expectStatus(await call("POST", "/translation-language", { token: admin, body: { code, name: localized(name) } }), 201);
}

/** A new agency in a group of its own. */
const newAgency = async () => createAgent({ groupId: await createGroup() });

beforeAll(async () => {
  admin = await adminToken();
  from = await newLanguage(`q${letter}`, `From ${stamp} <script>alert(1)</script>`);
  to = await newLanguage(`r${letter}`, `To ${stamp}`);
  service = await expectStatus(
    await call("POST", "/translation-service", {
      token: admin,
      body: { name: localized(`Sworn ${stamp} <b>bold</b>`), pricePerPage: 1_250, languages: [from._id, to._id], turnaroundDays: 3, certified: true },
    }),
    201,
  );
  const agent = await newAgency();
  await expectStatus(await call("POST", `/transactions/update-balance/${agent.id}`, { token: admin, body: { operation: "ADD", amount: 1_234_500, note: "Opening" } }), 201);
  const signed = await signIn("Agent", agent.email);
  agency = { cookie: cookieHeader(signed.cookies), token: signed.token };
  staffCookie = cookieHeader((await signIn("Agent", (await createUser(agent.id)).email)).cookies);
  const other = await newAgency();
  otherCookie = cookieHeader((await signIn("Agent", other.email)).cookies);
  for (let i = 0; i < 22; i++) {
    const order = await expectStatus(
      await call("POST", "/legal-translation", {
        token: agency.token,
        body: { serviceId: service._id, fromLanguageId: from._id, toLanguageId: to._id, pages: 3, ...(i === 0 ? { note: "first" } : {}) },
      }),
      201,
    );
    references.push(order.reference);
    ids.push(order._id);
    if (i === 21) {
      await expectStatus(await call("POST", `/legal-translation/change-request-state/${order._id}`, { token: admin, body: { status: "CorrectionNeeded", reason: `Page 2 <script>x</script> ${stamp}` } }), 200);
      correctionRef = order.reference;
    }
  }
});

const page = async (path: string, cookie: string, headers: Record<string, string> = {}) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie, ...headers }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the view `name` (null: not drawn). */
const drawn = (html: string, name: string) => {
  const open = new RegExp(`<div[^>]*data-edge-view="${name}"([^>]*)>`).exec(html);
  if (!open || !open[0].includes("data-edge-filled")) return null;
  const end = html.indexOf("</main>", open.index);
  return { attributes: open[0], html: html.slice(open.index + open[0].length, end < 0 ? undefined : end) };
};

describe("/translation/requests drawn by the edge", () => {
  it("carries the agency's orders (newest first), the counts and the pager, with the price and the reason as text", async () => {
    const view = drawn(await page("/en/translation/requests/", agency.cookie), "translation-requests");
    expect(view, "drawn").not.toBeNull();
    expect(view!.attributes).toMatch(/data-edge-time-zone="[^"]+"/);
    const cards = view!.html.match(/data-testid="order-card"/g) ?? [];
    expect(cards).toHaveLength(20);
    // The newest order (asked for a correction) is first, its correction form open, its send button disabled until
    // the island is there (it sends files).
    expect(view!.html).toContain(`data-reference="${correctionRef}"`);
    expect(view!.html).toContain(`Page 2 &lt;script&gt;x&lt;/script&gt; ${stamp}`);
    expect(view!.html).not.toContain("<script>x</script>");
    expect(view!.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="correction-send"/);
    expect(view!.html).toContain(`Sworn ${stamp} &lt;b&gt;bold&lt;/b&gt;`);
    // 3 pages × 12.50
    expect(view!.html).toContain("$37.50");
    expect(view!.html).toMatch(/\((<!-- -->)?22(<!-- -->)?\)/);
    expect(view!.html).toContain('data-testid="pagination-range"');
    expect(view!.html).toMatch(/1–20 of 22/);
    expect(view!.html).not.toContain('aria-busy="true"');
  });

  it("in Arabic: Arabic digits in counts, prices and the pager", async () => {
    const view = drawn(await page("/ar/translation/requests/", agency.cookie), "translation-requests");
    expect(view!.html).toContain("٣٧٫٥٠");
    expect(view!.html).toMatch(/\((<!-- -->)?٢٢(<!-- -->)?\)/);
    expect(view!.html).not.toMatch(/\$37\.50/);
  });

  it("the address's page and status are drawn", async () => {
    const second = drawn(await page("/en/translation/requests/?page=2", agency.cookie), "translation-requests");
    expect(second!.html.match(/data-testid="order-card"/g)).toHaveLength(2);
    expect(second!.html).toContain(`data-reference="${references[0]}"`);
    const correcting = drawn(await page("/en/translation/requests/?status=CorrectionNeeded", agency.cookie), "translation-requests");
    expect(correcting!.html.match(/data-testid="order-card"/g)).toHaveLength(1);
    expect(correcting!.html).toMatch(/aria-pressed="true"[^>]*>Correction needed/);
  });

  it("odd addresses draw the first page of all orders, as the island shows them; never a 500", async () => {
    for (const query of ["?page=abc", "?page=-3", "?page=1.5", "?status=Nope", "?status=%3Cscript%3E", "?page=99999999999"]) {
      const view = drawn(await page(`/en/translation/requests/${query}`, agency.cookie), "translation-requests");
      expect(view, query).not.toBeNull();
      expect(view!.html.match(/data-testid="order-card"/g), query).toHaveLength(20);
    }
    // A page past the end is an empty page, as the island shows it.
    const past = drawn(await page("/en/translation/requests/?page=40", agency.cookie), "translation-requests");
    expect(past!.html).not.toContain('data-testid="order-card"');
  });

  it("an order the address opens (?order=, where a notice leads) is drawn above the list, marked, wherever it is (issue 26)", async () => {
    const view = drawn(await page(`/ar/translation/requests/?order=${ids[0]}`, agency.cookie), "translation-requests");
    // The oldest order is on the second page: the first page is drawn, and the opened order above it.
    const opened = /data-testid="opened-order"[\s\S]*?<\/section>/.exec(view!.html)?.[0] ?? "";
    expect(opened).toContain(`data-reference="${references[0]}"`);
    expect(opened).toContain('aria-current="true"');
    expect(opened).toContain("طلب الترجمة الذي فتحته");
    expect(view!.html.match(/data-testid="order-card"/g)).toHaveLength(21);
    // On the page shown, it is marked in place and not repeated.
    const inPlace = drawn(await page(`/en/translation/requests/?order=${ids[21]}`, agency.cookie), "translation-requests");
    expect(inPlace!.html).not.toContain('data-testid="opened-order"');
    expect(inPlace!.html).toMatch(new RegExp(`aria-current="true"[^>]*data-reference="${references[21]}"`));
    // Another agency's order is "not found", never drawn; an odd id is no order at all.
    const other = drawn(await page(`/en/translation/requests/?order=${ids[0]}`, otherCookie), "translation-requests");
    expect(other!.html).toContain('data-testid="opened-order-missing"');
    expect(other!.html).not.toContain(references[0]);
    const odd = drawn(await page("/en/translation/requests/?order=%3Cscript%3E", agency.cookie), "translation-requests");
    expect(odd!.html).not.toContain("opened-order");
  });

  it("staff see the orders without any price", async () => {
    const view = drawn(await page("/en/translation/requests/", staffCookie), "translation-requests");
    expect(view!.html).toContain(`data-reference="${correctionRef}"`);
    expect(view!.html).not.toContain("$37.50");
  });

  it("another agency never sees these orders", async () => {
    const view = drawn(await page("/en/translation/requests/", otherCookie), "translation-requests");
    expect(view).not.toBeNull();
    expect(view!.html).not.toContain('data-testid="order-card"');
    for (const reference of references) expect(view!.html, reference).not.toContain(reference);
  });
});

describe("/translation drawn by the edge", () => {
  it("carries the services, languages and the order form with the address's service, its price for one page and the balance", async () => {
    const view = drawn(await page(`/en/translation/?service=${service._id}`, agency.cookie), "translation-order");
    expect(view, "drawn").not.toBeNull();
    expect(view!.html).toContain('data-testid="service-card"');
    expect(view!.html).toContain(`Sworn ${stamp} &lt;b&gt;bold&lt;/b&gt;`);
    expect(view!.html).toContain(`From ${stamp} &lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(view!.html).not.toContain("<script>alert(1)</script>");
    // The address's service is chosen, its languages offered, one page priced as the island would.
    expect(view!.html).toMatch(new RegExp(`<option value="${service._id}" selected="">`));
    expect(view!.html).toMatch(new RegExp(`data-testid="order-from"[^>]*>[\\s\\S]*?<option value="${from._id}"`));
    expect(view!.html).toMatch(/data-testid="order-pages"[^>]*value="1"|value="1"[^>]*data-testid="order-pages"/);
    expect(view!.html).toMatch(/data-testid="order-price"><bdi[^>]*>\$12\.50</);
    // The balance left after 1,234,500 minor units were added, less the orders placed above (22 × 37.50).
    const balance = 1_234_500 - 22 * 3_750;
    const dollars = (balance / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
    expect(view!.html).toMatch(new RegExp(`data-testid="order-balance"><bdi[^>]*>\\$${dollars.replace(".", "\\.")}<`));
    // It pays: never sent before the island is there (disabled, so Enter in a field sends nothing either).
    expect(view!.html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*data-testid="order-submit"/);
    expect(view!.html).not.toContain('aria-busy="true"');
  });

  it("in Arabic the money and counts are in Arabic digits, the page count too", async () => {
    const view = drawn(await page(`/ar/translation/?service=${service._id}`, agency.cookie), "translation-order");
    expect(view!.html).toContain("١٢٫٥٠");
    expect(view!.html).toMatch(/value="١"/);
    expect(view!.html).not.toMatch(/data-testid="order-price"><bdi[^>]*>\$/);
    // Sorani Kurdish reads the same digits (the one money rule).
    const kurdish = drawn(await page(`/ku/translation/?service=${service._id}`, agency.cookie), "translation-order");
    expect(kurdish!.html).toContain("١٢٫٥٠");
    const orders = drawn(await page("/ku/translation/requests/", agency.cookie), "translation-requests");
    expect(orders!.html).toContain("٣٧٫٥٠");
  });

  it("staff see the services and the form without any price or balance", async () => {
    const view = drawn(await page(`/en/translation/?service=${service._id}`, staffCookie), "translation-order");
    expect(view, "drawn for staff too").not.toBeNull();
    expect(view!.html).toContain(`Sworn ${stamp}`);
    expect(view!.html).not.toContain('data-testid="order-summary"');
    expect(view!.html).not.toContain("12.50");
    expect(view!.html).toMatch(/data-testid="order-submit"/);
  });

  it("an unknown or odd service in the address chooses none, as the island does; never a 500", async () => {
    for (const query of ["?service=nope", "?service=%3Cscript%3E", "?service=", "?service=a&service=b", "?page=2"]) {
      const view = drawn(await page(`/en/translation/${query}`, agency.cookie), "translation-order");
      expect(view, query).not.toBeNull();
      expect(view!.html, query).not.toMatch(/<option value="[^"]+" selected="">/);
      expect(view!.html, query).toMatch(/data-testid="order-price">—</);
    }
  });
});
