/**
 * Issue 32: the office's top-up queue (/admin/top-ups) is drawn by the edge (src/admin/edge-pages.ts, TopUpQueueView),
 * no longer hydrated at load: the requests of the address's filter with their amounts in the page's digits, each
 * waiting one with its three decisions, each slip photo in a box sized before the photo arrives (the page's layout
 * shift), and the payment instructions below, all in the first HTML.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../src/shared/format";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, signIn } from "./fixtures";
import { drawnView, pagesAs, recordIn } from "./edge-drawn";
import { adminToken, expectStatus, jpegFile } from "./catalogue-fixtures";

const stamp = Date.now().toString(36);
let adminCookie: string;
/** A top-up request as the API answered it. */
interface Asked { _id: string; currency: string }
let waiting: Asked;
let approved: Asked;

function ask(token: string, amount: number) {
  const form = new FormData();
  form.set("data", JSON.stringify({ amount, paidThrough: `Bank ${stamp}`, bankReference: `TRX-${stamp}-${amount}`, note: "<b>transfer</b>" }));
  form.set("slip", jpegFile("slip.jpg"));
  return SELF.fetch(`${BASE}/api/top-up-requests`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}`, Origin: BASE } });
}

beforeAll(async () => {
  const admin = await adminToken();
  const agent = await createAgent({ groupId: await createGroup() });
  const agency = (await signIn("Agent", agent.email)).token;
  approved = (await expectStatus(await ask(agency, 12_000), 201)) as Asked;
  waiting = (await expectStatus(await ask(agency, 34_500), 201)) as Asked;
  await expectStatus(await call("PATCH", `/top-up-requests/${approved._id}`, { token: admin, body: { action: "approve" } }), 200);
  await expectStatus(await call("PATCH", "/settings/payment-instructions", { token: admin, body: { en: `Pay ${stamp}`, ar: `ادفع ${stamp}`, ku: `پارە بدە ${stamp}` } }), 200);
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
}, 60_000);

const page = pagesAs(() => adminCookie);

const drawn = (html: string) => drawnView(html, "admin-top-ups");
/** One request's card in the drawn view. */
const item = (view: string, id: string) => recordIn(view, id, "</li>");

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/top-ups drawn by the edge", { timeout: 30_000 }, () => {
  it("carries the waiting requests with their decisions, amounts in Arabic-Indic digits, slips in sized boxes and the instructions", async () => {
    const view = drawn(await page("/ar/admin/top-ups/"));
    expect(view, "the queue is drawn").not.toBeNull();
    expect(view).toContain("data-edge-interactive");
    expect(view).not.toContain('aria-busy="true"');
    const card = item(view!, waiting._id);
    expect(card, "the waiting request").not.toBeNull();
    expect(item(view!, approved._id), "an approved request is not waiting").toBeNull();
    expect(card).toContain(formatMoney(34_500, waiting.currency, "ar"));
    expect(card).toContain('data-testid="top-up-approve"');
    expect(card).toContain('data-testid="top-up-reject"');
    // The photo's box is sized before the photo comes: no shift when it does.
    expect(card).toMatch(/<img[^>]*width="256"[^>]*height="288"[^>]*loading="lazy"[^>]*class="h-72 /);
    // What agencies typed is text.
    expect(card).toContain("&lt;b&gt;transfer&lt;/b&gt;");
    expect(view).toMatch(/data-testid="top-up-filter-Pending"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*data-testid="top-up-filter-Pending"/);
    expect(view).toContain('data-testid="instructions-editor"');
    expect(view).toContain(`ادفع ${stamp}`);
  });

  it("applies the address's filter: the approved request, with no decision left to make", async () => {
    const view = drawn(await page("/en/admin/top-ups/?status=Approved"))!;
    const card = item(view, approved._id);
    expect(card, "the approved request").not.toBeNull();
    expect(card).toContain('data-status="Approved"');
    expect(card).not.toContain("top-up-approve");
    expect(item(view, waiting._id)).toBeNull();
    expect(view).toMatch(/data-testid="top-up-filter-Approved"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*data-testid="top-up-filter-Approved"/);
    const all = drawn(await page("/en/admin/top-ups/?status=all"))!;
    expect(item(all, approved._id)).not.toBeNull();
    expect(item(all, waiting._id)).not.toBeNull();
  });

  it("reads an unknown status as the island does: the waiting requests", async () => {
    const view = drawn(await page("/ku/admin/top-ups/?status=Nope"))!;
    expect(item(view, waiting._id)).not.toBeNull();
    expect(item(view, approved._id)).toBeNull();
  });
});
