/**
 * Issue 32: the admin's request page (/admin/requests/{id}) is drawn by the edge (src/admin/edge-pages.ts,
 * RequestDetailView), no longer hydrated at load: the request, its applicant, documents, history and the moves the API
 * allows (plain buttons the island takes over), and the office's side of the thread as a view of its own. In Arabic:
 * Arabic words and Arabic-Indic digits, dates in the reader's zone. Admins see every agency's request; an agency never
 * gets the office's page; odd ids answer the 404 page, never a 500.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../src/shared/format";
import { BASE, call, cookieHeader, createAdmin, createAgent, createGroup, signIn } from "./fixtures";
import { expectStatus } from "./catalogue-fixtures";
import { fileOk, topUp, world, type World } from "./requests-fixtures";

let w: World;
let adminCookie: string;
let agencyCookie: string;
let mine: Record<string, any>;
let theirs: Record<string, any>;

async function signedInAgency(groupId: string) {
  const agent = await createAgent({ groupId });
  const session = await signIn("Agent", agent.email);
  await topUp(w.admin, agent.id, 1_000_000);
  return { token: session.token, cookie: cookieHeader(session.cookies) };
}

beforeAll(async () => {
  // The visa's title is text an admin typed: it must stay text in the drawn page.
  w = await world({ title: { en: "Tourist <script>alert(1)</script>", ar: "تأشيرة سياحية", ku: "ڤیزای گەشتیاری" } });
  const group = await createGroup();
  const agency = await signedInAgency(group);
  const other = await signedInAgency(group);
  agencyCookie = agency.cookie;
  mine = await fileOk(w, agency.token);
  theirs = await fileOk(w, other.token);
  // The agency writes to the office: the drawn thread shows it, unread.
  await expectStatus(await call("POST", `/requests/${mine._id}/messages`, { token: agency.token, body: { body: "Hotel booking <b>attached</b>" } }), 201);
  // A move with a reason: the history has two entries, the reason is drawn as text.
  await expectStatus(await call("PATCH", `/requests/${theirs._id}`, { token: w.admin, body: { status: "DocumentNeeded", reason: "Scan <i>unreadable</i>", missingDocuments: [w.passportReq] } }), 200);
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
}, 60_000);

const fetchPage = (path: string, cookie: string) => SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
const page = async (path: string, cookie = adminCookie) => {
  const response = await fetchPage(path, cookie);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** What the edge drew into the view `name` (null: not drawn), up to the next view or the page's script. */
const drawn = (html: string, name: string) => {
  const open = new RegExp(`<div([^>]*)data-edge-view="${name}"([^>]*)>`).exec(html);
  const attributes = open ? `${open[1]} ${open[2]}` : "";
  if (!open || !attributes.includes("data-edge-filled")) return null;
  const rest = html.slice(open.index + open[0].length);
  const end = rest.search(/<div[^>]*data-edge-view=|<script/);
  return { attributes, html: end < 0 ? rest : rest.slice(0, end) };
};

/** The text a reader sees (tags and React's text separators out). */
const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");

// The first page an isolate draws loads the admin views and the renderer: seconds on a busy shared host.
describe("/admin/requests/{id} drawn by the edge", { timeout: 30_000 }, () => {
  it("carries the request, the applicant, the documents, the history and the moves as plain buttons; no skeleton", async () => {
    const html = await page(`/en/admin/requests/${mine._id}/`);
    const view = drawn(html, "admin-request");
    expect(view, "the request is in the HTML").not.toBeNull();
    expect(view!.attributes).toContain("data-edge-interactive");
    expect(view!.attributes).toContain("data-edge-time-zone=");
    expect(view!.html).toContain('data-testid="request-detail" data-status="Requested"');
    expect(view!.html).toContain(mine.reference);
    expect(view!.html).toContain("Ahmed Ali");
    expect(view!.html).toContain("A1234567");
    expect(view!.html.match(/data-testid="document"/g)).toHaveLength(2);
    expect(view!.html).toContain('data-testid="history"');
    expect(view!.html).toContain('data-testid="results-none"');
    expect(view!.html).toContain(`href="/en/print/?kind=visa&amp;id=${mine._id}"`);
    // Exactly the admin's moves from Requested, each a button that is not a submit (a press is replayed on the island's).
    const moves = [...view!.html.matchAll(/<button[^>]*data-testid="move-(\w+)"/g)].map((m) => m[1]).sort();
    expect(moves).toEqual(["Canceled", "CorrectionNeeded", "DocumentNeeded", "InProcess", "Paid", "Rejected"]);
    expect(view!.html).not.toMatch(/<button[^>]*type="submit"[^>]*data-testid="move-/);
    expect(view!.html).not.toContain('aria-busy="true"');
    expect(view!.html).toContain("Tourist &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(view!.html).not.toContain("<script>alert(1)");
    // The thread, the office's side: the agency's message as text, counted unread.
    const thread = drawn(html, "admin-request-thread");
    expect(thread, "the thread is in the HTML").not.toBeNull();
    expect(thread!.html).toContain('data-unread="1"');
    expect(thread!.html).toContain("Hotel booking &lt;b&gt;attached&lt;/b&gt;");
  });

  it("in Arabic: Arabic words, Arabic-Indic digits and the dates in the reader's zone", async () => {
    const view = drawn(await page(`/ar/admin/requests/${theirs._id}/`, `${adminCookie}; tz=Asia/Baghdad`), "admin-request")!;
    expect(view.attributes).toContain('data-edge-time-zone="Asia/Baghdad"');
    expect(view.html).toContain('data-status="DocumentNeeded"');
    expect(view.html).toContain("تأشيرة سياحية");
    expect(view.html).toContain("١٠٠٫٠٠");
    expect(view.html).toContain("Scan &lt;i&gt;unreadable&lt;/i&gt;");
    // The filing's moment as a reader in Baghdad reads it, and not as one in Los Angeles would (the day or hour differs).
    const baghdad = formatDate(theirs.createdAt, "ar", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Baghdad" });
    const angeles = formatDate(theirs.createdAt, "ar", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Los_Angeles" });
    expect(baghdad).toMatch(/[٠-٩]/);
    expect(textOf(view.html)).toContain(baghdad);
    expect(textOf(view.html)).not.toContain(angeles);
    const angelesView = drawn(await page(`/ar/admin/requests/${theirs._id}/`, `${adminCookie}; tz=America/Los_Angeles`), "admin-request")!;
    expect(textOf(angelesView.html)).toContain(angeles);
    // No Latin digit a reader sees, but the reference, passport number and file names (left-to-right, as written).
    const seen = textOf(view.html.replace(/<bdi dir="ltr"[^>]*>[^<]*<\/bdi>/g, "").replace(/<span[^>]*data-latin[^>]*>[^<]*<\/span>/g, ""));
    expect(seen.match(/[0-9]/g), seen).toBeNull();
  });

  it("admins see every agency's request; an agency never gets the office's page", async () => {
    for (const request of [mine, theirs]) expect(drawn(await page(`/ku/admin/requests/${request._id}/`), "admin-request")!.html).toContain(request.reference);
    const agency = await fetchPage(`/en/admin/requests/${theirs._id}/`, agencyCookie);
    expect(agency.status).toBeLessThan(500);
    expect(await agency.text()).not.toContain(theirs.reference);
  });

  it("an unknown id, `abc` and markup answer the 404 page, never a 500", async () => {
    const odd = await fetchPage(`/en/admin/requests/%3Cscript%3E/`, adminCookie);
    expect(odd.status).toBeLessThan(500);
    expect(await odd.text()).not.toContain("<script>alert");
    for (const id of ["0123456789abcdef01234567", "abc"]) {
      const response = await fetchPage(`/ar/admin/requests/${id}/`, adminCookie);
      expect(response.status, id).toBe(404);
      const html = await response.text();
      expect(drawn(html, "admin-request"), id).toBeNull();
      expect(html, id).not.toContain('data-testid="request-detail"');
    }
  });
});
