/**
 * Issue 9: a home banner's phone-size copy. The admin's browser makes it at upload (src/admin/theme/phone-copy.ts)
 * and sends it as "bannerPhone" after its banner; the API stores both, answers phoneUrl, and removes both with the
 * banner. The edge offers the pair to the browser (srcset and sizes) and preloads the same pair, so a phone fetches
 * the copy and nothing else. Bad copies are a 400 or 415 that changes nothing.
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, cookieHeader, createAgent, createGroup, signIn } from "./fixtures";
import { adminToken, expectStatus, keyOf, multipart, pngFile, webpFile } from "./catalogue-fixtures";
import { forgetThemeStyle } from "../../functions/services/themes";
import { BANNER_SIZES } from "../../src/shared/banner-markup";

let admin: string;
let agentCookie: string;

beforeAll(async () => {
  admin = await adminToken();
  const agent = await createAgent({ groupId: await createGroup() });
  agentCookie = cookieHeader((await signIn("Agent", agent.email)).cookies);
});

const activeTheme = async () => (await expectStatus(await call("GET", "/theme/all?active=true", { token: admin }), 200)).data[0];
const stored = (url: string) => env.FILES.head(keyOf(url));
const homeOf = async () => {
  forgetThemeStyle();
  const response = await SELF.fetch(`${BASE}/en/`, { headers: { Cookie: agentCookie }, redirect: "manual" });
  expect(response.status).toBe(200);
  return response.text();
};
/** A banner picture of `size` bytes (a PNG's leading bytes, padded). */
const banner = (size = 4_000) => pngFile("wide.png", size);

describe("a banner's phone copy", () => {
  it("is stored with its banner, offered to phones by the edge with the same preload, and removed with it", async () => {
    const theme = await activeTheme();
    // Banners already there go, so the new one is the first slide, the one the page preloads.
    for (const old of theme.banners) await expectStatus(await call("DELETE", `/theme/${theme._id}/${old.key}`, { token: admin }), 200);
    const json = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: "{}", banner: banner(), bannerPhone: webpFile("wide-phone.webp") }), 200);
    expect(json.banners).toHaveLength(1);
    const [first] = json.banners;
    expect(first.url).toMatch(/^\/api\/files\/theme\/[0-9a-f-]{36}\.png$/);
    expect(first.phoneUrl).toMatch(/^\/api\/files\/theme\/[0-9a-f-]{36}\.webp$/);
    const copy = await SELF.fetch(`${BASE}${first.phoneUrl}`);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("Content-Type")).toBe("image/webp");
    expect(copy.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");

    const html = await homeOf();
    const srcset = `${first.phoneUrl} 800w, ${first.url} 960w`;
    const head = /<head>[\s\S]*<\/head>/.exec(html)![0];
    expect(head).toContain(`<link rel="preload" as="image" href="${first.url}" imagesrcset="${srcset}" imagesizes="${BANNER_SIZES}" fetchpriority="high" data-banner-preload>`);
    const section = /<section[^>]*data-home-banners[\s\S]*?<\/section>/.exec(html)![0];
    const image = /<img[^>]*>/.exec(section)![0];
    expect(image).toContain(`src="${first.url}"`);
    expect(image).toContain(`srcset="${srcset}"`);
    expect(image).toContain(`sizes="${BANNER_SIZES}"`);

    // A second banner without a copy: the picture alone, and its copy-less slide waits for the page (data-src only).
    const two = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: "{}", banner: banner() }), 200);
    const second = two.banners[1];
    expect(second).not.toHaveProperty("phoneUrl");
    const again = await homeOf();
    expect(again).toContain(`data-src="${second.url}"`);
    expect(again).not.toContain(`data-srcset="${second.url}`);

    // Removing the banner removes both objects.
    await expectStatus(await call("DELETE", `/theme/${theme._id}/${first.key}`, { token: admin }), 200);
    expect(await stored(first.url)).toBeNull();
    expect(await stored(first.phoneUrl)).toBeNull();
    const last = await homeOf();
    expect(last).not.toContain("imagesrcset");
    expect(last).toContain(`<link rel="preload" as="image" href="${second.url}" fetchpriority="high" data-banner-preload>`);
  });

  it("the slides after the first keep their copy for later (data-srcset), not fetched with the page", async () => {
    const theme = await activeTheme();
    const json = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: "{}", banner: banner(), bannerPhone: webpFile() }), 200);
    const added = json.banners.at(-1);
    expect(json.banners.length).toBeGreaterThan(1);
    const html = await homeOf();
    expect(html).toContain(`data-srcset="${added.phoneUrl} 800w, ${added.url} 960w"`);
    expect(html).not.toContain(` srcset="${added.phoneUrl}`);
  });

  it("a copy that does not pair with its banners, is larger than its banner or is no image changes nothing", async () => {
    const theme = await activeTheme();
    const count = (await R2Count()) as number;
    const copies: { parts: Record<string, File | File[]>; status: number }[] = [
      { parts: { banner: [banner(), banner()], bannerPhone: webpFile() }, status: 400 },
      { parts: { bannerPhone: webpFile() }, status: 400 },
      { parts: { banner: banner(20), bannerPhone: pngFile("big.png", 4_000) }, status: 400 },
      { parts: { banner: banner(), bannerPhone: new File(["<svg onload=alert(1)>"], "x.webp", { type: "image/webp" }) }, status: 415 },
    ];
    for (const { parts, status } of copies) {
      const answer = await expectStatus(await multipart("PATCH", `/theme/${theme._id}`, admin, { data: "{}", ...parts }), status);
      if (status === 400) expect(answer.message).toEqual(["bannerPhone: Send one phone copy per banner, no larger than the banner itself."]);
    }
    const after = await expectStatus(await call("GET", `/theme/${theme._id}`, { token: admin }), 200);
    expect(after.banners).toEqual(theme.banners);
    expect(await R2Count()).toBe(count);
  });
});

async function R2Count(): Promise<number> {
  let total = 0;
  let cursor: string | undefined;
  do {
    const page = await env.FILES.list({ prefix: "theme/", cursor });
    total += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return total;
}
