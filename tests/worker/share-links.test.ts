/**
 * The traveller's status link (issue 29 item 3) as an agency, a traveller and a guesser would try it: made by the
 * agency, opened without an account in the traveller's language, never showing money, documents or the passport
 * number, dead when revoked and 30 days after the request closed, and guessing refused after 20 misses.
 */
import { SELF, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { adminToken, expectStatus, localized, newCountry, newVisa, staffOf } from "./catalogue-fixtures";
import { BASE, call, createAgent, createGroup, freshIp, signIn } from "./fixtures";
import { APPLICANT } from "./requests-fixtures";

let admin: string;
let visaId: string;

beforeAll(async () => {
  admin = await adminToken();
  const country = await newCountry(admin, { name: localized("Share land", "أرض المشاركة", "وڵاتی هاوبەش") });
  visaId = (await newVisa(admin, country._id, {
    title: localized("Tourist visa", "تأشيرة سياحية", "ڤیزای گەشتیاری"), price: 12_345, fields: Object.keys(APPLICANT), requirementIds: [],
  }))._id;
});

async function filed() {
  const agent = await createAgent({ groupId: await createGroup() });
  await expectStatus(await call("POST", `/transactions/update-balance/${agent.id}`, { token: admin, body: { operation: "ADD", amount: 100_000, note: "Opening" } }), 201);
  const token = (await signIn("Agent", agent.email)).token;
  const request = await expectStatus(await call("POST", "/requests", { token, body: { visaId, fields: { ...APPLICANT, FullName: "Rezan Ahmed Karim" }, documents: [] } }), 201);
  return { agentId: agent.id, token, id: request._id as string };
}
const open = (url: string, ip = freshIp()) => SELF.fetch(url.startsWith("http") ? url : `${BASE}${url}`, { headers: { "CF-Connecting-IP": ip } });

describe("the traveller's status link", () => {
  it("opens signed out in the traveller's language with the first name, visa, status, date and agency — and nothing else", async () => {
    const r = await filed();
    const link = await expectStatus(await call("POST", `/requests/${r.id}/share`, { token: r.token, body: { locale: "ku" } }), 201);
    expect(link.url).toMatch(/\/s\/[A-Za-z0-9_-]{22}$/);
    expect(link.expiresAt).toBeNull();
    expect(link.text).toContain("Rezan");
    expect(link.text).toContain(link.url);
    const page = await open(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toContain("noindex");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain('lang="ckb" dir="rtl"');
    expect(html).toContain('name="robots" content="noindex');
    expect(html).toContain("سڵاو Rezan");
    expect(html).toContain("ڤیزای گەشتیاری");
    expect(html).toContain("Test Travel");
    expect(html).not.toContain("Karim");
    expect(html).not.toContain(APPLICANT.PassportNumber);
    expect(html).not.toMatch(/123\.45|12345|١٢٣/);
    expect(html).not.toContain("<script");
    expect(new TextEncoder().encode(html).length).toBeLessThan(15 * 1024);
  });

  it("follows the request: the office's move shows at once", async () => {
    const r = await filed();
    const link = await expectStatus(await call("POST", `/requests/${r.id}/share`, { token: r.token, body: { locale: "en" } }), 201);
    expect(await (await open(link.url)).text()).toMatch(/>Requested</);
    await expectStatus(await call("PATCH", `/requests/${r.id}`, { token: admin, body: { status: "InProcess" } }), 200);
    const after = await (await open(link.url)).text();
    expect(after).toMatch(/>In process</);
    expect(after).not.toMatch(/>Requested</);
  });

  it("dies when revoked and when a new link replaces it; staff may make one; another agency may not", async () => {
    const r = await filed();
    const first = await expectStatus(await call("POST", `/requests/${r.id}/share`, { token: r.token, body: { locale: "ar" } }), 201);
    const staff = await staffOf(r.agentId);
    const second = await expectStatus(await call("POST", `/requests/${r.id}/share`, { token: staff, body: { locale: "ar" } }), 201);
    expect((await open(first.url)).status).toBe(404);
    expect((await open(second.url)).status).toBe(200);
    await expectStatus(await call("DELETE", `/requests/${r.id}/share`, { token: r.token }), 204);
    expect((await open(second.url)).status).toBe(404);
    const other = await createAgent({ groupId: await createGroup() });
    const otherToken = (await signIn("Agent", other.email)).token;
    expect((await call("POST", `/requests/${r.id}/share`, { token: otherToken, body: { locale: "en" } })).status).toBe(404);
    expect((await call("POST", `/requests/${r.id}/share`, { token: admin, body: { locale: "en" } })).status).toBe(403);
    expect((await call("POST", `/requests/${r.id}/share`, { body: { locale: "en" } })).status).toBe(401);
    expect((await call("POST", `/requests/${r.id}/share`, { token: r.token, body: { locale: "fr" } })).status).toBe(400);
  });

  it("expires 30 days after the request closed", async () => {
    const r = await filed();
    const link = await expectStatus(await call("POST", `/requests/${r.id}/share`, { token: r.token, body: { locale: "en" } }), 201);
    await expectStatus(await call("PATCH", `/requests/${r.id}`, { token: r.token, body: { status: "Canceled" } }), 200);
    expect((await open(link.url)).status).toBe(200);
    await env.DB.prepare("UPDATE visa_requests SET updated_at = ? WHERE id = ?").bind(new Date(Date.now() - 31 * 86_400_000).toISOString(), r.id).run();
    expect((await open(link.url)).status).toBe(404);
  });

  it("guessing is refused after 20 misses from one address, for that address only", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await open(`/s/${"A".repeat(21)}${i % 10}`, ip)).status).toBe(404);
    const refused = await open(`/s/${"B".repeat(22)}`, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await open(`/s/${"B".repeat(22)}`)).status).toBe(404);
  });
});
