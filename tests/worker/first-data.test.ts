/**
 * Issue 9: the edge writes a page's first API answers into the page (functions/edge/first-data.ts), for the viewer
 * who asks and exactly as the API would answer them; the home page's banner carousel is drawn by the edge.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, cookieHeader, createAgent, createGroup, createUser, signIn } from "./fixtures";
import { adminToken, expectStatus, localized, multipart, newCountry, newVisa, pngFile } from "./catalogue-fixtures";
import { forgetThemeStyle } from "../../functions/services/themes";

let admin: string;
let visaId: string;
let agentCookie: string;
let agentToken: string;
let staffCookie: string;

beforeAll(async () => {
  admin = await adminToken();
  const country = await newCountry(admin);
  const visa = await newVisa(admin, country._id, {
    title: localized("Visa </script><script>alert(1)</script> <!-- \u2028 end"),
    price: 12_345,
  });
  visaId = visa._id;
  const agent = await createAgent({ groupId: await createGroup() });
  const agentSession = await signIn("Agent", agent.email);
  agentCookie = cookieHeader(agentSession.cookies);
  agentToken = agentSession.token;
  const staff = await createUser(agent.id);
  staffCookie = cookieHeader((await signIn("Agent", staff.email)).cookies);
});

const page = async (path: string, cookie: string) => {
  const response = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
};
const FIRST_DATA = /<script type="application\/json" id="first-data">([^<]*)<\/script>/;
const firstDataOf = (html: string) => {
  const match = FIRST_DATA.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, any>) : null;
};

describe("first data in the page", () => {
  it("a visa's page carries the agent's own answer of visa/one, equal to the API's", async () => {
    const html = await page(`/en/visa/${visaId}/details/`, agentCookie);
    const data = firstDataOf(html);
    const api = await expectStatus(await call("GET", `/visa/one/${visaId}`, { token: agentToken }), 200);
    expect(data).toEqual({ [`/visa/one/${visaId}`]: api });
    expect(data![`/visa/one/${visaId}`].price).toBe(12_345);
  });

  it("text typed by an admin cannot end the data element or start a script", async () => {
    const html = await page(`/ar/visa/${visaId}/details/`, agentCookie);
    expect(html).not.toContain("</script><script>alert(1)");
    expect(html).not.toContain("<!-- \u2028");
    expect(firstDataOf(html)![`/visa/one/${visaId}`].title.en).toBe("Visa </script><script>alert(1)</script> <!-- \u2028 end");
  });

  it("the visa's lead (title, country, summary, picture) is written into the page as text, not markup", async () => {
    const html = await page(`/en/visa/${visaId}/details/`, agentCookie);
    const lead = /<article[^>]*data-visa-lead[^>]*>[\s\S]*?<\/article>/.exec(html)?.[0] ?? "";
    expect(lead).not.toMatch(/<article[^>]*\shidden/);
    expect(lead).toContain('data-lead="title">Visa &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- \u2028 end</h2>');
    expect(lead).toMatch(/data-lead="country">Country \d+<\/p>/);
    // No picture: the placeholder with the country's code shows, the <img> stays hidden.
    expect(lead).toMatch(/<img data-lead="image" hidden/);
    expect(lead).toMatch(/data-lead="code"[^>]*>[A-Z]{2}<\/span>/);
  });

  it("a visa the API does not know is the 404 page and carries no first data (issue 27)", async () => {
    const response = await SELF.fetch(`${BASE}/en/visa/0193a000-0000-7000-8000-00000000dead/details/`, { headers: { Cookie: agentCookie }, redirect: "manual" });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(firstDataOf(html)).toBeNull();
    expect(html).not.toContain('id="first-data"');
    expect(html).not.toContain("data-visa-lead");
  });

  it("a staff user's page holds no price, as the API answers staff", async () => {
    const data = firstDataOf(await page(`/ku/visa/${visaId}/details/`, staffCookie));
    expect(data![`/visa/one/${visaId}`]).toBeDefined();
    expect(data![`/visa/one/${visaId}`]).not.toHaveProperty("price");
  });

  it("pages that name no first data carry none", async () => {
    expect(firstDataOf(await page("/en/visa/", agentCookie))).toBeNull();
  });
});

describe("the home page's carousel, drawn by the edge", () => {
  const activeTheme = async () => (await expectStatus(await call("GET", "/theme/all?active=true", { token: admin }), 200)).data[0];
  const carousel = (html: string) => /<section[^>]*data-home-banners[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

  it("draws every banner, fetches only the first picture with the page and preloads it from <head>", async () => {
    let theme = await activeTheme();
    const missing = Math.max(0, 2 - theme.banners.length);
    if (missing) {
      const banners = Array.from({ length: missing }, (_, i) => pngFile(`banner-${i}.png`));
      theme = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: "{}", banner: banners }), 200);
    }
    // An admin's caption is text, never markup, in every attribute and element it lands in.
    const hostile = 'Summer <img src=x onerror=alert(1)> "offers"';
    const banners = theme.banners.map((b: any, i: number) => ({ key: b.key, title: localized(i === 0 ? hostile : `Banner ${i}`), link: i === 0 ? "/visa" : "" }));
    theme = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: JSON.stringify({ banners }) }), 200);
    forgetThemeStyle();

    const home = await page("/en/", agentCookie);
    const preload = /<head>[\s\S]*<link rel="preload" as="image" href="([^"]+)" fetchpriority="high" data-banner-preload>[\s\S]*<\/head>/.exec(home);
    expect(preload?.[1]).toBe(theme.banners[0].url);
    const section = carousel(home);
    expect(section).toContain('data-state="ready"');
    expect(section).not.toContain("aria-busy");
    expect(section).not.toContain('data-part="skeleton"');
    // One slide per banner; the first picture is fetched with the page, the others only once it has loaded.
    expect(section.match(/data-testid="banner"/g)).toHaveLength(theme.banners.length);
    expect(section).toContain(`<img src="${theme.banners[0].url}"`);
    for (const banner of theme.banners.slice(1)) {
      expect(section).toContain(`data-src="${banner.url}"`);
      expect(section).not.toContain(` src="${banner.url}"`);
    }
    // Slides other than the first are hidden from assistive technology; the link stays in the page's language.
    expect(section.match(/aria-hidden="true" data-testid="banner"/g)).toHaveLength(theme.banners.length - 1);
    expect(section).toContain('href="/en/visa"');
    // Controls and one dot per banner, the first one current.
    expect(section).not.toMatch(/data-part="(previous|next|dots|track)"[^>]*hidden/);
    expect(section.match(/aria-label="Show slide \d+"/g)).toHaveLength(theme.banners.length);
    expect(section.match(/aria-current="true"/g)).toHaveLength(1);
    // The caption is escaped text.
    expect(section).not.toContain("<img src=x");
    expect(section).toContain("Summer &lt;img src=x onerror=alert(1)&gt; &quot;offers&quot;");
    // Only the home page has it.
    expect(await page("/en/visa/", agentCookie)).not.toContain("data-banner-preload");
  });

  it("in Arabic, names and numbers are the page's", async () => {
    forgetThemeStyle();
    const section = carousel(await page("/ar/", agentCookie));
    expect(section).toContain('data-state="ready"');
    expect(section).toMatch(/aria-label="[^"]*١[^"]*٢/);
    expect(section).toContain('aria-label="عرض الشريحة ١"');
    expect(section).not.toContain("1 من");
  });

  it("a theme without banners shows the welcome panel, no preload, no empty controls", async () => {
    const theme = await activeTheme();
    await env.DB.prepare("DELETE FROM theme_banners WHERE theme_id = ?").bind(theme._id).run();
    forgetThemeStyle();
    const home = await page("/en/", agentCookie);
    expect(home).not.toContain("data-banner-preload");
    const section = carousel(home);
    expect(section).toContain('data-state="empty"');
    expect(section).not.toMatch(/data-testid="banners-empty"[^>]*hidden|hidden[^>]*data-testid="banners-empty"/);
    expect(section).toMatch(/data-part="track"[^>]*hidden/);
    expect(section).toMatch(/data-part="next"[^>]*hidden/);
    expect(section).not.toContain('data-testid="banner"');
  });
});
