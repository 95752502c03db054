/**
 * Issue 9: the filing form of /visa/{id}/request drawn by the edge (functions/edge/views/filing.tsx) from the agent's
 * own visa/one and agents/balance answers: the visa's name, its price, the balance before and after, the applicant's
 * fields and the document slots are in the HTML, drawn by the island's own component; nothing can be sent from it (the
 * submit is disabled until the island); staff see no money; a visa the agent may not see is "not found", as the
 * island shows it, and an odd address is never a 500.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, cookieHeader, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { adminToken, expectStatus, localized, newCountry, newRequirement, newVisa } from "./catalogue-fixtures";

const stamp = Date.now().toString(36);
let visaId: string;
let hiddenId: string;
let requirementId: string;
let agentCookie: string;
let staffCookie: string;
let otherCookie: string;

beforeAll(async () => {
  const admin = await adminToken();
  const country = await newCountry(admin, { name: localized(`Land ${stamp}`) });
  const requirement = await newRequirement(admin, { name: localized(`Passport ${stamp} <script>alert(1)</script>`), required: true });
  requirementId = requirement._id;
  visaId = (await newVisa(admin, country._id, {
    title: localized(`Filing ${stamp} <img src=x onerror=alert(1)>`),
    price: 54_321,
    requirementIds: [requirement._id],
    fields: ["FullName", "PassportNumber", "Email", "TravelDate", "TravelReason", "LastEntry"],
  }))._id;
  const groupId = await createGroup();
  const agent = await createAgent({ groupId, balance: 100_000 });
  agentCookie = cookieHeader((await signIn("Agent", agent.email)).cookies);
  staffCookie = cookieHeader((await signIn("Agent", (await createUser(agent.id)).email)).cookies);
  // A visa hidden from this agency's group: the API answers 404 to it, so the form must not be drawn either.
  hiddenId = (await newVisa(admin, country._id, { title: localized(`Hidden ${stamp}`), price: 777 }))._id;
  await expectStatus(await call("POST", `/visa/set-hide-from-group/${hiddenId}`, { token: admin, body: { groupIds: [groupId] } }), 200);
  const other = await createAgent({ groupId: await createGroup(), balance: 5 });
  otherCookie = cookieHeader((await signIn("Agent", other.email)).cookies);
});

const page = async (path: string, cookie: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the filing view (null: not drawn, the page's skeleton stays for the island). */
function filingOf(html: string): string | null {
  const open = /<div data-edge-view="filing"([^>]*)>/.exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return rest.slice(0, rest.indexOf("</aside>") + "</aside>".length || undefined);
}

describe("/visa/{id}/request drawn by the edge", () => {
  it("carries the visa, its fields, its document slots and the agency's money; the submit waits for the island", async () => {
    const html = await page(`/en/visa/${visaId}/request/`, agentCookie);
    const view = filingOf(html);
    expect(view, "the form is drawn").not.toBeNull();
    expect(view).not.toContain("filing-skeleton");
    expect(view).toContain(`data-visa-id="${visaId}"`);
    expect(view).toMatch(new RegExp(`data-testid="filing-visa-title">Filing ${stamp} &lt;img src=x onerror=alert\\(1\\)&gt;<`));
    expect(view).not.toContain("<img src=x");
    expect(view).toContain(`Land ${stamp}`);
    // Every field of the visa, as the island draws it (same test ids, so typed values carry over), and only those.
    for (const kind of ["FullName", "PassportNumber", "Email", "TravelDate", "LastEntry"]) expect(view).toMatch(new RegExp(`<input[^>]*data-testid="field-${kind}"`));
    expect(view).toMatch(/<textarea[^>]*data-testid="field-TravelReason"/);
    // The travel date: the date field (issue 26), its ISO value in a hidden input under the field's name.
    expect(view).toMatch(/<input type="hidden"(?=[^>]*name="TravelDate")(?=[^>]*data-testid="field-TravelDate")/);
    expect(view).toMatch(/role="group"[^>]*data-testid="field-TravelDate-field"/);
    expect(view).not.toContain('data-testid="field-DateOfBirth"');
    // The document slot: its name typed by an admin stays text; its file input and chooser carry the island's ids.
    expect(view).toContain(`data-testid="document-${requirementId}"`);
    expect(view).toContain(`data-testid="document-${requirementId}-input"`);
    expect(view).toContain(`Passport ${stamp} &lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(view).not.toContain("<script>alert(1)");
    // The money: price, balance and balance after, in English; the whole price is there as minor units too.
    expect(view).toMatch(/data-testid="filing-price" data-minor="54321">\$543\.21</);
    expect(view).toMatch(/data-testid="filing-balance" data-minor="100000">\$1,000\.00</);
    expect(view).toMatch(/data-testid="filing-after" data-minor="45679">\$456\.79</);
    // Nothing can be sent before the island: the submit button is disabled (Enter in a field cannot submit either).
    expect(view).toMatch(/<button type="submit"[^>]*disabled=""[^>]*data-testid="filing-submit"/);
    // The passport reader's scan button is drawn; the reader itself stays lazy.
    expect(view).toContain('data-testid="passport-scan"');
  });

  it("the island reuses the visa the page fetched: its answer is the page's first data", async () => {
    const html = await page(`/en/visa/${visaId}/request/`, agentCookie);
    const data = /<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(data).toContain(`"/visa/one/${visaId}"`);
    expect(data).toContain('"/agents/balance"');
  });

  it("in Arabic and Kurdish the amounts have Arabic-Indic digits", async () => {
    expect(filingOf(await page(`/ar/visa/${visaId}/request/`, agentCookie))).toContain("٥٤٣٫٢١");
    const ku = filingOf(await page(`/ku/visa/${visaId}/request/`, agentCookie));
    expect(ku).toMatch(/data-testid="filing-price" data-minor="54321">[^<]*[٠-٩]/);
  });

  it("a date field is drawn in the page's language: its parts named and shown in Sorani, no raw message key (issue 26)", async () => {
    const ku = filingOf(await page(`/ku/visa/${visaId}/request/`, agentCookie))!;
    const travel = /data-testid="field-TravelDate-field"[\s\S]*?data-testid="field-TravelDate-calendar"/.exec(ku)?.[0] ?? "";
    expect(travel).toContain('aria-label="ڕۆژ"');
    expect(travel).toMatch(/>ساڵ<\/span>/);
    expect(ku).not.toMatch(/ui\.date\.|type="date"/);
  });

  it("an agency short of money is told before sending", async () => {
    const view = filingOf(await page(`/en/visa/${visaId}/request/`, otherCookie));
    expect(view).toContain('data-testid="filing-short"');
    expect(view).toMatch(/data-testid="filing-after" data-minor="-54316"/);
  });

  it("staff see the form without any money, as the island shows them", async () => {
    const view = filingOf(await page(`/en/visa/${visaId}/request/`, staffCookie));
    expect(view).not.toBeNull();
    expect(view).toContain('data-testid="field-FullName"');
    expect(view).toContain('data-testid="filing-staff-note"');
    expect(view).not.toContain("filing-price");
    expect(view).not.toContain("filing-balance");
    expect(view).not.toContain("543.21");
    expect(view).not.toContain("1,000.00");
  });

  it("a visa hidden from the agency's group, an unknown one and an odd id answer the 404 page, never a 500 (issue 27)", async () => {
    for (const id of [hiddenId, "0193a000-0000-7000-8000-00000000dead", "abc"]) {
      const response = await SELF.fetch(`${BASE}/en/visa/${id}/request/`, { headers: { Cookie: agentCookie }, redirect: "manual" });
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(html, id).toContain(`Page not found: /en/visa/${id}/request/`);
      expect(html, id).not.toContain(`Hidden ${stamp}`);
      expect(html, id).not.toContain('data-edge-view="filing"');
    }
    // An id no route accepts is the site's own "no such page", as it is for every page with an id.
    const odd = await SELF.fetch(`${BASE}/en/visa/%3Cscript%3E/request/`, { headers: { Cookie: agentCookie }, redirect: "manual" });
    expect(odd.status).toBe(404);
    expect(await odd.text()).not.toContain("<script>alert");
  });

  it("without a session nothing is drawn (the page's guard sends the reader to sign in)", async () => {
    const response = await SELF.fetch(`${BASE}/en/visa/${visaId}/request/`, { redirect: "manual" });
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toContain(`Filing ${stamp}`);
  });
});
