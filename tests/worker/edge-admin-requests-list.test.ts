/**
 * Issue 32: the admin's list of every visa request (/admin/requests-list) is drawn by the edge (src/admin/edge-pages.ts,
 * RequestsListView), no longer hydrated at load: the requests of the list the address asks for with their links,
 * statuses and prices, the agency, country and visa pickers with their choices, the dashboard's filters shown as
 * applied, money in the page's digits, odd addresses never a 500.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../src/components/ui/format";
import { BASE, cookieHeader, createAdmin, createAgent, createGroup, signIn } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";
import { APPLICANT, file, fileOk, filingBody, topUp, world, type World } from "./requests-fixtures";

let w: World;
let adminCookie: string;
let agencyId: string;
let first: Record<string, any>;
let second: Record<string, any>;

beforeAll(async () => {
  w = await world();
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
  const agent = await createAgent({ groupId: await createGroup() });
  agencyId = agent.id;
  await topUp(w.admin, agent.id, 1_000_000);
  const token = (await signIn("Agent", agent.email)).token;
  first = await fileOk(w, token);
  second = await expectStatus(await file(token, await filingBody(w, token, { ...APPLICANT, FullName: "Sara Karim" })), 201);
}, 60_000);

const page = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: adminCookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the list's view (null: not drawn), up to the page's script. */
const drawn = (html: string) => {
  const open = /<div data-edge-view="admin-requests-list"([^>]*)>/.exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return rest.slice(0, rest.indexOf("<script"));
};

const rowIds = (view: string) => [...view.matchAll(/<tr[^>]*data-testid="table-row"[^>]*data-id="([^"]+)"/g)].map((m) => m[1]);

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/requests-list drawn by the edge", { timeout: 30_000 }, () => {
  it("carries the address's agency's requests, newest first, with links, statuses, prices, the pickers and the export", async () => {
    const view = drawn(await page(`/en/admin/requests-list/?agentId=${agencyId}`));
    expect(view, "the list is drawn").not.toBeNull();
    expect(rowIds(view!)).toEqual([second._id, first._id]);
    expect(view).toContain(`href="/en/admin/requests/${first._id}/"`);
    expect(view).toContain(first.reference);
    expect(view).toContain("$100.00");
    expect(view).toContain("Sara Karim");
    // The pickers are drawn with their choices (the admin can pick at once), the address's agency chosen.
    expect(view).toMatch(new RegExp(`<option value="${agencyId}" selected="">Test Travel · [^<]+</option>`));
    expect(view).toMatch(new RegExp(`<option value="${w.visa.country._id ?? w.visa.countryId}">Türkiye</option>`));
    expect(view).toMatch(new RegExp(`<option value="${w.visa._id}">Türkiye · Tourist visa</option>`));
    expect(view).toContain('data-testid="export-csv"');
    expect(view).not.toContain("skeleton-row");
    expect(view).not.toContain('aria-busy="true"');
  });

  it("draws the dashboard's links as the island reads them: a status, and the requests filed today", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const view = drawn(await page(`/en/admin/requests-list/?status=Requested&from=today&to=today&agentId=${agencyId}`))!;
    expect(rowIds(view)).toEqual([second._id, first._id]);
    expect(view).toMatch(/<option value="Requested" selected="">/);
    expect(view).toMatch(new RegExp(`data-testid="filter-dates-from"[^>]*value="${today}"|value="${today}"[^>]*data-testid="filter-dates-from"`));
    const approved = drawn(await page(`/en/admin/requests-list/?status=Approved&agentId=${agencyId}`))!;
    expect(rowIds(approved)).toEqual([]);
  });

  it("in Arabic the price is written with Arabic-Indic digits, as the island writes it", async () => {
    const view = drawn(await page(`/ar/admin/requests-list/?agentId=${agencyId}`))!;
    const price = formatMoney(10_000, "USD", "ar");
    expect(price).toMatch(/[٠-٩]/);
    expect(view).toContain(price);
  });

  it("odd addresses answer the page, never a 500", async () => {
    for (const query of ["?page=abc&limit=-4", "?status=Nope&from=yesterday", "?agentId=../../x", "?%E0%A4%A=1", "?sort=<x>"]) {
      const html = await page(`/en/admin/requests-list/${query}`);
      expect(html, query).toContain('data-edge-view="admin-requests-list"');
    }
  });
});
