/**
 * Issue 9: the admin resource pages drawn by the edge (functions/edge/views/admin.tsx, src/admin/edge-pages.ts). The
 * page arrives with its table: the first page of the list the island would ask for, in the page's language and
 * sort, each row with its edit and delete buttons named for the row, dates in the reader's time zone; markup typed
 * into a record stays text. Nobody but an admin gets the page at all.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, signIn } from "./fixtures";
import { localized, nextCode } from "./catalogue-fixtures";

let adminCookie: string;
let agentCookie: string;
let token: string;
const tag = `T${Date.now().toString(36)}`;
let created: { _id: string; name: { en: string; ar: string }; updatedAt: string };

beforeAll(async () => {
  const admin = await signIn("Admin", (await createAdmin()).email);
  adminCookie = cookieHeader(admin.cookies);
  token = admin.token;
  agentCookie = cookieHeader((await signIn("Agent", (await createAgent({ groupId: await createGroup() })).email)).cookies);
  // Sorted first by name in every language ("!" before letters), so it is on the first page whatever else exists.
  const response = await call("POST", "/countries", {
    token,
    body: { name: localized(`!A ${tag} <b>bold</b>`, `!ا ${tag}`, `!ئ ${tag}`), code: nextCode() },
  });
  expect(response.status).toBe(201);
  created = (await response.json()) as typeof created;
});

async function page(path: string, cookie: string): Promise<string> {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The view's opening tag and its inner HTML up to the page's closing </main>. */
function view(html: string, name: string): { tag: string; inner: string } {
  const at = html.indexOf(`data-edge-view="${name}"`);
  expect(at, name).toBeGreaterThan(-1);
  const open = html.lastIndexOf("<", at);
  const close = html.indexOf(">", at);
  return { tag: html.slice(open, close + 1), inner: html.slice(close + 1, html.indexOf("</main>", close)) };
}

const rowsOf = (inner: string) => [...inner.matchAll(/<tr[^>]*data-testid="table-row"[^>]*>/g)].map((m) => m[0]);

describe("an admin resource page drawn for what its address asks", () => {
  it("the search, a filter and the page of the address: the island's same first call, the controls showing them", async () => {
    const ids = (inner: string) => rowsOf(inner).map((row) => /data-id="([^"]+)"/.exec(row)?.[1]);
    const searched = view(await page(`/en/admin/countries/?search=${tag}`, adminCookie), "admin-countries").inner;
    expect(ids(searched)).toEqual([created._id]);
    expect(searched).toMatch(new RegExp(`<input type="search"[^>]*value="${tag}"`));
    // A filter with fixed values: only disabled countries (the new one is enabled), the select showing "No".
    const disabled = (await (await call("GET", "/countries/list?page=1&limit=20&sort=name.en&order=asc&enabled=false", { token })).json()) as { data: { _id: string }[] };
    const filtered = view(await page("/en/admin/countries/?enabled=false", adminCookie), "admin-countries").inner;
    expect(ids(filtered)).toEqual(disabled.data.map((row) => row._id));
    expect(filtered).toMatch(/<option value="false" selected="">/);
    // Page 2 of 10 a page: the API's second page, and the pager's links keep the address's other parts.
    const second = (await (await call("GET", "/countries/list?page=2&limit=10&sort=name.en&order=asc", { token })).json()) as { data: { _id: string }[]; total: number };
    const paged = view(await page("/en/admin/countries/?limit=10&page=2", adminCookie), "admin-countries").inner;
    expect(ids(paged)).toEqual(second.data.map((row) => row._id));
    expect(paged).toContain('href="?limit=10"');
    if (second.total > 20) expect(paged).toContain('href="?limit=10&amp;page=3"');
  });

  it("values the list never holds are ignored: the plain first page, never a 500", async () => {
    const plain = rowsOf(view(await page("/en/admin/countries/", adminCookie), "admin-countries").inner);
    for (const query of ["?enabled=maybe", "?page=-3", "?limit=7", "?page=1e3", "?sort=<x>", "?%E0%A4%A=1"]) {
      expect(rowsOf(view(await page(`/en/admin/countries/${query}`, adminCookie), "admin-countries").inner), query).toEqual(plain);
    }
    // A filter with loaded options (the visa list's country) takes an id, not markup.
    const visas = view(await page(`/en/admin/visa-list/?countryId=${encodeURIComponent("<script>")}`, adminCookie), "admin-visas");
    expect(visas.tag).toContain("data-edge-filled");
  });
});

describe("an admin resource page drawn by the edge", () => {
  it("arrives with the list's first page, the new record first, with its own edit and delete buttons", async () => {
    const list = (await (await call("GET", "/countries/list?page=1&limit=20&sort=name.en&order=asc", { token })).json()) as { data: { _id: string }[] };
    const { tag: open, inner } = view(await page("/en/admin/countries/", adminCookie), "admin-countries");
    expect(open).toContain("data-edge-filled");
    expect(open).toContain("data-edge-interactive");
    // No skeleton: the rows are there, the same rows in the same order as the island's first call.
    expect(inner).not.toContain('aria-busy="true"');
    const rows = rowsOf(inner);
    expect(rows.map((row) => /data-id="([^"]+)"/.exec(row)?.[1])).toEqual(list.data.map((row) => row._id));
    expect(rows[0]).toContain(`data-id="${created._id}"`);
    expect(inner).toContain(`aria-label="Edit !A ${tag} &lt;b&gt;bold&lt;/b&gt;"`);
    expect(inner).toContain(`aria-label="Delete !A ${tag} &lt;b&gt;bold&lt;/b&gt;"`);
    // Typed markup stays text.
    expect(inner).not.toContain("<b>bold</b>");
    expect(inner).toContain('data-testid="create-button"');
  });

  it("draws a phone only the cards, shown at every width; a browser that does not say gets both", async () => {
    const phone = await SELF.fetch(`${BASE}/en/admin/countries/`, { headers: { Cookie: adminCookie, "Sec-CH-UA-Mobile": "?1" }, redirect: "manual" });
    expect(phone.headers.get("Vary")).toContain("Sec-CH-UA-Mobile");
    const { inner: cardsOnly } = view(await phone.text(), "admin-countries");
    expect(rowsOf(cardsOnly)).toHaveLength(0);
    expect(cardsOnly).not.toContain('data-testid="resource-table-grid"');
    const list = /<ul class="([^"]*)"[^>]*data-testid="resource-table-cards"/.exec(cardsOnly);
    expect(list?.[1]).not.toContain("md:hidden");
    expect(cardsOnly).toContain(`aria-label="Edit !A ${tag} &lt;b&gt;bold&lt;/b&gt;"`);
    const cards = [...cardsOnly.matchAll(/data-testid="table-card"/g)].length;
    // A desktop browser, and any browser that sends no hint: the table and the cards, CSS shows one.
    for (const hint of ["?0", null]) {
      const headers: Record<string, string> = { Cookie: adminCookie, ...(hint ? { "Sec-CH-UA-Mobile": hint } : {}) };
      const { inner } = view(await (await SELF.fetch(`${BASE}/en/admin/countries/`, { headers })).text(), "admin-countries");
      expect(rowsOf(inner)).toHaveLength(cards);
      expect(inner).toMatch(/<ul class="md:hidden[^"]*"[^>]*data-testid="resource-table-cards"/);
      expect([...inner.matchAll(/data-testid="table-card"/g)]).toHaveLength(cards);
    }
    expect(cards).toBeGreaterThan(0);
  });

  it("is drawn in Arabic, sorted by the Arabic name, with Arabic-Indic digits in the pager", async () => {
    const html = await page("/ar/admin/countries/", adminCookie);
    const { inner } = view(html, "admin-countries");
    expect(rowsOf(inner)[0]).toContain(`data-id="${created._id}"`);
    expect(inner).toContain(`!ا ${tag}`);
    expect(inner).not.toContain(`!A ${tag}`);
    expect(inner).toMatch(/data-testid="pagination-range">[٠-٩]/);
  });

  it("shows dates in the reader's time zone and says which", async () => {
    // A zone whose calendar day differs from UTC's right now: UTC−10 before 10:00 UTC (still yesterday there), UTC+14
    // from 10:00 UTC (already tomorrow). Splitting at noon, as this did, left 10:00–12:00 UTC with the same day in both.
    const zone = new Date(created.updatedAt).getUTCHours() < 10 ? "Pacific/Honolulu" : "Pacific/Kiritimati";
    const { tag: open, inner } = view(await page("/en/admin/countries/", `${adminCookie}; tz=${encodeURIComponent(zone)}`), "admin-countries");
    expect(open).toContain(`data-edge-time-zone="${zone}"`);
    const shown = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: zone }).format(new Date(created.updatedAt));
    expect(shown).not.toBe(new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(created.updatedAt)));
    expect(inner).toContain(`<time dateTime="${created.updatedAt}">${shown}</time>`);
  });

  it("draws the visa list the same way, with each visa's content button", async () => {
    const { tag: open, inner } = view(await page("/en/admin/visa-list/", adminCookie), "admin-visas");
    expect(open).toContain("data-edge-filled");
    const total = ((await (await call("GET", "/visa/list?page=1&limit=1", { token })).json()) as { total: number }).total;
    if (total > 0) expect(inner).toContain('data-testid="row-content"');
    else expect(inner).toContain('data-testid="table-empty"');
  });

  it("is never drawn for an agency: the guard sends it away first", async () => {
    const response = await SELF.fetch(`${BASE}/en/admin/countries/`, { headers: { Cookie: agentCookie }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(await response.text()).not.toContain(tag);
  });
});

describe("the admin dashboard drawn by the edge", () => {
  it("arrives with every figure of the admin's own answer, each linking to its list, and the charts: nothing to load", async () => {
    const figures = (await (await call("GET", "/admin/dashboard?lang=en", { token })).json()) as {
      openByStatus: Record<string, number>; filedToday: number; pendingApprovals: number; lowBalance: number;
    };
    const { tag: open, inner: main } = view(await page("/en/admin/", adminCookie), "admin-dashboard");
    // The view ends where the page's push settings (an island of their own, loaded when scrolled to) begin.
    const inner = main.slice(0, main.indexOf('data-testid="notification-settings"'));
    expect(open).toContain("data-edge-filled");
    // Links only: no control to reach for, so no island comes.
    expect(open).not.toContain("data-edge-interactive");
    expect(inner).not.toContain('aria-busy="true"');
    // A figure as shown ("1,204" in English), read back as a number.
    const figure = (testId: string) => {
      const text = new RegExp(`data-testid="${testId}"[^>]*>.*?<strong[^>]*>([^<]*)</strong>`).exec(inner)?.[1];
      return text === undefined ? undefined : Number(text.replace(/,/g, ""));
    };
    expect(Object.keys(figures.openByStatus).length).toBeGreaterThan(0);
    for (const [status, count] of Object.entries(figures.openByStatus)) expect(figure(`dash-status-${status}`), status).toBe(count);
    expect(figure("dash-filed-today")).toBe(figures.filedToday);
    expect(figure("dash-pending")).toBe(figures.pendingApprovals);
    expect(figure("dash-low-balance")).toBe(figures.lowBalance);
    const today = new Date().toISOString().slice(0, 10);
    expect(inner).toContain(`href="/en/admin/requests-list/?from=${today}&amp;to=${today}" class="card`);
    expect(inner).toContain('role="group" aria-label="Requests per day"');
  });

  it("is drawn in Arabic with Arabic-Indic digits, and never for an agency", async () => {
    const { inner } = view(await page("/ar/admin/", adminCookie), "admin-dashboard");
    expect(/data-testid="dash-filed-today"[^>]*>.*?<strong[^>]*>([^<]*)<\/strong>/.exec(inner)?.[1]).toMatch(/^[٠-٩]+$/);
    const response = await SELF.fetch(`${BASE}/en/admin/`, { headers: { Cookie: agentCookie }, redirect: "manual" });
    expect(response.status).toBe(302);
  });
});
