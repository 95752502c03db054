/**
 * Issue 9: the money pages drawn by the edge (functions/edge/views/wallet.tsx): the agent's statement (/transactions)
 * and history (/transactions-old) are in the HTML itself, drawn by the islands' own components from the agent's own
 * ledger: amounts formatted as the island formats them (Arabic-Indic digits in ar and ku), dates in the reader's zone,
 * notes typed by an admin kept as text, another agency's rows never drawn, staff sent home, an admin refused as the
 * island refuses them, odd addresses never a 500.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatMoney } from "../../src/components/ui/format";
import { BASE, call, cookieHeader, createAdmin, createAgent, createUser, signIn } from "./fixtures";
import { expectStatus, pngFile } from "./catalogue-fixtures";

const stamp = Date.now().toString(36);
const NOTE = `Top-up ${stamp} <script>alert(1)</script>`;
const OTHER_NOTE = `Other agency ${stamp}`;
let agentCookie: string;
let staffCookie: string;
let adminCookie: string;
let firstRowAt: string;
let agentToken: string;
let adminToken: string;

beforeAll(async () => {
  const admin = await signIn("Admin", (await createAdmin()).email);
  adminCookie = cookieHeader(admin.cookies);
  const agent = await createAgent();
  const other = await createAgent();
  const move = (agentId: string, operation: "ADD" | "SUBTRACT", amount: number, note: string) =>
    call("POST", `/transactions/update-balance/${agentId}`, { token: admin.token, body: { operation, amount, note }, headers: { "Idempotency-Key": `${stamp}-${agentId}-${operation}` } });
  await expectStatus(await move(agent.id, "ADD", 250_050, NOTE), 201);
  await expectStatus(await move(agent.id, "SUBTRACT", 14_000, `Fee ${stamp}`), 201);
  await expectStatus(await move(other.id, "ADD", 777_700, OTHER_NOTE), 201);
  const session = await signIn("Agent", agent.email);
  agentCookie = cookieHeader(session.cookies);
  agentToken = session.token;
  adminToken = admin.token;
  staffCookie = cookieHeader((await signIn("Agent", (await createUser(agent.id)).email)).cookies);
  const ledger = await expectStatus(await call("GET", "/transactions/findAllByAgent?sort=createdAt&order=desc", { token: session.token }), 200);
  firstRowAt = ledger.data[0].createdAt;
});

const page = async (path: string, cookie: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the view `name` (null: not drawn), up to the page's script. */
const drawn = (html: string, name: string) => {
  const open = new RegExp(`<div data-edge-view="${name}"([^>]*)>`).exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return { attributes: open[1]!, html: rest.slice(0, rest.indexOf("<script")) };
};

const rowsOf = (html: string) => [...html.matchAll(/data-testid="tx-amount" data-minor="(-?\d+)"/g)].map((m) => Number(m[1]));

describe("/transactions drawn by the edge", () => {
  it("carries the balance, the chart and the agency's movements with their running balance", async () => {
    const view = drawn(await page("/en/transactions/", agentCookie), "statement-page");
    expect(view, "the statement is drawn").not.toBeNull();
    expect(view!.html).toMatch(/data-testid="statement-balance-amount" data-minor="236050"><bdi[^>]*>\$2,360\.50</);
    // The table's rows (md and up) then the same rows as cards: each amount twice, newest first, signed.
    expect(rowsOf(view!.html)).toEqual([-14_000, 250_050, -14_000, 250_050]);
    expect(view!.html).toMatch(/data-testid="tx-balance" data-minor="236050"><bdi[^>]*>\$2,360\.50</);
    expect(view!.html).toContain('data-testid="balance-chart" data-points="2"');
    // Loaded: no skeleton row, nothing busy, the pager says which rows these are.
    expect(view!.html).not.toContain("skeleton-row");
    expect(view!.html).not.toContain('aria-busy="true"');
    expect(view!.html).toMatch(/data-testid="pagination-range">1–2 of 2</);
    // The export buttons are there (their code comes with the island).
    expect(view!.html).toContain('data-testid="export-xlsx"');
    expect(view!.html).toContain('data-testid="export-pdf"');
  });

  it("keeps an admin's note as text and never draws another agency's rows", async () => {
    const view = drawn(await page("/en/transactions/", agentCookie), "statement-page")!;
    expect(view.html).toContain(`Top-up ${stamp} &lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(view.html).not.toContain("<script>alert(1)");
    expect(view.html).not.toContain(OTHER_NOTE);
    // The other agency's amount, as drawn (a bare "777" could be part of a row's id or a time).
    expect(view.html).not.toContain('data-minor="777700"');
    expect(view.html).not.toContain("7,777.00");
  });

  it("in Arabic and Kurdish the money is the island's, with Arabic-Indic digits", async () => {
    for (const locale of ["ar", "ku"] as const) {
      const view = drawn(await page(`/${locale}/transactions/`, agentCookie), "statement-page")!;
      const balance = formatMoney(236_050, "USD", locale);
      expect(balance, "the formatter writes Arabic-Indic digits").toMatch(/[٠-٩]/);
      expect(view.html).toContain(balance);
      expect(view.html).toContain(formatMoney(250_050, "USD", locale));
      expect(view.html).not.toContain("2,360.50");
    }
  });

  it("draws dates in the reader's time zone (the tz cookie) and says which", async () => {
    const at = async (zone: string) => drawn(await page("/en/transactions/", `${agentCookie}; tz=${zone}`), "statement-page")!;
    const [baghdad, utc] = [await at("Asia/Baghdad"), await at("UTC")];
    expect(baghdad.attributes).toContain('data-edge-time-zone="Asia/Baghdad"');
    expect(utc.attributes).toContain('data-edge-time-zone="UTC"');
    const when = (timeZone: string) => formatDate(firstRowAt, "en", { dateStyle: "medium", timeStyle: "short", timeZone });
    expect(when("Asia/Baghdad")).not.toBe(when("UTC"));
    expect(baghdad.html).toContain(`>${when("Asia/Baghdad")}</time>`);
    expect(utc.html).toContain(`>${when("UTC")}</time>`);
  });

  it("staff are sent home and never see the statement", async () => {
    const response = await SELF.fetch(`${BASE}/en/transactions/`, { headers: { Cookie: staffCookie }, redirect: "manual" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get("Location")).toMatch(/\/en\/$/);
    expect(await response.text()).not.toContain("236050");
  });

  it("an admin (no statement of their own) gets the island's refusal, drawn", async () => {
    const view = drawn(await page("/en/transactions/", adminCookie), "statement-page");
    expect(view?.html).toContain('data-testid="no-money"');
    expect(view?.html).not.toContain("tx-amount");
  });

  it("odd addresses give the page the island would show (its first page), never a 500", async () => {
    for (const query of ["?page=abc&limit=-4", "?type=Nope&from=yesterday", "?%E0%A4%A=1", "?sort=<x>"]) {
      const view = drawn(await page(`/en/transactions/${query}`, agentCookie), "statement-page");
      expect(rowsOf(view!.html), query).toEqual([-14_000, 250_050, -14_000, 250_050]);
    }
  });
});

describe("the money pages drawn for the filters, search and page their address names", () => {
  it("/transactions: the type and the dates of the address, shown as applied, the chart for those dates", async () => {
    const withdrawals = drawn(await page("/en/transactions/?type=Withdrawal", agentCookie), "statement-page")!;
    expect(rowsOf(withdrawals.html)).toEqual([-14_000, -14_000]);
    expect(withdrawals.html).toMatch(/data-testid="pagination-range">1–1 of 1</);
    // The type filter shows the choice (its <option> selected), as the island's would.
    expect(withdrawals.html).toMatch(/<option value="Withdrawal" selected="">/);
    // Dates that hold no movement: nothing listed, and the date fields say which.
    const old = drawn(await page("/en/transactions/?from=2001-01-01&to=2001-01-31", agentCookie), "statement-page")!;
    expect(rowsOf(old.html)).toEqual([]);
    expect(old.html).toContain('value="2001-01-01"');
    expect(old.html).toContain('value="2001-01-31"');
    expect(old.html).toContain('data-testid="chart-empty"');
  });

  it("/transactions-old: direction, search and page size from the address", async () => {
    const incoming = drawn(await page("/en/transactions-old/?direction=Incoming", agentCookie), "history-page")!;
    expect(rowsOf(incoming.html)).toEqual([250_050, 250_050]);
    const fee = drawn(await page(`/en/transactions-old/?search=${encodeURIComponent(`Fee ${stamp}`)}`, agentCookie), "history-page")!;
    expect(rowsOf(fee.html)).toEqual([-14_000, -14_000]);
    expect(fee.html).toMatch(new RegExp(`<input type="search"[^>]*value="Fee ${stamp}"`));
    // One row a page is not a size the list offers: the list's own size (both rows on one page).
    const odd = drawn(await page("/en/transactions-old/?limit=1", agentCookie), "history-page")!;
    expect(rowsOf(odd.html)).toEqual([-14_000, 250_050, -14_000, 250_050]);
  });

  it("the statement has no search box, so a search in its address filters nothing", async () => {
    const view = drawn(await page("/en/transactions/?search=nothing-matches-this", agentCookie), "statement-page")!;
    expect(rowsOf(view.html)).toEqual([-14_000, 250_050, -14_000, 250_050]);
  });

  it("a day that does not exist, an unknown type or direction is ignored, never a 500", async () => {
    for (const query of ["?from=2026-02-30", "?type=<script>", "?direction=Sideways", "?page=-1", "?page=1e3"]) {
      const view = drawn(await page(`/en/transactions-old/${query}`, agentCookie), "history-page");
      expect(rowsOf(view!.html), query).toEqual([-14_000, 250_050, -14_000, 250_050]);
    }
  });
});

describe("/transactions-old drawn by the edge", () => {
  it("carries every movement with its direction and who made it", async () => {
    const view = drawn(await page("/en/transactions-old/", agentCookie), "history-page");
    expect(view, "the history is drawn").not.toBeNull();
    expect(rowsOf(view!.html)).toEqual([-14_000, 250_050, -14_000, 250_050]);
    expect(view!.html).toContain("Incoming");
    expect(view!.html).toContain("Outgoing");
    expect(view!.html).toContain('data-testid="history-table"');
    expect(view!.html).toContain(`Top-up ${stamp} &lt;script&gt;`);
    expect(view!.html).not.toContain("<script>alert(1)");
    expect(view!.html).not.toContain(OTHER_NOTE);
    // The search box is there to type into before the island comes (its value is carried over).
    expect(view!.html).toMatch(/<input type="search"[^>]*data-testid="search"/);
  });

  it("in Kurdish the amounts have Arabic-Indic digits", async () => {
    const view = drawn(await page("/ku/transactions-old/", agentCookie), "history-page")!;
    expect(view.html).toContain(formatMoney(14_000, "USD", "ku"));
    expect(view.html).not.toContain("140.00");
  });

  it("staff are sent home; odd addresses are never a 500", async () => {
    const response = await SELF.fetch(`${BASE}/en/transactions-old/`, { headers: { Cookie: staffCookie }, redirect: "manual" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    const view = drawn(await page("/ar/transactions-old/?page=0&direction=Sideways", agentCookie), "history-page");
    expect(rowsOf(view!.html)).toHaveLength(4);
  });
});

describe("/top-up drawn by the edge (issue 30's page: no React at load)", () => {
  it("carries the balance with its digits, the office's instructions in the page's language, the form and the agency's requests", async () => {
    await expectStatus(await call("PATCH", "/settings/payment-instructions", { token: adminToken, body: { en: `Rafidain ${stamp}`, ar: `مصرف الرافدين ${stamp}`, ku: "" } }), 200);
    const form = new FormData();
    form.set("data", JSON.stringify({ amount: 25_000, paidThrough: "صيرفة الأمين", bankReference: `TRX-${stamp}` }));
    form.set("slip", pngFile("slip.png"));
    const asked = await SELF.fetch(`${BASE}/api/top-up-requests`, { method: "POST", body: form, headers: { Authorization: `Bearer ${agentToken}`, Origin: BASE, "Idempotency-Key": `top-up-${stamp}` } });
    await expectStatus(asked, 201);

    const ar = drawn(await page("/ar/top-up/", agentCookie), "top-up-page");
    expect(ar, "the page is drawn").not.toBeNull();
    expect(ar!.html).toContain('data-testid="top-up-balance" data-minor="236050"');
    expect(ar!.html).toContain(formatMoney(236_050, "USD", "ar"));
    expect(ar!.html).toContain(`مصرف الرافدين ${stamp}`);
    expect(ar!.html).toMatch(/data-testid="top-up-row" data-status="Pending"/);
    expect(ar!.html).toContain(`TRX-${stamp}`);
    expect(ar!.html).toContain(formatMoney(25_000, "USD", "ar"));
    // The form is there to type into, and cannot be sent before its island: its button is disabled.
    expect(ar!.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="top-up-submit"|<button[^>]*data-testid="top-up-submit"[^>]*disabled=""/);
    expect(ar!.html).toMatch(/<input[^>]*data-testid="top-up-reference"/);
    // Every label is a word, not a message key.
    expect(ar!.html).not.toMatch(/>\s*(topUps|credit|money|ui|upload|validation)\.[a-zA-Z]+/);
    expect(ar!.html).toContain("صيرفة الأمين");

    // No instructions in Kurdish: the English ones, as the island shows them.
    const ku = drawn(await page("/ku/top-up/", agentCookie), "top-up-page")!;
    expect(ku.html).toContain(`Rafidain ${stamp}`);
  });

  it("staff are sent home", async () => {
    const response = await SELF.fetch(`${BASE}/en/top-up/`, { headers: { Cookie: staffCookie }, redirect: "manual" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
  });
});

describe("/branding drawn by the edge (issue 30's page: no React at load)", () => {
  it("carries the saved logo, the footer in each language, the net-price switch and the sample links", async () => {
    const before = drawn(await page("/ar/branding/", agentCookie), "branding-page");
    expect(before, "the page is drawn before anything is saved").not.toBeNull();
    expect(before!.html).toContain("لا يوجد شعار بعد");
    expect(before!.html).not.toMatch(/<img[^>]*alt=/);

    const form = new FormData();
    form.set("data", JSON.stringify({ footer: { en: `Baghdad ${stamp}`, ar: `بغداد، الكرادة ${stamp}`, ku: `هەولێر ${stamp}` }, showNetPrice: true }));
    form.set("logo", pngFile("logo.png"));
    const saved = await SELF.fetch(`${BASE}/api/agents/branding`, { method: "PATCH", body: form, headers: { Authorization: `Bearer ${agentToken}`, Origin: BASE } });
    const branding = await expectStatus(saved, 200);
    expect(branding.logo).toBeTruthy();

    const ar = drawn(await page("/ar/branding/", agentCookie), "branding-page");
    expect(ar, "the page is drawn").not.toBeNull();
    // The logo as saved, the footers in their own fields, the switch on: the owner sees what its receipts carry.
    expect(ar!.html).toMatch(new RegExp(`<img src="${branding.logo.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}"[^>]*alt="شعارك الحالي"`));
    expect(ar!.html).toContain(`بغداد، الكرادة ${stamp}</textarea>`);
    expect(ar!.html).toContain(`Baghdad ${stamp}</textarea>`);
    expect(ar!.html).toContain(`هەولێر ${stamp}</textarea>`);
    expect(ar!.html).toMatch(/role="switch"[^>]*aria-checked="true"[^>]*data-testid="branding-show-net"/);
    expect(ar!.html).toContain('href="/api/agents/branding/sample/a4?lang=ar&amp;v=0"');
    // Loaded, and cannot be saved before its island: the button is disabled.
    expect(ar!.html).not.toContain('aria-busy="true"');
    expect(ar!.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="branding-submit"|<button[^>]*data-testid="branding-submit"[^>]*disabled=""/);
    // Every label is a word, not a message key.
    expect(ar!.html).not.toMatch(/>\s*(branding|requests|upload|validation|ui)\.[a-zA-Z.]+\s*</);
  });

  it("staff are sent home", async () => {
    const response = await SELF.fetch(`${BASE}/ar/branding/`, { headers: { Cookie: staffCookie }, redirect: "manual" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
  });
});
