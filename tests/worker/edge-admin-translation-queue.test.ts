/**
 * Issue 32: the admin's translation queue (/admin/translation/requests) is drawn by the edge (src/admin/edge-pages.ts,
 * TranslationQueueView), no longer hydrated at load: the orders of the address's status, search and page, the count of
 * each status as the API counts them in the page's digits, an "Open" per order, text typed by people kept as text.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatNumber } from "../../src/shared/format";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, signIn } from "./fixtures";
import { adminToken, expectStatus, localized } from "./catalogue-fixtures";

const stamp = Date.now().toString(36);
const letter = String.fromCharCode(97 + (Date.now() % 26));
let adminCookie: string;
const references: string[] = [];

beforeAll(async () => {
  const admin = await adminToken();
  const language = async (code: string, name: string) =>
    expectStatus(await call("POST", "/translation-language", { token: admin, body: { code, name: localized(name) } }), 201);
  const from = await language(`t${letter}`, `From ${stamp}`);
  const to = await language(`u${letter}`, `To ${stamp}`);
  const service = await expectStatus(
    await call("POST", "/translation-service", {
      token: admin,
      body: { name: localized(`Queue ${stamp} <script>alert(1)</script>`), pricePerPage: 1_000, languages: [from._id, to._id], turnaroundDays: 2, certified: false },
    }),
    201,
  );
  const agent = await createAgent({ groupId: await createGroup() });
  await expectStatus(await call("POST", `/transactions/update-balance/${agent.id}`, { token: admin, body: { operation: "ADD", amount: 1_000_000, note: "Opening" } }), 201);
  const agency = await signIn("Agent", agent.email);
  for (let i = 0; i < 3; i++) {
    const order = await expectStatus(
      await call("POST", "/legal-translation", { token: agency.token, body: { serviceId: service._id, fromLanguageId: from._id, toLanguageId: to._id, pages: 2 + i } }),
      201,
    );
    references.push(order.reference);
  }
  // The oldest is in process: the Requested filter leaves it out.
  await expectStatus(await call("POST", `/legal-translation/change-request-state/${(await byRef(admin, references[0]!))._id}`, { token: admin, body: { status: "InProcess" } }), 200);
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
}, 60_000);

async function byRef(token: string, reference: string) {
  const list = await expectStatus(await call("GET", `/legal-translation/by-admin?page=1&limit=20&search=${reference}`, { token }), 200);
  return list.data.find((order: { reference: string }) => order.reference === reference);
}

const page = async (path: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: adminCookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the queue's view (null: not drawn), up to the page's script. */
const drawn = (html: string) => {
  const open = /<div data-edge-view="admin-translation-queue"([^>]*)>/.exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return rest.slice(0, rest.indexOf("<script"));
};

const referencesIn = (view: string) => [...view.matchAll(/data-testid="order-row" data-reference="([^"]+)"/g)].map((m) => m[1]);
/** The count a status filter shows, "(n)". */
const countOf = (view: string, status: string) => new RegExp(`data-testid="filter-${status}"[^>]*>[\\s\\S]*?\\(([^)]+)\\)`).exec(view)?.[1]?.replace(/<!-- -->/g, "");

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/translation/requests drawn by the edge", { timeout: 30_000 }, () => {
  it("carries the orders the address searches for, newest first, with an Open each, the service's name as text and no spinner", async () => {
    const view = drawn(await page(`/en/admin/translation/requests/?search=${stamp}`));
    expect(view, "the queue is drawn").not.toBeNull();
    expect(view).toContain("data-edge-interactive");
    expect(referencesIn(view!)).toEqual([...references].reverse());
    expect(view!.match(/data-testid="order-open"/g)).toHaveLength(3);
    expect(view).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(view).not.toContain("<script>alert(1)");
    expect(view).not.toContain('aria-busy="true"');
    expect(view).toMatch(new RegExp(`value="${stamp}"`));
  });

  it("applies the address's status, and counts each status as the API does, in Arabic-Indic digits on /ar/", async () => {
    const view = drawn(await page(`/ar/admin/translation/requests/?status=Requested&search=${stamp}`))!;
    expect(referencesIn(view)).toEqual([references[2], references[1]]);
    expect(view).toMatch(/data-testid="filter-Requested"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*data-testid="filter-Requested"/);
    expect(countOf(view, "Requested")).toBe(formatNumber(2, "ar"));
    expect(countOf(view, "InProcess")).toBe(formatNumber(1, "ar"));
    expect(countOf(view, "all")).toBe(formatNumber(3, "ar"));
  });

  it("reads an odd address as the island does: an unknown status and a page that is not a number show the first page of all", async () => {
    const view = drawn(await page(`/ku/admin/translation/requests/?status=Nope&page=x&search=${stamp}`))!;
    expect(referencesIn(view)).toHaveLength(3);
  });
});
