/**
 * Issue 32: the agent groups page (/admin/agent-groups) is drawn by the edge (src/admin/edge-pages.ts, GroupsPage
 * through the kit), no longer hydrated at load: the groups the address searches for, each with its agencies counted
 * in the page's digits and its "prices" button, the group's name typed by people kept as text.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { formatNumber } from "../../src/shared/format";
import { cookieHeader, createAdmin, createAgent, createGroup, signIn } from "./fixtures";
import { drawnView, pagesAs, recordIn } from "./edge-drawn";

const stamp = `grp${Date.now().toString(36)}`;
let adminCookie: string;
let group: string;

beforeAll(async () => {
  group = await createGroup(`${stamp} <script>alert(1)</script>`);
  for (let i = 0; i < 3; i++) await createAgent({ groupId: group });
  await createGroup(`${stamp} other`);
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
}, 60_000);

const page = pagesAs(() => adminCookie);

const drawn = (html: string) => drawnView(html, "admin-agent-groups");
/** One group's row in the drawn table. */
const row = (view: string, id: string) => recordIn(view, id, "</tr>");

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/agent-groups drawn by the edge", { timeout: 30_000 }, () => {
  it("carries the groups the address searches for, their agencies counted in Arabic-Indic digits, a prices button each", async () => {
    const view = drawn(await page(`/ar/admin/agent-groups/?search=${stamp}`));
    expect(view, "the groups are drawn").not.toBeNull();
    expect(view).toContain("data-edge-interactive");
    // Two groups, each drawn as a table row and as a phone's card, each with its prices button.
    expect(view!.match(/data-testid="row-prices"/g)).toHaveLength(4);
    const mine = row(view!, group);
    expect(mine, "the group's row").not.toBeNull();
    expect(mine).toContain(`>${formatNumber(3, "ar")}<`);
    expect(view).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(view).not.toContain("<script>alert(1)");
  });
});
