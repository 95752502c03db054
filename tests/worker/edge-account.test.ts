/**
 * Issue 9: the header's account menu drawn by the edge (functions/edge/views/account-header.ts). Every signed-in page with the menu
 * arrives with the name, and for an agency its balance in the page's language and the low-balance warning, so the
 * page's script formats nothing at start. Staff get their own name and no money anywhere in the HTML (not even in
 * the data the page carries); text typed by an agency stays text; signed-out pages carry nothing.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, cookieHeader, createAdmin, createAgent, createGroup, createUser, signIn } from "./fixtures";

let agentCookie: string;
let lowCookie: string;
let staffCookie: string;
let adminCookie: string;

beforeAll(async () => {
  const agent = await createAgent({ groupId: await createGroup(), balance: 123_456 });
  // Typed by the agency on its profile: must arrive as text.
  await env.DB.prepare("UPDATE agents SET name = ? WHERE id = ?").bind("Tigris <img src=x onerror=alert(1)> & Co", agent.id).run();
  agentCookie = cookieHeader((await signIn("Agent", agent.email)).cookies);
  staffCookie = cookieHeader((await signIn("Agent", (await createUser(agent.id)).email)).cookies);

  const lowGroup = await createGroup();
  await env.DB.prepare("UPDATE groups SET low_balance_threshold = 50000 WHERE id = ?").bind(lowGroup).run();
  lowCookie = cookieHeader((await signIn("Agent", (await createAgent({ groupId: lowGroup, balance: 49_999 })).email)).cookies);
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
});

async function page(path: string, cookie = ""): Promise<string> {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The opening tag of the first element carrying `attribute` (and its text up to the next tag). */
function part(html: string, attribute: string): { tag: string; text: string } {
  const escaped = attribute.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`(<[^>]*\\s${escaped}(?=[\\s>=])[^>]*>)([^<]*)`).exec(html);
  expect(match, attribute).not.toBeNull();
  return { tag: match![1]!, text: match![2]! };
}
const hidden = (tag: string) => /\shidden(?=[\s>=])/.test(tag);
const accountData = (html: string) => {
  const match = /<script type="application\/json" id="account-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
};

describe("the header drawn for an agency", () => {
  it("has the name, the email and the balance in the HTML, marked drawn, with the session it came from", async () => {
    const html = await page("/en/visa/", agentCookie);
    expect(part(html, "data-account").tag).toContain("data-edge-filled");
    const name = part(html, 'data-account-name="optional"');
    expect(hidden(name.tag)).toBe(false);
    expect(name.text).toBe("Tigris &lt;img src=x onerror=alert(1)&gt; &amp; Co");
    expect(html).not.toContain("<img src=x");
    expect(hidden(part(html, 'data-testid="account-balance"').tag)).toBe(false);
    expect(html).toMatch(/<bdi data-amount>\$1,234\.56<\/bdi>/);
    expect(html).toMatch(/<bdi class="font-semibold" data-amount>\$1,234\.56<\/bdi>/);
    // Over its threshold (no threshold here): no warning.
    expect(hidden(part(html, "data-low-balance").tag)).toBe(true);
    const data = accountData(html);
    expect(data).toMatchObject({ kind: "Agent", agent: { name: "Tigris <img src=x onerror=alert(1)> & Co", balance: 123_456, currency: "USD" } });
    // The answer of auth/session, never the tokens.
    expect(JSON.stringify(data)).not.toMatch(/token/i);
    // "<" never appears raw inside the data element.
    expect(/id="account-data">([\s\S]*?)<\/script>/.exec(html)![1]).not.toContain("<");
  });

  it("writes the balance the Arabic way on an Arabic page, and the Kurdish way on a Kurdish one", async () => {
    expect(await page("/ar/", agentCookie)).toMatch(/<bdi data-amount>[^<]*١٬٢٣٤٫٥٦[^<]*<\/bdi>/);
    expect(await page("/ku/transactions/", agentCookie)).toMatch(/<bdi data-amount>[^<]*١٬٢٣٤٫٥٦[^<]*<\/bdi>/);
  });

  it("shows the warning under the group's low-balance threshold", async () => {
    const html = await page("/en/", lowCookie);
    expect(hidden(part(html, "data-low-balance").tag)).toBe(false);
    expect(html).toMatch(/<bdi data-amount>\$499\.99<\/bdi>/);
  });
});

describe("the header drawn for staff and admins", () => {
  it("staff: their own name, and no money in the HTML or in the data the page carries", async () => {
    const html = await page("/en/visa/", staffCookie);
    expect(part(html, "data-account").tag).toContain("data-edge-filled");
    expect(part(html, 'data-account-name="optional"').text).toBe("Test Staff");
    expect(html).not.toContain("data-account-balance");
    expect(html).not.toContain("data-low-balance");
    const data = accountData(html);
    expect(data?.kind).toBe("User");
    expect(JSON.stringify(data)).not.toMatch(/"balance"|"currency"|lowBalanceThreshold/);
  });

  it("admins: their name on the admin pages", async () => {
    const html = await page("/en/admin/", adminCookie);
    expect(part(html, "data-account").tag).toContain("data-edge-filled");
    expect(part(html, 'data-account-name="optional"').text).toBe("Test Admin");
    expect(accountData(html)?.kind).toBe("Admin");
  });
});

describe("pages without a signed-in viewer", () => {
  it("carry no account and draw nothing", async () => {
    for (const path of ["/en/login/", "/ar/register/"]) {
      const html = await page(path);
      expect(accountData(html), path).toBeNull();
      expect(html, path).not.toContain("data-account");
    }
  });

  it("a sign-in page opened while signed in carries no account either (the menu is not on it)", async () => {
    const response = await SELF.fetch(`${BASE}/en/login/`, { headers: { Cookie: agentCookie }, redirect: "manual" });
    if (response.status === 200) expect(accountData(await response.text())).toBeNull();
    else expect(response.status).toBe(302);
  });
});
