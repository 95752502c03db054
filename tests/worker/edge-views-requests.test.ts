/**
 * Issue 9: the request pages the edge draws (functions/edge/views/requests.tsx): /requests, a request and /print.
 * The agency's own requests are in the HTML itself, drawn by the same React components the browser uses, in the
 * address's filters and the reader's time zone; staff get no price; what users typed stays text; another agency's
 * request and odd addresses are drawn as the island would show them, never a 500.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, cookieHeader, createAdmin, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";
import { APPLICANT, fileOk, filingBody, file, patchStatus, topUp, world, type World } from "./requests-fixtures";

let w: World;
let agency: { id: string; token: string; cookie: string };
let other: { token: string; cookie: string };
let staffCookie: string;
let mine: Record<string, any>;
let evil: Record<string, any>;
let theirs: Record<string, any>;

async function signedInAgency(groupId: string) {
  const agent = await createAgent({ groupId });
  const session = await signIn("Agent", agent.email);
  await topUp(w.admin, agent.id, 1_000_000);
  return { id: agent.id, token: session.token, cookie: cookieHeader(session.cookies) };
}

beforeAll(async () => {
  // The visa's title is text an admin typed: it must stay text in the drawn rows.
  w = await world({ title: { en: "Tourist <script>alert(1)</script>", ar: "تأشيرة سياحية", ku: "ڤیزای گەشتیاری" } });
  const group = await createGroup();
  agency = await signedInAgency(group);
  other = await signedInAgency(group);
  staffCookie = cookieHeader((await signIn("Agent", (await createUser(agency.id)).email)).cookies);
  mine = await fileOk(w, agency.token);
  evil = await expectStatus(await file(agency.token, await filingBody(w, agency.token, { ...APPLICANT, FullName: "Sara Karim" })), 201);
  theirs = await fileOk(w, other.token);
}, 60_000);

const page = async (path: string, cookie: string, extra: Record<string, string> = {}) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie, ...extra }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the view `name` (null: not drawn). */
const drawn = (html: string, name: string) => {
  const open = new RegExp(`<div data-edge-view="${name}"([^>]*)>`).exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  return { attributes: open[1]!, html: html.slice(open.index) };
};

describe("/requests drawn by the edge", () => {
  it("carries the agency's requests, with links, statuses, prices and the pager's range", async () => {
    const view = drawn(await page("/en/requests/", agency.cookie), "requests-list");
    expect(view, "the list is in the HTML").not.toBeNull();
    expect(view!.html).toContain(`data-id="${mine._id}"`);
    expect(view!.html).toContain(`href="/en/requests/${mine._id}/"`);
    expect(view!.html).toContain(mine.reference);
    expect(view!.html).toMatch(/data-testid="status-filter-Requested"[^>]*>Requested<span[^>]*>\d+</);
    expect(view!.html).toContain("$100.00");
    expect(view!.html).toMatch(/data-testid="requests-range"[^>]*>1–2 of 2</);
    expect(view!.html).not.toContain("requests-skeleton");
    // Another agency's request is not theirs to see.
    expect(view!.html).not.toContain(theirs._id);
  });

  it("keeps what an admin typed (the visa's title) as text", async () => {
    const view = drawn(await page("/en/requests/", agency.cookie), "requests-list");
    expect(view!.html).toContain("Tourist &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(view!.html).not.toContain("<script>alert(1)");
  });

  it("in Arabic: Arabic words and Arabic-Indic digits, dates in the reader's time zone", async () => {
    const view = drawn(await page("/ar/requests/", agency.cookie, {}), "requests-list");
    expect(view!.html).toContain("١٠٠٫٠٠");
    expect(view!.attributes).toContain('data-edge-time-zone="');
    const zoned = drawn(await page("/ar/requests/", `${agency.cookie}; tz=Asia/Baghdad`), "requests-list");
    expect(zoned!.attributes).toContain('data-edge-time-zone="Asia/Baghdad"');
  });

  it("staff see the same rows without any price", async () => {
    const view = drawn(await page("/en/requests/", staffCookie), "requests-list");
    expect(view!.html).toContain(`data-id="${mine._id}"`);
    expect(view!.html).not.toContain("$100.00");
    expect(view!.html).not.toContain("data-minor");
  });

  it("draws the address's filters: search, status, and keeps them in the search form", async () => {
    const searched = drawn(await page(`/en/requests/?q=${encodeURIComponent(mine.reference)}`, agency.cookie), "requests-list");
    expect(searched!.html).toContain(`data-id="${mine._id}"`);
    expect(searched!.html).not.toContain(`data-id="${evil._id}"`);
    expect(searched!.html).toContain(`value="${mine.reference}"`);
    const approved = drawn(await page("/en/requests/?status=Approved", agency.cookie), "requests-list");
    expect(approved!.html).toContain('data-testid="requests-empty"');
    expect(approved!.html).toMatch(/aria-pressed="true"[^>]*data-testid="status-filter-Approved"/);
    expect(approved!.html).toContain('name="status" value="Approved"');
  });

  it("a page in the middle has pager links to the neighbouring addresses", async () => {
    await topUp(w.admin, agency.id, 5_000_000);
    for (let i = 0; i < 19; i++) await fileOk(w, agency.token);
    const html = drawn(await page("/en/requests/?page=2", agency.cookie), "requests-list")!.html;
    expect(html).toMatch(/<a[^>]*href="\?"[^>]*data-testid="requests-previous"/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="requests-next"/);
  }, 120_000);

  it("odd addresses give the island's page, never a 500", async () => {
    for (const query of ["?page=abc", "?page=-3", "?status=Nope", "?from=yesterday&to=2020-99", "?q=%3Cscript%3E", "?page=99999"]) {
      const html = await page(`/en/requests/${query}`, agency.cookie);
      const view = drawn(html, "requests-list");
      if (query === "?page=99999") expect(view, "past the end is the island's (it moves to the last page)").toBeNull();
      else expect(view, query).not.toBeNull();
    }
  });
});

describe("a request drawn by the edge", () => {
  it("carries the request: reference, status and its hint, applicant, documents, history, price", async () => {
    const view = drawn(await page(`/en/requests/${mine._id}/`, agency.cookie), "request-details");
    expect(view, "the request is in the HTML").not.toBeNull();
    expect(view!.html).toContain('data-testid="request-details" data-status="Requested"');
    expect(view!.html).toMatch(new RegExp(`data-testid="request-reference"><bdi>${mine.reference}</bdi>`));
    expect(view!.html).toContain('data-testid="request-status-hint"');
    expect(view!.html).toContain("Ahmed Ali");
    expect(view!.html).toMatch(/data-testid="request-price"[^>]*>\$100\.00</);
    expect(view!.html).toContain('data-testid="history-entry"');
    expect(view!.html).toContain("Tourist &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(view!.html).not.toContain("request-skeleton");
    expect(view!.attributes).toContain("data-edge-time-zone=");
  });

  it("in Arabic: Arabic words and digits; staff see no price", async () => {
    const ar = drawn(await page(`/ar/requests/${mine._id}/`, agency.cookie), "request-details");
    expect(ar!.html).toContain("١٠٠٫٠٠");
    expect(ar!.html).toContain("تأشيرة سياحية");
    const staff = drawn(await page(`/en/requests/${mine._id}/`, staffCookie), "request-details");
    expect(staff!.html).toContain(mine.reference);
    expect(staff!.html).not.toContain("request-price");
  });

  it("when documents are asked for: the reason (as text) and the fix form, whose submit waits for the island", async () => {
    const asked = await fileOk(w, agency.token);
    await expectStatus(await patchStatus(w.admin, asked._id, { status: "DocumentNeeded", reason: "Scan <b>unreadable</b>", missingDocuments: [w.passportReq] }), 200);
    const view = drawn(await page(`/en/requests/${asked._id}/`, agency.cookie), "request-details");
    expect(view!.html).toContain("Scan &lt;b&gt;unreadable&lt;/b&gt;");
    expect(view!.html).toContain('data-testid="missing-document"');
    expect(view!.html).toContain('data-testid="request-fix"');
    expect(view!.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="fix-submit"/);
  });

  it("another agency's request, an unknown id and `abc` answer the 404 page, never a 500 (issue 27)", async () => {
    // An id no route takes is the router's 404 page, not a 500.
    const odd = await SELF.fetch(`${BASE}/en/requests/%3Cscript%3E/`, { headers: { Cookie: agency.cookie }, redirect: "manual" });
    expect(odd.status).toBeLessThan(500);
    for (const id of [theirs._id, "0123456789abcdef01234567", "abc"]) {
      const response = await SELF.fetch(`${BASE}/en/requests/${id}/`, { headers: { Cookie: agency.cookie }, redirect: "manual" });
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html, id).toContain(`Page not found: /en/requests/${id}/`);
      expect(drawn(html, "request-details"), id).toBeNull();
      expect(html, id).not.toContain(theirs.reference);
    }
  });
});

describe("/print drawn by the edge", () => {
  it("a visa request's sheet and receipt, with a print button that needs no island", async () => {
    const html = await page(`/en/print/?kind=visa&id=${mine._id}`, agency.cookie);
    const view = drawn(html, "print-visa");
    expect(view!.html).toContain('data-testid="print-sheet"');
    expect(view!.html).toMatch(new RegExp(`data-testid="print-reference"><bdi>${mine.reference}</bdi>`));
    expect(view!.html).toMatch(/data-testid="print-amount"[^>]*>\$100\.00</);
    expect(view!.html).toMatch(/data-print=""[^>]*data-testid="print-button"/);
    // The translation order's place is drawn empty (nothing for it to do).
    expect(drawn(html, "print-order")).not.toBeNull();
    expect(html).not.toContain('data-testid="print-order"');
  });

  it("in Arabic with Arabic digits; staff get the sheet without the receipt", async () => {
    expect(drawn(await page(`/ar/print/?kind=visa&id=${mine._id}`, agency.cookie), "print-visa")!.html).toContain("١٠٠٫٠٠");
    const staff = drawn(await page(`/en/print/?kind=visa&id=${mine._id}`, staffCookie), "print-visa")!.html;
    expect(staff).toContain(mine.reference);
    expect(staff).not.toContain("print-receipt");
  });

  it("another agency's request, a bad id, no id and an unknown kind: what the island shows, never a 500", async () => {
    for (const query of [`?kind=visa&id=${theirs._id}`, "?kind=visa&id=abc", "?id=%3Cscript%3E", "", "?kind=boat&id=abc"]) {
      const view = drawn(await page(`/en/print/${query}`, agency.cookie), "print-visa");
      expect(view!.html, query).toContain('data-testid="print-not-found"');
      expect(view!.html, query).not.toContain(theirs.reference);
    }
    const order = drawn(await page("/en/print/?kind=legal&id=nope", agency.cookie), "print-order");
    expect(order!.html).toContain('role="alert"');
  });

  it("an admin prints any agency's request: drawn from the admin's own call, not the agency's (issue 27)", async () => {
    const adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
    for (const request of [mine, theirs]) {
      const view = drawn(await page(`/ar/print/?kind=visa&id=${request._id}`, adminCookie), "print-visa");
      expect(view, request._id).not.toBeNull();
      expect(view!.html).toContain('data-testid="print-sheet"');
      expect(view!.html).toMatch(new RegExp(`data-testid="print-reference"><bdi>${request.reference}</bdi>`));
    }
    const unknown = drawn(await page("/en/print/?kind=visa&id=0193a000-0000-7000-8000-00000000dead", adminCookie), "print-visa");
    expect(unknown!.html).toContain('data-testid="print-not-found"');
  });
});
