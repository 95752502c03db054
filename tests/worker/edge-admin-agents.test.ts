/**
 * Issue 32: the admin's agencies list (/admin/agents-list) is drawn by the edge (src/admin/edge-pages.ts,
 * AgentsListView), no longer hydrated at load: the agencies of the list the address asks for with their group, state
 * and balance, the count awaiting approval, the group picker with its choices, the address's filters shown as
 * applied, money in the page's digits, odd addresses never a 500.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../src/components/ui/format";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, signIn, uniqueEmail } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";

const stamp = Date.now().toString(36);
const GROUP = `Agents view ${stamp}`;
let adminCookie: string;
let token: string;
let groupId: string;
let agent: { id: string; email: string };
let waiting: { id: string; email: string };

beforeAll(async () => {
  const admin = await signIn("Admin", (await createAdmin()).email);
  adminCookie = cookieHeader(admin.cookies);
  token = admin.token;
  groupId = await createGroup(GROUP);
  agent = await createAgent({ groupId, balance: 1_234_550, email: uniqueEmail(`view-${stamp}`) });
  // Never approved and not enabled: a self-registration awaiting approval.
  waiting = await createAgent({ enabled: false, email: uniqueEmail(`waiting-${stamp}`) });
});

const page = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: adminCookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the list's view (null: not drawn), up to the page's script. */
const drawn = (html: string) => {
  const open = /<div data-edge-view="admin-agents"([^>]*)>/.exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return rest.slice(0, rest.indexOf("<script"));
};

const rowIds = (view: string) => [...view.matchAll(/<tr[^>]*data-testid="table-row"[^>]*data-id="([^"]+)"/g)].map((m) => m[1]);

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/agents-list drawn by the edge", { timeout: 30_000 }, () => {
  it("carries the agencies with their group, state and balance, the count awaiting approval and the controls, with no skeleton", async () => {
    const view = drawn(await page(`/en/admin/agents-list/?search=${encodeURIComponent(agent.email)}`));
    expect(view, "the list is drawn").not.toBeNull();
    expect(rowIds(view!)).toEqual([agent.id]);
    expect(view).toContain(`href="/en/admin/${agent.id}/agent/"`);
    expect(view).toContain(GROUP);
    expect(view).toContain("$12,345.50");
    expect(view).toMatch(/data-testid="agent-state"[^>]*>Enabled</);
    // The search box shows what the list is searched for.
    expect(view).toMatch(new RegExp(`<input type="search"[^>]*value="${agent.email.replace(/[.+]/g, "\\$&")}"`));
    // The banner counts what the API counts as awaiting approval (other tests add theirs to the same database).
    const pending = await expectStatus(await call("GET", "/agents/listAgents?pending=true&limit=1", { token }), 200);
    expect(pending.total).toBeGreaterThan(0);
    expect(view).toMatch(new RegExp(`data-testid="pending-banner"[\\s\\S]*${pending.total} `));
    // The group picker lists the groups, the export and the search are there; no skeleton, nothing busy.
    expect(view).toMatch(new RegExp(`<option value="${groupId}">${GROUP}</option>`));
    expect(view).toContain('data-testid="export-csv"');
    expect(view).not.toContain("skeleton-row");
    expect(view).not.toContain('aria-busy="true"');
  });

  it("draws the dashboard's links as the island reads them: ?pending=1 awaiting approval, ?groupId= one group", async () => {
    const awaiting = drawn(await page(`/en/admin/agents-list/?pending=1&search=${encodeURIComponent(waiting.email)}`))!;
    expect(rowIds(awaiting)).toEqual([waiting.id]);
    expect(awaiting).toMatch(/<option value="pending" selected="">/);
    const grouped = drawn(await page(`/en/admin/agents-list/?groupId=${groupId}`))!;
    expect(rowIds(grouped)).toEqual([agent.id]);
    expect(grouped).toMatch(new RegExp(`<option value="${groupId}" selected="">`));
  });

  it("in Arabic the balance is written with Arabic-Indic digits, as the island writes it", async () => {
    const view = drawn(await page(`/ar/admin/agents-list/?groupId=${groupId}`))!;
    const balance = formatMoney(1_234_550, "USD", "ar");
    expect(balance).toMatch(/[٠-٩]/);
    expect(view).toContain(balance);
    expect(view).not.toContain("12,345.50");
  });

  it("odd addresses answer the page, never a 500", async () => {
    for (const query of ["?page=abc&limit=-4", "?state=nope&lowBalance=maybe", "?groupId=../../x", "?balanceMin=abc", "?%E0%A4%A=1", "?sort=<x>"]) {
      const html = await page(`/en/admin/agents-list/${query}`);
      expect(html, query).toContain('data-edge-view="admin-agents"');
    }
    // An address with nothing odd in it but a state the list does not hold draws the plain list.
    expect(drawn(await page("/en/admin/agents-list/?state=nope"))).not.toBeNull();
  });
});
