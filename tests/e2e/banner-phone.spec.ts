/**
 * Issue 9: a phone fetches a home banner's phone copy (800 px WebP, made in the admin's browser at upload), not the
 * full picture, which is the home page's largest paint there; a wide screen still gets the picture. The admin's
 * upload makes the copy in this real browser (canvas → WebP) and sends it right after the banner.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { signInAs } from "./helpers";

/** The demo's first banner and its copy (scripts/demo/catalogue.mjs). */
const PICTURE = "/api/files/theme/0193a000-0000-7000-8000-00000000f201.png";
const COPY = "/api/files/theme/0193a000-0000-7000-8000-00000000f301.webp";

async function firstBanner(page: Page) {
  const image = page.getByTestId("banner").first().locator("img");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  // The file's own width (naturalWidth follows the srcset's descriptors and sizes, not the file).
  return image.evaluate(async (img: HTMLImageElement) => {
    const bitmap = await createImageBitmap(await (await fetch(img.currentSrc)).blob());
    return { src: new URL(img.currentSrc).pathname, width: bitmap.width };
  });
}

test("a phone fetches the first banner's phone copy and never the full picture", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await signInAs(context, "agent");
  const page = await context.newPage();
  const fetched: string[] = [];
  // What the page fetches for pictures (the test's own read of the shown file is a fetch, left out).
  page.on("request", (request) => void (request.resourceType() !== "fetch" && fetched.push(new URL(request.url()).pathname)));
  await page.goto("/en/");
  expect(await firstBanner(page)).toEqual({ src: COPY, width: 800 });
  // Every slide's pictures come once the page has loaded: the phone takes the copies there too.
  await page.waitForLoadState("load");
  await page.waitForTimeout(500);
  expect(fetched).toContain(COPY);
  expect(fetched, "the full picture is not fetched on a phone").not.toContain(PICTURE);
  expect(fetched.filter((path) => path === COPY), "the preload and the picture are one fetch").toHaveLength(1);
  await context.close();
});

test("a wide screen gets the full picture", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signInAs(context, "agent");
  const page = await context.newPage();
  await page.goto("/en/");
  expect(await firstBanner(page)).toEqual({ src: PICTURE, width: 960 });
  await context.close();
});

test("an admin's banner upload makes the phone copy in the browser and sends it after the banner", async ({ browser }) => {
  const context = await browser.newContext();
  await signInAs(context, "admin");
  const page = await context.newPage();
  // The upload itself is stopped here (the worker tests store and serve copies): a new banner on the active theme
  // would show on the home page of every test running alongside.
  let sent: { type: string; body: Buffer } | null = null;
  await page.route(/\/api\/theme\/[^/]+$/, async (route) => {
    if (route.request().method() !== "PATCH") return route.continue();
    sent = { type: route.request().headers()["content-type"]!, body: route.request().postDataBuffer()! };
    await route.abort();
  });
  await page.goto("/en/admin/theme/");
  await expect(page.getByTestId("theme-banner-upload-input")).toBeAttached({ timeout: 15_000 });
  const findings = (await new AxeBuilder({ page }).analyze()).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(findings.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), "axe on the theme page").toEqual([]);
  const picture = Buffer.from(await (await context.request.get(`${BASE_URL}${PICTURE}`)).body());
  await page.getByTestId("theme-banner-upload-input").setInputFiles({ name: "sunrise.png", mimeType: "image/png", buffer: picture });
  await expect.poll(() => sent !== null, { timeout: 15_000 }).toBe(true);
  const form = await new Response(new Uint8Array(sent!.body), { headers: { "Content-Type": sent!.type } }).formData();
  expect([...form.keys()]).toEqual(["data", "banner", "bannerPhone"]);
  const banner = form.get("banner") as File;
  const copy = form.get("bannerPhone") as File;
  expect(banner.size).toBe(picture.length);
  expect(copy.type).toBe("image/webp");
  expect(copy.name).toBe("sunrise-phone.webp");
  expect(copy.size).toBeLessThan(banner.size / 2);
  // It is a real WebP, 800 × 267 (the picture's 3 : 1), as the browser decodes it.
  const size = await page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: "image/webp" }));
    return [bitmap.width, bitmap.height];
  }, Buffer.from(await copy.arrayBuffer()).toString("base64"));
  expect(size).toEqual([800, 267]);
  await context.close();
});
