/**
 * Issue 32: the audit log (/admin/audit-log) is drawn by the edge (src/admin/edge-pages.ts, AuditLogView), no longer
 * hydrated at load: the rows the address's filters and page ask for, each with who, the call, the record and each
 * field before → after (money in the page's digits), the filters shown as the address set them, pager links, and text
 * typed by people kept as text.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../src/shared/format";
import { call, cookieHeader, createAdmin, signIn } from "./fixtures";
import { drawnView, pagesAs } from "./edge-drawn";
import { adminToken, expectStatus, localized, newCountry, newVisa } from "./catalogue-fixtures";

const stamp = `audit${Date.now().toString(36)}`;
let adminCookie: string;
let currency: string;

beforeAll(async () => {
  const admin = await adminToken();
  const country = await newCountry(admin);
  // 23 price changes of one visa named for this test (more than a page of 20), the name holding markup.
  const visa = await newVisa(admin, country._id, { title: localized(`${stamp} <img src=x onerror=alert(1)>`) });
  for (let i = 1; i <= 23; i++) await expectStatus(await call("PATCH", `/visa/${visa._id}`, { token: admin, body: { price: 10_000 + i * 100 } }), 200);
  currency = (await expectStatus(await call("GET", "/admin/audit-log?limit=1", { token: admin }), 200)).currency ?? "USD";
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
}, 60_000);

const page = pagesAs(() => adminCookie);

const drawn = (html: string) => drawnView(html, "admin-audit-log");
const rows = (view: string) => view.match(/data-testid="audit-row"/g)?.length ?? 0;

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/audit-log drawn by the edge", { timeout: 30_000 }, () => {
  it("carries the rows the address's search and kind ask for, a page of 20 with the pager's links, the money in Arabic-Indic digits", async () => {
    const view = drawn(await page(`/ar/admin/audit-log/?kind=visa&search=${stamp}`));
    expect(view, "the log is drawn").not.toBeNull();
    expect(view).toContain("data-edge-interactive");
    expect(view).not.toContain('aria-busy="true"');
    expect(rows(view!)).toBe(20);
    expect(view).toContain('data-call="PATCH /api/visa/:id"');
    // The newest first: the last change, 102.00 → 102.30 in the page's digits.
    expect(view).toContain(formatMoney(12_300, currency, "ar"));
    expect(view).toMatch(new RegExp(`value="${stamp}"`));
    expect(view).toMatch(/<option value="visa" selected/);
    expect(view).toContain(`href="?search=${stamp}&amp;kind=visa&amp;page=2"`);
    expect(view).toContain("&lt;img src=x");
    expect(view).not.toContain("<img src=x");
  });

  it("applies the address's page: the last 4 of the 24 rows (the visa's creation and its 23 changes)", async () => {
    const view = drawn(await page(`/en/admin/audit-log/?search=${stamp}&page=2`))!;
    expect(rows(view)).toBe(4);
    expect(view).toContain('data-call="POST /api/visa"');
  });

  it("reads an odd address as the island does: a page that is not a number is the first page", async () => {
    expect(rows(drawn(await page(`/ku/admin/audit-log/?search=${stamp}&page=x`))!)).toBe(20);
  });
});
