/**
 * Issue 32: the admin's whole ledger (/admin/transactions) is drawn by the edge (src/admin/edge-pages.ts, LedgerView),
 * no longer hydrated at load: the rows of every agency with their amounts, the totals, one agency's balance when the
 * address names it, the agency picker with its choices, the filters of the address shown as applied, notes kept as text, odd addresses never a 500.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../src/components/ui/format";
import { BASE, call, cookieHeader, createAdmin, createAgent, signIn } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";

const stamp = Date.now().toString(36);
const NOTE = `Top-up ${stamp} <script>alert(1)</script>`;
const OTHER_NOTE = `Other agency ${stamp}`;
let adminCookie: string;
let agentId: string;

beforeAll(async () => {
  const admin = await signIn("Admin", (await createAdmin()).email);
  adminCookie = cookieHeader(admin.cookies);
  const agent = await createAgent();
  const other = await createAgent();
  agentId = agent.id;
  const move = (id: string, operation: "ADD" | "SUBTRACT", amount: number, note: string) =>
    call("POST", `/transactions/update-balance/${id}`, { token: admin.token, body: { operation, amount, note }, headers: { "Idempotency-Key": `${stamp}-${id}-${operation}` } });
  await expectStatus(await move(agent.id, "ADD", 250_050, NOTE), 201);
  await expectStatus(await move(agent.id, "SUBTRACT", 14_000, `Fee ${stamp}`), 201);
  await expectStatus(await move(other.id, "ADD", 777_700, OTHER_NOTE), 201);
});

const page = async (path: string, cookie = adminCookie) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the ledger's view (null: not drawn), up to the page's script. */
const drawn = (html: string) => {
  const open = /<div data-edge-view="admin-ledger"([^>]*)>/.exec(html);
  if (!open || !open[1]!.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return rest.slice(0, rest.indexOf("<script"));
};

const amountsOf = (html: string) => [...html.matchAll(/data-testid="tx-amount" data-minor="(-?\d+)"/g)].map((m) => Number(m[1]));

describe("/admin/transactions drawn by the edge", () => {
  it("carries every agency's movements, the totals and the controls, with no skeleton", async () => {
    const view = drawn(await page("/en/admin/transactions/"));
    expect(view, "the ledger is drawn").not.toBeNull();
    // Both agencies' rows are there (the table, then the same rows as cards).
    expect(amountsOf(view!)).toEqual(expect.arrayContaining([250_050, -14_000, 777_700]));
    expect(view).toContain(OTHER_NOTE);
    expect(view).toContain('data-testid="ledger-totals"');
    expect(view).toContain('data-testid="balance-open"');
    expect(view).toContain('data-testid="export-csv"');
    expect(view).not.toContain("skeleton-row");
    expect(view).not.toContain('aria-busy="true"');
    // No agency chosen: no agency's balance.
    expect(view).not.toContain('data-testid="ledger-agency-balance"');
    // An admin's note is text, never markup.
    expect(view).toContain(`Top-up ${stamp} &lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(view).not.toContain("<script>alert(1)");
  });

  it("draws the agency, type and page the address names, with that agency's balance", async () => {
    const one = drawn(await page(`/en/admin/transactions/?agentId=${agentId}`))!;
    expect(amountsOf(one).sort((a, b) => a - b)).toEqual([-14_000, -14_000, 250_050, 250_050]);
    expect(one).toMatch(/data-testid="ledger-agency-balance"[\s\S]*\$2,360\.50/);
    expect(one).not.toContain(OTHER_NOTE);
    // The agency picker is drawn with every agency (the admin can pick at once), the address's one chosen.
    expect(one).toMatch(new RegExp(`<option value="${agentId}" selected="">Test Travel · [^<]+</option>`));
    const withdrawals = drawn(await page(`/en/admin/transactions/?agentId=${agentId}&type=Withdrawal`))!;
    expect(amountsOf(withdrawals)).toEqual([-14_000, -14_000]);
    expect(withdrawals).toMatch(/<option value="Withdrawal" selected="">/);
  });

  it("in Arabic the money is written with Arabic-Indic digits, as the island writes it", async () => {
    const view = drawn(await page(`/ar/admin/transactions/?agentId=${agentId}`))!;
    const balance = formatMoney(236_050, "USD", "ar");
    expect(balance).toMatch(/[٠-٩]/);
    expect(view).toContain(balance);
    expect(view).not.toContain("2,360.50");
  });

  it("odd addresses draw the plain first page, never a 500", async () => {
    for (const query of ["?page=abc&limit=-4", "?type=Nope&from=yesterday", "?agentId=../../x", "?%E0%A4%A=1", "?sort=<x>"]) {
      const view = drawn(await page(`/en/admin/transactions/${query}`));
      expect(view, query).not.toBeNull();
      expect(amountsOf(view!), query).toEqual(expect.arrayContaining([250_050, 777_700]));
    }
  });
});
