/**
 * Issue 32: the admin's work queue (/admin/requests) is drawn by the edge (src/admin/edge-pages.ts, QueueView), no
 * longer hydrated at load: the open requests newest first, those waiting on the admin marked, the count of each open
 * status as the API counts them, in the page's digits.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatNumber } from "../../src/shared/format";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, signIn } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";
import { fileOk, topUp, world, type World } from "./requests-fixtures";

let w: World;
let adminCookie: string;
let adminToken: string;
let filed: Record<string, any>;

beforeAll(async () => {
  w = await world();
  const admin = await signIn("Admin", (await createAdmin()).email);
  adminCookie = cookieHeader(admin.cookies);
  adminToken = admin.token;
  const agent = await createAgent({ groupId: await createGroup() });
  await topUp(w.admin, agent.id, 1_000_000);
  filed = await fileOk(w, (await signIn("Agent", agent.email)).token);
}, 60_000);

const page = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: adminCookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the queue's view (null: not drawn), up to the page's script. */
const drawn = (html: string) => {
  const open = /<div data-edge-view="admin-queue"([^>]*)>/.exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return rest.slice(0, rest.indexOf("<script"));
};

/** The count a status chip shows. */
const countOf = (view: string, status: string) => new RegExp(`data-testid="count-${status}"[\\s\\S]*?data-testid="count-value">([^<]+)<`).exec(view)?.[1];

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/requests drawn by the edge", { timeout: 30_000 }, () => {
  it("carries the open requests, the new one first and marked as the admin's move, and the API's counts per status", async () => {
    const view = drawn(await page("/en/admin/requests/"));
    expect(view, "the queue is drawn").not.toBeNull();
    const first = /<tr[^>]*data-testid="table-row"[^>]*data-id="([^"]+)"/.exec(view!);
    expect(first?.[1]).toBe(filed._id);
    expect(view).toContain(filed.reference);
    expect(view).toContain('data-testid="waiting-admin"');
    const answer = await expectStatus(await call("GET", "/requests/list?page=1&limit=20&sort=createdAt&order=desc&status=Requested,InProcess,Modified,DocumentNeeded,CorrectionNeeded,Paid", { token: adminToken }), 200);
    expect(answer.counts.Requested).toBeGreaterThan(0);
    expect(countOf(view!, "Requested")).toBe(String(answer.counts.Requested));
    expect(view).toMatch(/data-testid="count-open"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*data-testid="count-open"/);
    expect(view).not.toContain("skeleton-row");
  });

  it("in Arabic the counts are written with Arabic-Indic digits", async () => {
    const view = drawn(await page("/ar/admin/requests/"))!;
    const count = countOf(view, "Requested")!;
    expect(count).toMatch(/^[٠-٩٬]+$/);
    expect(count).toBe(formatNumber(Number(count.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/٬/g, "")), "ar"));
  });
});
