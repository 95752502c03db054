/**
 * Issue 9: /information drawn by the edge (functions/edge/views/account.tsx). The viewer's own account (summary and
 * forms with their values), the agency's staff users and the notification kinds saved for the account are in the
 * HTML itself, drawn by the same components as the islands; staff see what the island shows them (no money, no
 * staff list); text typed by users stays text; an admin's page is left to the island; odd addresses never fail.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";
import { topUp } from "./requests-fixtures";

const stamp = Date.now().toString(36);
let agentCookie: string;
let staffCookie: string;
let otherCookie: string;
let adminCookie: string;
let staffEmail: string;

beforeAll(async () => {
  const group = await createGroup(`Gold ${stamp}`);
  const agent = await createAgent({ groupId: group, balance: 123_456 });
  // Text typed by people: an agency's name and a staff member's name with markup in them.
  await env.DB.prepare("UPDATE agents SET name = ?, city = ? WHERE id = ?").bind(`Sunrise ${stamp} <script>alert(1)</script>`, "Erbil", agent.id).run();
  const staff = await createUser(agent.id);
  staffEmail = staff.email;
  await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind(`Dilan ${stamp} <img src=x onerror=alert(1)>`, staff.id).run();
  const session = await signIn("Agent", agent.email);
  agentCookie = cookieHeader(session.cookies);
  // The kinds the agency wants: saved on the server, drawn as the island would show them.
  await expectStatus(await call("PATCH", "/agents/update-fcm", { token: session.token, body: { types: ["request.updated", "balance.updated"] } }), 200);
  staffCookie = cookieHeader((await signIn("Agent", staff.email)).cookies);
  const other = await createAgent({ groupId: group });
  await createUser(other.id);
  otherCookie = cookieHeader((await signIn("Agent", other.email)).cookies);
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
});

const page = async (path: string, cookie: string) => {
  const response = await fetchPage(path, cookie);
  expect(response.status, path).toBe(200);
  return response.text();
};
function fetchPage(path: string, cookie: string) {
  return SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
}

/** What the edge drew into the view `name`, up to the next view (null: not drawn). */
function drawn(html: string, name: string): string | null {
  const open = new RegExp(`<div[^>]*data-edge-view="${name}"([^>]*)>`).exec(html);
  if (!open) throw new Error(`no view ${name} in the page`);
  if (!open[0].includes("data-edge-filled")) return null;
  const rest = html.slice(open.index + open[0].length);
  const next = rest.search(/<div[^>]*data-edge-view=|<script/);
  // Up to the view's own closing tag (an empty view is "").
  return (next === -1 ? rest : rest.slice(0, next)).replace(/<\/div>\s*$/, "");
}

describe("/information drawn by the edge for an agency", () => {
  it("holds the summary, the profile with its values and the password form, whose buttons cannot submit", async () => {
    const view = drawn(await page("/en/information/", agentCookie), "account-information");
    expect(view, "the account is in the HTML").not.toBeNull();
    expect(view).toContain('data-testid="account-information"');
    expect(view).not.toContain("account-loading");
    expect(view).toMatch(/data-testid="account-balance-value">\$1,234\.56</);
    expect(view).toMatch(new RegExp(`data-testid="account-group">Gold ${stamp}<`));
    // The profile form starts from the account's values, as the island's does.
    expect(view).toMatch(/data-testid="profile-city"[^>]*value="Erbil"|value="Erbil"[^>]*data-testid="profile-city"/);
    expect(view).toContain('data-testid="password-currentPassword"');
    // Nothing drawn can submit natively: no submit button at all until the island is there.
    expect(view).toMatch(/type="button"[^>]*data-testid="profile-submit"/);
    expect(view).toMatch(/type="button"[^>]*data-testid="password-submit"/);
    expect(view).not.toContain('type="submit"');
  });

  it("the agency's name is text, not markup", async () => {
    const view = drawn(await page("/en/information/", agentCookie), "account-information")!;
    expect(view).toContain(`Sunrise ${stamp} &lt;script&gt;alert(1)&lt;/script&gt;`);
    expect(view).not.toContain("<script>alert(1)");
  });

  it("in Arabic and Kurdish the balance has Arabic-Indic digits, and the page is in the reader's language", async () => {
    const html = await page("/ar/information/", agentCookie);
    const view = drawn(html, "account-information")!;
    expect(view).toMatch(/data-testid="account-balance-value">[^<]*١٬٢٣٤٫٥٦/);
    expect(view).toContain("كلمة المرور");
    // Central Kurdish too: Arabic-Indic digits, right to left.
    const ku = await page("/ku/information/", agentCookie);
    expect(ku).toMatch(/<html[^>]*dir="rtl"/);
    expect(drawn(ku, "account-information")).toMatch(/data-testid="account-balance-value">[^<]*١٬٢٣٤٫٥٦/);
  });

  it("lists the agency's staff users (names as text) with the forms to add one, its add button held", async () => {
    const view = drawn(await page("/en/information/", agentCookie), "staff-manager")!;
    expect(view).toContain('data-testid="staff-manager"');
    expect(view.match(/data-testid="staff-row"/g)).toHaveLength(1);
    expect(view).toContain(staffEmail);
    expect(view).toContain(`Dilan ${stamp} &lt;img src=x onerror=alert(1)&gt;`);
    expect(view).not.toContain("<img src=x");
    expect(view).toMatch(/type="button"[^>]*data-testid="staff-add-submit"/);
    expect(view).not.toContain('type="submit"');
  });

  it("another agency's staff users are never drawn", async () => {
    const view = drawn(await page("/en/information/", otherCookie), "staff-manager")!;
    expect(view).not.toContain(staffEmail);
    expect(view.match(/data-testid="staff-row"/g)).toHaveLength(1);
  });

  it("push not configured: the notification card is drawn whole, with the kinds saved for the account", async () => {
    const view = drawn(await page("/en/information/", agentCookie), "notification-settings")!;
    expect(view).toContain('data-testid="push-not-configured"');
    expect(view).toContain('aria-busy="false"');
    const checked = (type: string) => (view.match(/<input[^>]*>/g) ?? []).find((input) => input.includes(`data-testid="push-kind-${type}"`))!.includes('checked=""');
    expect(checked("request.updated")).toBe(true);
    expect(checked("balance.updated")).toBe(true);
    expect(checked("request.created")).toBe(false);
    expect(checked("news-feed.created")).toBe(false);
    // The kinds can be chosen at once: the island comes on the first touch and saves the choice.
    expect(view).not.toMatch(/<fieldset[^>]*disabled/);
  });
});

describe("/information for a staff member: what the island shows them", () => {
  it("their own profile and their agency, no money anywhere, no staff list", async () => {
    const html = await page("/en/information/", staffCookie);
    const view = drawn(html, "account-information")!;
    expect(view).toContain(`Dilan ${stamp} &lt;img src=x onerror=alert(1)&gt;`);
    expect(view).toMatch(new RegExp(`data-testid="account-agency">Sunrise ${stamp} &lt;script&gt;`));
    expect(view).not.toContain("account-balance-value");
    expect(view).not.toContain("$");
    expect(view).not.toContain('data-testid="profile-contactName"');
    expect(drawn(html, "staff-manager")).toBe("");
    expect(html).not.toContain("data-money");
  });
});

describe("/information for an admin", () => {
  it("the account is left to the island (the admin's record comes from the session); the rest is drawn", async () => {
    const html = await page("/en/information/", adminCookie);
    expect(drawn(html, "account-information")).toBeNull();
    expect(html).toContain('data-testid="account-loading"');
    expect(drawn(html, "staff-manager")).toBe("");
    expect(drawn(html, "notification-settings")).toContain('data-testid="push-not-configured"');
  });
});

describe("the admin's dashboard (issue 32)", () => {
  it("draws the admin's notification card (the admin's wording and kinds), and the test notification's form from the build", async () => {
    const html = await page("/ku/admin/", adminCookie);
    const card = drawn(html, "admin-notification-settings")!;
    expect(card).toContain('data-testid="push-not-configured"');
    expect(card).not.toContain('data-testid="push-kind-balance.updated"');
    expect(card).toContain('data-testid="push-kind-request.created"');
    const agency = await page("/ku/information/", agentCookie);
    // Not the agency's introduction: the admin's.
    const intro = (view: string) => /<p class="muted text-sm mt-1">([^<]*)<\/p>/.exec(view)![1];
    expect(intro(card)).not.toBe(intro(drawn(agency, "notification-settings")!));
    // The island gets the page's audience.
    expect(html).toMatch(/data-edge-view="admin-notification-settings"[^>]*data-props="\{&quot;audience&quot;:&quot;admin&quot;\}"/);
    // The test notification's send button is a plain one until its island is there (no native submit).
    const form = drawn(html, "test-notification")!;
    expect(form).toMatch(/<button type="button"[^>]*data-testid="test-notification-send"/);
    expect(html).not.toContain("<astro-island");
  });
});

describe("/activity (issue 32: its island hydrated at once)", () => {
  it("is drawn from the agency's own audit, in the reader's language and time zone, with its pages", async () => {
    const agency = await createAgent({ groupId: await createGroup(`Activity ${stamp}`) });
    const admin = await signIn("Admin", (await createAdmin()).email);
    for (let i = 0; i < 21; i++) await topUp(admin.token, agency.id, 1_000 + i);
    const cookie = `${cookieHeader((await signIn("Agent", agency.email)).cookies)}; tz=Asia%2FBaghdad`;
    const html = await page("/ar/activity/", cookie);
    const view = drawn(html, "activity")!;
    expect(view.match(/data-testid="activity-row"/g)).toHaveLength(20);
    expect(view).toContain('data-call="POST /api/transactions/update-balance/:id"');
    // When, in the page's digits.
    expect(view).toMatch(/<time class="muted text-sm" dateTime="[^"]+">[^<]*[٠-٩][^<]*<\/time>/);
    // Page 2 holds the 21st row, and the pager says so.
    const second = drawn(await page("/ar/activity/?page=2", cookie), "activity")!;
    expect(second.match(/data-testid="activity-row"/g)).toHaveLength(1);
    // Only its own: another agency's activity is never drawn.
    const mine = drawn(await page("/en/activity/", agentCookie), "activity")!;
    expect(mine).not.toContain("update-balance");
    // Nonsense pages are page 1, never a 500.
    for (const path of ["/en/activity/?page=-3", "/en/activity/?page=abc", "/en/activity/?page=1e9"]) expect((await fetchPage(path, cookie)).status, path).toBe(200);
  });
});

describe("odd addresses", () => {
  it("a query the page does not read draws the same page; nothing is a 500", async () => {
    for (const path of ["/en/information/?page=-1&x=%3Cscript%3E", "/ku/information/?tab=%00", "/ar/information/?staff=abc"]) {
      const html = await page(path, agentCookie);
      expect(drawn(html, "account-information"), path).toContain('data-testid="account-information"');
      expect(html).not.toContain("<script>alert");
    }
  });
  it("signed out: sent to sign in, nothing drawn", async () => {
    const response = await fetchPage("/en/information/", "");
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
  });
});
