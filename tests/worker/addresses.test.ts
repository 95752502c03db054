/**
 * Issue 27 item 5, addresses that behave: a well-formed id the viewer cannot read answers 404 with the not-found page
 * (spec §2 route validation), not a 200 page saying "not found"; page addresses without a language go to the
 * visitor's language as "/" does; a signed-out visitor on any admin address lands on the admin sign-in.
 */
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, cookieHeader, createAdmin, createAgent, createGroup, signIn } from "./fixtures";
import { fileOk, topUp, world, type World } from "./requests-fixtures";

const get = (path: string, cookie = "", headers: Record<string, string> = {}) =>
  SELF.fetch(`${BASE}${path}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers }, redirect: "manual" });

const UNKNOWN = "0193a000-0000-7000-8000-00000000dead";

let w: World;
let agent: { id: string; cookie: string; token: string };
let other: { cookie: string };
let adminCookie: string;
let mine: Record<string, any>;

async function signedInAgency(groupId: string) {
  const created = await createAgent({ groupId });
  const session = await signIn("Agent", created.email);
  await topUp(w.admin, created.id, 1_000_000);
  return { id: created.id, token: session.token, cookie: cookieHeader(session.cookies) };
}

beforeAll(async () => {
  w = await world();
  const group = await createGroup();
  agent = await signedInAgency(group);
  other = await signedInAgency(group);
  adminCookie = cookieHeader((await signIn("Admin", (await createAdmin()).email)).cookies);
  mine = await fileOk(w, agent.token);
}, 60_000);

async function expectNotFoundPage(path: string, cookie: string) {
  const response = await get(path, cookie);
  expect(response.status, path).toBe(404);
  const html = await response.text();
  expect(html, path).toContain(`Page not found: ${path}`);
  expect(html, path).not.toContain("data-edge-view");
}

describe("unknown ids answer 404 with the not-found page", { timeout: 60_000 }, () => {
  it("on the agency's visa and request pages, for unknown ids, odd ones and another agency's request", async () => {
    for (const path of [
      "/en/visa/nonexistent123/details/", `/en/visa/${UNKNOWN}/details/`, `/en/visa/${UNKNOWN}/request/`,
      `/en/requests/${UNKNOWN}/`, "/en/requests/abc/",
    ]) await expectNotFoundPage(path, agent.cookie);
    // Another agency's request is unknown to this one, as the API says (never "it exists, but not for you").
    await expectNotFoundPage(`/en/requests/${mine._id}/`, other.cookie);
    const ar = await get(`/ar/visa/${UNKNOWN}/details/`, agent.cookie);
    expect(ar.status).toBe(404);
    expect(await ar.text()).toContain(`الصفحة غير موجودة: \u2066/ar/visa/${UNKNOWN}/details/\u2069`);
  });

  it("on the admin's agency and request pages", async () => {
    await expectNotFoundPage(`/en/admin/${UNKNOWN}/agent/`, adminCookie);
    await expectNotFoundPage(`/en/admin/requests/${UNKNOWN}/`, adminCookie);
  });

  it("known records still answer 200", async () => {
    for (const [path, cookie] of [
      [`/en/visa/${w.visa._id}/details/`, agent.cookie], [`/en/visa/${w.visa._id}/request/`, agent.cookie], [`/en/requests/${mine._id}/`, agent.cookie],
      [`/en/admin/${agent.id}/agent/`, adminCookie], [`/en/admin/requests/${mine._id}/`, adminCookie],
    ] as const) expect((await get(path, cookie)).status, path).toBe(200);
  });
});

describe("page addresses without a language", () => {
  it("go to the visitor's language (cookie, then Accept-Language, then en), keeping the path and the query", async () => {
    const where = async (path: string, cookie = "", language?: string) => {
      const response = await get(path, cookie, language ? { "Accept-Language": language } : {});
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Vary"), path).toContain("Accept-Language");
      return response.headers.get("Location");
    };
    expect(await where("/login")).toBe("/en/login/");
    expect(await where("/login/", "", "ar-IQ,en;q=0.5")).toBe("/ar/login/");
    expect(await where("/admin", "i18n_locale=ku", "ar")).toBe("/ku/admin/");
    expect(await where("/admin/login", "", "ckb")).toBe("/ku/admin/login/");
    expect(await where("/visa")).toBe("/en/visa/");
    expect(await where(`/visa/${UNKNOWN}/details?from=mail`, "", "ar")).toBe(`/ar/visa/${UNKNOWN}/details/?from=mail`);
    expect(await where("/transactions-old")).toBe("/en/transactions-old/");
    expect(await where("/admin/translation/languages")).toBe("/en/admin/translation/languages/");
  });

  it("anything else without a language is still the 404 page (assets included)", async () => {
    for (const path of ["/nowhere", "/visa/a/b/c", "/_astro/missing.js", "/admin/nowhere"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await SELF.fetch(`${BASE}/login`, { method: "POST", redirect: "manual" })).status).toBe(404);
  });
});

describe("a signed-out visitor on an admin address", () => {
  it("lands on the admin sign-in of the address's language, with the way back", async () => {
    for (const [path, login] of [
      ["/en/admin/visa-list/", "/en/admin/login/"], ["/ar/admin/", "/ar/admin/login/"], [`/ku/admin/${UNKNOWN}/agent/`, "/ku/admin/login/"],
    ]) {
      const response = await get(path!);
      expect(response.status, path).toBe(302);
      const location = new URL(response.headers.get("Location")!, BASE);
      expect(location.pathname, path).toBe(login);
      expect(location.searchParams.get("next"), path).toBe(path!.replace(/\/$/, "/"));
    }
    // An agency page still goes to the agency sign-in.
    expect(new URL((await get("/en/visa/")).headers.get("Location")!, BASE).pathname).toBe("/en/login/");
  });

  it("and from an address without a language, in two steps: its language, then the admin sign-in", async () => {
    const first = await get("/admin/visa-list", "", { "Accept-Language": "ar" });
    expect(first.headers.get("Location")).toBe("/ar/admin/visa-list/");
    const second = await get("/ar/admin/visa-list/");
    expect(new URL(second.headers.get("Location")!, BASE).pathname).toBe("/ar/admin/login/");
  });
});
