/**
 * Issue 9: pages whose main content the edge draws (functions/edge/views.tsx): /featured and the home page. The
 * agent's own visas with the agent's own prices, balance, news and events are in the HTML itself, drawn by the same React components the browser
 * uses; staff get no price; text typed by an admin stays text (when the edge cannot draw it, the page's script does: tests/e2e).
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, cookieHeader, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { adminToken, expectStatus, localized, newCountry, newRequirement, newVisa } from "./catalogue-fixtures";

let agentCookie: string;
let detailsId: string;
let agentToken: string;
let staffCookie: string;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  const admin = await adminToken();
  const country = await newCountry(admin);
  await newVisa(admin, country._id, { title: localized(`Featured ${stamp} <img src=x onerror=alert(1)>`), price: 12_345, featured: true });
  const requirement = await newRequirement(admin, { name: localized(`Passport ${stamp} <b>copy</b>`) });
  detailsId = (await newVisa(admin, country._id, {
    title: localized(`Details ${stamp}`), price: 54_321, processingDays: 7, requirementIds: [requirement._id],
  }))._id;
  const agent = await createAgent({ groupId: await createGroup() });
  const session = await signIn("Agent", agent.email);
  agentCookie = cookieHeader(session.cookies);
  agentToken = session.token;
  staffCookie = cookieHeader((await signIn("Agent", (await createUser(agent.id)).email)).cookies);
});

const page = async (path: string, cookie: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};
/** The view's element and what the edge drew in it. */
const viewOf = (html: string) => /<div data-edge-view="featured"[^>]*>([\s\S]*?)<\/ul><\/div>/.exec(html);

describe("/featured drawn by the edge", () => {
  it("carries the agent's featured visas with the agent's price, as cards the browser would draw", async () => {
    const html = await page("/en/featured/", agentCookie);
    const view = viewOf(html);
    expect(view, "the featured list is in the HTML").not.toBeNull();
    expect(view![0]).toContain("data-edge-filled");
    expect(view![1]).toContain('data-testid="featured-list"');
    expect(view![1]).toContain('data-state="ready"');
    // The card of the new visa, its title as text (React escapes it), and the agent's price formatted in English.
    expect(view![1]).toContain(`Featured ${stamp} &lt;img src=x onerror=alert(1)&gt;`);
    expect(view![1]).not.toContain("<img src=x");
    expect(view![1]).toMatch(/data-testid="visa-price"[^>]*>\$123\.45</);
    // No skeleton left: the page shows the list as soon as its HTML arrives.
    expect(view![1]).not.toContain("visa-card-skeleton");
  });

  it("in Arabic the cards are in Arabic, digits included", async () => {
    const view = viewOf(await page("/ar/featured/", agentCookie));
    expect(view![1]).toContain("١٢٣٫٤٥");
  });

  it("staff see the cards without any price", async () => {
    const view = viewOf(await page("/en/featured/", staffCookie));
    expect(view![1]).toContain(`Featured ${stamp}`);
    expect(view![1]).not.toContain('data-testid="visa-price"');
  });
});

/** What the edge drew into the view `name` (null: not drawn). */
const drawn = (html: string, name: string) => {
  const open = new RegExp(`<div data-edge-view="${name}"([^>]*)>`).exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  return { attributes: open[1]!, html: html.slice(open.index) };
};

describe("the home page drawn by the edge", () => {
  it("holds the agency's balance, both visa rows, the news and the recent events", async () => {
    const html = await page("/en/", agentCookie);
    const balance = drawn(html, "home-balance");
    expect(balance?.html).toMatch(/data-testid="balance-amount">\$[\d,]+\.\d\d</);
    const visas = drawn(html, "home-visas");
    expect(visas?.html).toContain('data-testid="home-featured"');
    expect(visas?.html).toContain('data-testid="home-latest"');
    expect(visas?.html).toContain(`Featured ${stamp}`);
    expect(drawn(html, "home-news")?.html).toContain('data-testid="home-news"');
    expect(drawn(html, "home-events")?.html).toContain('data-testid="home-events"');
    expect(html).not.toContain("balance-skeleton");
  });

  it("writes dates and times in the reader's time zone (the tz cookie), and says which", async () => {
    await expectStatus(await call("POST", "/events", { token: await adminToken(), body: { audience: "agents", title: localized(`Zone ${stamp}`), message: localized("x") } }), 201);
    const at = (zone: string) => page("/en/", `${agentCookie}; tz=${zone}`).then((html) => drawn(html, "home-events")!);
    const baghdad = await at("Asia/Baghdad");
    const utc = await at("Nowhere/Invented");
    expect(baghdad.attributes).toContain('data-edge-time-zone="Asia/Baghdad"');
    expect(utc.attributes).toContain('data-edge-time-zone="UTC"');
    const time = (view: { html: string }) => /<time[^>]*>([^<]*)<\/time>/.exec(view.html)![1];
    // Baghdad is three hours ahead of UTC all year: the same event reads differently.
    expect(time(baghdad)).not.toBe(time(utc));
  });

  it("staff get no balance at all, and the rest as usual", async () => {
    const html = await page("/en/", staffCookie);
    expect(html).not.toContain('data-edge-view="home-balance"');
    expect(html).not.toContain("balance-amount");
    expect(drawn(html, "home-visas")?.html).not.toContain('data-testid="visa-price"');
  });

  it("the balance drawn is the API's", async () => {
    const api = await call("GET", "/agents/balance", { token: agentToken });
    const { balance } = (await api.json()) as { balance: number };
    const html = await page("/en/", agentCookie);
    const shown = /data-testid="balance-amount">\$([\d,]+\.\d\d)</.exec(drawn(html, "home-balance")!.html)![1]!;
    expect(Math.round(Number(shown.replace(/,/g, "")) * 100)).toBe(balance);
  });
});

describe("/visa drawn by the edge", () => {
  it("draws the page of visas the address asks for, with its filters shown and pager links", async () => {
    const html = await page(`/en/visa/?q=${encodeURIComponent(`Featured ${stamp}`)}`, agentCookie);
    const view = drawn(html, "visa-catalogue");
    expect(view).not.toBeNull();
    expect(view!.attributes).toContain("data-edge-interactive");
    // The search box holds the address's words; one visa matches them.
    expect(view!.html).toMatch(new RegExp(`data-testid="visa-search" value="Featured ${stamp}"`));
    expect(view!.html).toMatch(/data-testid="visa-total"[^>]*>Found: 1</);
    expect(view!.html).toContain(`Featured ${stamp} &lt;img`);
  });

  it("an address that is not a filter draws the unfiltered first page", async () => {
    const view = drawn(await page("/en/visa/?page=-3&mode=Boat&country=%3Cx%3E", agentCookie), "visa-catalogue");
    expect(view!.html).toMatch(/data-testid="visa-list"[^>]*data-state="ready"/);
    expect(view!.html).not.toContain("&lt;x&gt;");
  });
});

describe("/visa/available-visa drawn by the edge", () => {
  it("without a destination: the choice to make, the countries to choose from", async () => {
    const view = drawn(await page("/en/visa/available-visa/", agentCookie), "available-visas");
    expect(view!.html).toContain('data-testid="trip-idle"');
    expect(view!.html).toMatch(/data-testid="trip-country"[^>]*>(?:<option[^>]*>[^<]*<\/option>){2,}/);
  });

  it("with a destination in the address: that trip's visas, the choice shown", async () => {
    const admin = await adminToken();
    const country = await newCountry(admin);
    await newVisa(admin, country._id, { title: localized(`Trip ${stamp}`), travelMode: "Land" });
    const view = drawn(await page(`/en/visa/available-visa/?country=${country._id}&mode=Land`, agentCookie), "available-visas");
    expect(view!.html).toContain(`Trip ${stamp}`);
    expect(view!.html).toMatch(new RegExp(`<option value="${country._id}" selected=""`));
    expect(view!.html).toMatch(/<input[^>]*data-testid="trip-mode-Land"[^>]*checked=""/);
  });
});

/** The element the edge drew the visa's boxes into (up to the page's grid end) and the header's reference. */
const detailsOf = (html: string) => /<div class="contents" data-edge-view="visa-details"[^>]*>[\s\S]*?<\/aside>/.exec(html)?.[0] ?? "";
const referenceOf = (html: string) => /<div[^>]*data-edge-view="record-reference"[^>]*>[\s\S]*?<\/p><\/div>/.exec(html)?.[0] ?? "";

describe("/visa/{id}/details drawn by the edge", () => {
  it("carries the price, the facts, the request link, the requirements and the record's reference", async () => {
    const html = await page(`/en/visa/${detailsId}/details/`, agentCookie);
    const view = detailsOf(html);
    expect(view).toContain("data-edge-filled");
    expect(view).toMatch(/data-testid="visa-price"[^>]*>\$543\.21</);
    expect(view).toContain("7 days");
    expect(view).toContain(`href="/en/visa/${detailsId}/request/"`);
    expect(view).toContain('data-testid="requirement"');
    // The requirement's name typed by an admin stays text.
    expect(view).toContain(`Passport ${stamp} &lt;b&gt;copy&lt;/b&gt;`);
    expect(view).not.toContain("visa-details-skeleton");
    const reference = referenceOf(html);
    expect(reference).toContain("data-edge-filled");
    expect(reference).toContain(`data-id="${detailsId}"`);
    expect(reference).toMatch(new RegExp(`data-testid="record-reference" data-latin="true">${detailsId.replace(/-/g, "").slice(-8).toUpperCase()}<`));
  });

  it("in Arabic the price has Arabic digits; staff get no price at all", async () => {
    expect(detailsOf(await page(`/ar/visa/${detailsId}/details/`, agentCookie))).toContain("٥٤٣٫٢١");
    const staff = detailsOf(await page(`/en/visa/${detailsId}/details/`, staffCookie));
    expect(staff).toContain('data-testid="request-visa"');
    expect(staff).not.toContain('data-testid="visa-price"');
  });

  it("a visa the API does not show the agent answers the 404 page, with nothing drawn (issue 27)", async () => {
    const response = await SELF.fetch(`${BASE}/en/visa/0193a000-0000-7000-8000-00000000dead/details/`, { headers: { Cookie: agentCookie }, redirect: "manual" });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found: /en/visa/0193a000-0000-7000-8000-00000000dead/details/");
    expect(html).not.toContain('data-edge-view="visa-details"');
  });
});
