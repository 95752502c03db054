/**
 * Issue 32: the admin's agency page (/admin/{id}/agent) is drawn by the edge (src/admin/edge-pages.ts,
 * AgentDetailView), no longer hydrated at load: the agency's details, group picker, balance, credit line, staff,
 * the password resets waiting for the office and its history's first page, with the same calls the island makes;
 * the record's reference in the header. In Arabic: Arabic words and Arabic-Indic digits. An unknown or malformed id
 * answers the 404 page, never a 500; an agency never gets the office's page.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../src/shared/format";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, createUser, freshIp, signIn, uniqueEmail } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";
import { drawnView, pagesAs } from "./edge-drawn";

// The names carry no Latin digit (the page must show none): the stamp is written in Arabic-Indic digits.
const stamp = Date.now().toString().replace(/[0-9]/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);
const NAME = `سفريات دجلة ${stamp}`;
const GROUP = `مجموعة الشمال ${stamp}`;
let adminCookie: string;
let agency: { id: string; email: string };
let agencyCookie: string;
const page = pagesAs(() => adminCookie);
const fetchPage = (path: string, cookie = adminCookie) => SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });

/** The text a reader sees (tags and React's text separators out). */
const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");

beforeAll(async () => {
  const admin = await signIn("Admin", (await createAdmin()).email);
  adminCookie = cookieHeader(admin.cookies);
  const groupId = await createGroup(GROUP);
  agency = await createAgent({ groupId, balance: 1_234_550, email: uniqueEmail("agent-page") });
  await createUser(agency.id);
  // The office renames it (the history's first entry) and gives it its own credit line.
  await expectStatus(await call("PATCH", `/agents/editByAdmin/${agency.id}`, { token: admin.token, body: { name: NAME } }), 200);
  await expectStatus(await call("PATCH", `/agents/${agency.id}/credit`, { token: admin.token, body: { limit: 50_000, termsDays: 30 } }), 200);
  // It forgot its password (no email provider here): the request waits on its page.
  await expectStatus(await call("POST", "/auth/forgot-password", { body: { email: agency.email }, headers: { "CF-Connecting-IP": freshIp() } }), 202);
  agencyCookie = cookieHeader((await signIn("Agent", agency.email)).cookies);
}, 60_000);

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/{id}/agent drawn by the edge", { timeout: 30_000 }, () => {
  it("in Arabic: the agency, its group, balance and credit in Arabic-Indic digits, staff, the waiting reset and the history; no skeleton", async () => {
    const html = await page(`/ar/admin/${agency.id}/agent/`);
    const view = drawnView(html, "admin-agent");
    expect(view, "the agency is in the HTML").not.toBeNull();
    expect(view).toContain('data-testid="agent-detail"');
    expect(view).toContain(NAME);
    expect(view).toContain("Test Contact");
    // The balance and the credit line as the island's Money draws them: Arabic-Indic digits.
    const balance = formatMoney(1_234_550, "USD", "ar");
    expect(balance).toMatch(/١٢/);
    expect(textOf(view!)).toContain(balance);
    expect(view).toMatch(/data-testid="agent-balance"/);
    expect(textOf(view!)).toContain(formatMoney(50_000, "USD", "ar"));
    // The credit fields show the line as set, in the page's digits.
    expect(view).toMatch(/data-testid="agent-credit-limit"[^>]*value="٥٠٠٫٠٠"|value="٥٠٠٫٠٠"[^>]*data-testid="agent-credit-limit"/);
    // The group picker has its choices, the agency's own chosen.
    expect(view).toMatch(new RegExp(`<option value="[^"]+" selected="">${GROUP}</option>`));
    // Staff, the reset request waiting for the office, the history's entries (the credit line, then the rename).
    expect(view).toContain("Test Staff");
    expect(view!.match(/data-testid="reset-waiting"/g)).toHaveLength(1);
    expect(view!.match(/data-testid="access-account"/g)).toHaveLength(2);
    expect(view!.match(/data-testid="agent-history-entry"/g)).toHaveLength(2);
    expect(textOf(view!)).toContain("Test Travel");
    // The credit line's change in the reader's words and digits: its limit as money, its terms as a number.
    expect(textOf(view!)).toContain("تعديل إعدادات الائتمان");
    expect(textOf(view!)).toContain("سقف هذه الوكالة:");
    expect(textOf(view!)).toContain("المهلة بالأيام:");
    expect(textOf(view!)).toContain("٣٠");
    // The controls are plain buttons (never a submit): the island's are pressed again.
    for (const id of ["agent-edit", "agent-disable", "balance-open", "agent-credit-save", "access-make-link", "access-sign-out"]) {
      expect(view, id).toMatch(new RegExp(`<button type="button"[^>]*data-testid="${id}"`));
    }
    expect(view).not.toContain('aria-busy="true"');
    // No Latin digit a reader sees, but the phone, emails and the reference (left to right, as written).
    const seen = textOf(view!.replace(/<(dd|span|bdi)[^>]*(data-latin|dir="ltr")[^>]*>[^<]*<\/\1>/g, "").replace(/<input[^>]*>/g, ""));
    expect(seen.match(/[0-9]/g), seen).toBeNull();
    // The header names the record (drawn too: no island reads the id).
    const reference = drawnView(html, "record-reference");
    expect(reference).toContain(agency.id.replace(/-/g, "").slice(-8).toUpperCase());
    // The page's script loads no island at start: the view's island comes on reach.
    expect(html).not.toMatch(/<astro-island/);
  });

  it("an unknown id, a malformed one and markup answer the 404 page, never a 500; an agency never gets the office's page", async () => {
    for (const id of ["0193a000-0000-7000-8000-0000000ff0ff", "abc", "%3Cscript%3E"]) {
      const response = await fetchPage(`/ar/admin/${id}/agent/`);
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(drawnView(html, "admin-agent"), id).toBeNull();
      expect(html, id).not.toContain('data-testid="agent-detail"');
      expect(html, id).not.toContain("<script>alert");
    }
    const asAgency = await fetchPage(`/en/admin/${agency.id}/agent/`, agencyCookie);
    expect(asAgency.status).toBeLessThan(500);
    expect(await asAgency.text()).not.toContain(NAME);
  });
});
