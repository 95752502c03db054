/**
 * Issue 32: /news and /events are drawn by the edge (functions/edge/views/feeds.tsx), no longer an island that brings
 * the list after paint: the address's page of the reader's items (search, read filter, page), newest first, in the
 * page's language with Arabic-Indic digits on /ar/ and /ku/, the pager as links, text typed by people kept as text,
 * another agency's events never shown, odd addresses drawn as the island would read them (never a 500).
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, cookieHeader, createAgent, signIn } from "./fixtures";
import { adminToken, expectStatus, localized } from "./catalogue-fixtures";

const stamp = `feed${Date.now().toString(36)}`;
// Events of this test's own (each news item also tells every agency by an event that carries its title).
const eventStamp = `ev${stamp}`;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  const admin = await adminToken();
  // Twelve news items of this test's own (found by the stamp: other tests add news alongside).
  for (let i = 1; i <= 12; i++) {
    await expectStatus(
      await call("POST", "/news-feed", {
        token: admin,
        body: { title: localized(`${stamp} ${i}`, `${stamp} رقم ${i}`, `${stamp} ژمارە ${i}`), message: localized(`<p>Item ${i}</p>`, `<p>الخبر ${i}</p>`, `<p>هەواڵی ${i}</p>`) },
      }),
      201,
    );
  }
  const agency = await createAgent();
  const other = await createAgent();
  for (const [agentId, title] of [[agency.id, `${eventStamp} office closed <script>x</script>`], [other.id, `${eventStamp} not yours`]] as const) {
    await expectStatus(await call("POST", "/events", { token: admin, body: { audience: "agency", agentId, title: localized(title, `${title} ع`, `${title} ک`), message: localized("Details") } }), 201);
  }
  cookie = cookieHeader((await signIn("Agent", agency.email)).cookies);
  otherCookie = cookieHeader((await signIn("Agent", other.email)).cookies);
});

const page = async (path: string, as = cookie) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: as }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the view `name` (null: not drawn), up to the page's script. */
const drawn = (html: string, name: string) => {
  const open = new RegExp(`<div[^>]*data-edge-view="${name}"([^>]*)>`).exec(html);
  if (!open || !open[0].includes("data-edge-filled")) return null;
  const rest = html.slice(open.index);
  return rest.slice(0, rest.indexOf("<script"));
};

const titles = (view: string, testId: string) =>
  [...view.matchAll(new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</article>`, "g"))].map((m) => m[1]!);

describe("/news drawn by the edge", () => {
  it("carries the address's page of news in Arabic, newest first, with the controls and no skeleton", async () => {
    const view = drawn(await page(`/ar/news/?search=${stamp}`), "all-news");
    expect(view, "the list is drawn").not.toBeNull();
    expect(view).toContain("data-edge-interactive");
    expect(view).not.toContain('aria-busy="true"');
    const items = titles(view!, "all-news-item");
    expect(items).toHaveLength(10);
    expect(items[0]).toContain(`${stamp} رقم 12`);
    expect(items[9]).toContain(`${stamp} رقم 3`);
    // The search as the address says, the controls there to reach for, every item unread with its button.
    expect(view).toMatch(new RegExp(`data-testid="news-search"[^>]*value="${stamp}"|value="${stamp}"[^>]*data-testid="news-search"`));
    expect(view).toContain('data-testid="news-filter"');
    expect(view).toContain('data-testid="news-mark-all"');
    expect(view!.match(/data-testid="news-read-toggle"/g)).toHaveLength(10);
    // Dates and the pager's counts in Arabic-Indic digits; the next page is a link.
    expect(view).toMatch(/<time[^>]*>[^<]*[٠-٩][^<]*<\/time>/);
    expect(view).not.toMatch(/<time[^>]*>[^<]*[0-9][^<]*<\/time>/);
    expect(view).toMatch(/href="\?search=[^"]*&amp;page=2"/);
  });

  it("draws the second page and the read filter from the address, in Kurdish", async () => {
    const second = drawn(await page(`/ku/news/?search=${stamp}&page=2`), "all-news")!;
    const items = titles(second, "all-news-item");
    expect(items).toHaveLength(2);
    expect(items[1]).toContain(`${stamp} ژمارە 1`);
    const read = drawn(await page(`/ku/news/?search=${stamp}&show=read`), "all-news")!;
    expect(read).toContain('data-testid="news-empty"');
    expect(read).toMatch(/<option value="read" selected/);
  });

  it("reads odd addresses as the island does: an unknown filter and a page that is not a number show the first page", async () => {
    const view = drawn(await page(`/en/news/?search=${stamp}&show=maybe&page=-3`), "all-news")!;
    expect(titles(view, "all-news-item")).toHaveLength(10);
  });
});

describe("/events drawn by the edge", () => {
  it("carries the agency's own events, the title typed by people kept as text, and no other agency's", async () => {
    const view = drawn(await page(`/ar/events/?search=${eventStamp}`), "all-events");
    expect(view, "the list is drawn").not.toBeNull();
    const items = titles(view!, "all-events-item");
    expect(items).toHaveLength(1);
    expect(items[0]).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(items[0]).toContain('data-testid="event-read-toggle"');
    expect(view).not.toContain("not yours");
    expect(view).not.toMatch(/<time[^>]*>[^<]*[0-9][^<]*<\/time>/);
    const others = drawn(await page(`/ar/events/?search=${eventStamp}`, otherCookie), "all-events")!;
    expect(others).toContain("not yours");
    expect(others).not.toContain("office closed");
  });
});
