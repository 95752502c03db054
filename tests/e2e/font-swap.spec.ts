/**
 * Issue 32: until Vazirmatn arrives, Arabic and Kurdish pages are painted in the local Noto Arabic face sized to it
 * (src/styles/fonts.generated.css); the font is not preloaded (issue 32), so a cold view paints in the fallback first.
 * On pages full of data (signed in), the font is held back: screenshots before and after the swap
 * (test-results/screens-32/), every heading in view in the same place, no layout shift (CLS < 0.01).
 *
 * The Arabic home page at 412 px was a known defect: its introduction is one line in Vazirmatn and took two in the
 * fallback (0.4 px over: the fallback was sized over Arabic and Kurdish texts at once, 1.3 % wide on Arabic), and the
 * swap moved everything below it (0.059). The fallbacks are now sized per language (scripts/fonts.mjs).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { HAS_VAZIRMATN, signInAs } from "./helpers";

const SCREENS = "test-results/screens-32";

const PAGES = [
  { path: "/ar/visa/", name: "ar-visa" },
  { path: "/ku/visa/", name: "ku-visa" },
  { path: "/ar/", name: "ar-home" },
  { path: "/ku/", name: "ku-home" },
  { path: "/ar/requests/", name: "ar-requests" },
  { path: "/ku/translation/requests/", name: "ku-translation-requests" },
  { path: "/ar/news/", name: "ar-news" },
];

for (const { path, name } of PAGES) {
  test(`${path}: painted before the font arrives, and the swap moves nothing (CLS < 0.01)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await signInAs(context, "agent");
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) w.__shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.woff2", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await expect(page.locator("h1").first()).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(HAS_VAZIRMATN), "the font is still on its way").toBe(false);
    // The page's pictures and drawn parts settle first (the font is asked for only after the load event): only the swap may move
    // things after this.
    await page.waitForFunction(() =>
      [...document.images]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.width > 0 && box.top < innerHeight && box.bottom > 0 && box.left < innerWidth && box.right > 0;
        })
        .every((image) => image.complete),
    );
    await page.waitForTimeout(1_000);
    const shiftBefore = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    const headings = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("main h1, main h2, main h3")]
          .map((h) => h.getBoundingClientRect())
          .filter((box) => box.top < innerHeight)
          .map((box) => ({ top: Math.round(box.top), height: Math.round(box.height) })),
      );
    const fallback = await headings();
    // The browser's own capture (Playwright's screenshot would wait for the fonts).
    const cdp = await context.newCDPSession(page);
    const shot = async (file: string) => writeFileSync(`${SCREENS}/${file}`, Buffer.from((await cdp.send("Page.captureScreenshot", { format: "png" })).data, "base64"));
    mkdirSync(SCREENS, { recursive: true });
    await shot(`${name}-before-swap.png`);
    release();
    await page.waitForFunction(HAS_VAZIRMATN);
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))));
    await page.waitForTimeout(300);
    await shot(`${name}-after-swap.png`);
    const shift = (await page.evaluate(() => (window as unknown as { __shift: number }).__shift)) - shiftBefore;
    console.log(`${path}: layout shift at the swap ${shift.toFixed(4)} (before it ${shiftBefore.toFixed(4)})`);
    expect(fallback.length).toBeGreaterThan(0);
    expect(await headings(), "every heading in view keeps its place and height at the swap").toEqual(fallback);
    expect(shift, "layout shift at the font swap").toBeLessThan(0.01);
    await context.close();
  });
}
