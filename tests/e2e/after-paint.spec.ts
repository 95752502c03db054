/**
 * Issue 9: the edge draws every first view, so a page's scripts start once its largest element has been painted
 * (src/lib/after-paint.ts): on a slow link they do not share the bandwidth with the home page's first banner. A reader
 * who touches the page first does not wait for that, and neither does anyone after a few seconds.
 */
import { expect, test, type Page } from "@playwright/test";
import { agentPage } from "./edge-helpers";

/** The page's work, loaded after the paint: the layout's (boot-run) and the home page's (home.run). */
const PAGE_WORK = /^\/_astro\/(boot-run|home\.run)\./;
const FIRST_BANNER = "**/api/files/theme/*";

/** Holds the home page's first banner picture back for `ms`; answers when it was let through. */
async function slowBanner(page: Page, ms: number): Promise<() => number> {
  let releasedAt = 0;
  let first = true;
  await page.route(FIRST_BANNER, async (route) => {
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, ms));
      releasedAt = Date.now();
    }
    await route.continue();
  });
  return () => releasedAt;
}

/** The carousel's "next" control shows the second slide (its code is wired by home.run). */
/**
 * The carousel's arrow moves the slides. The page's script may be requested but not yet run (a press on the drawn
 * arrow before it is wired does nothing, the header no longer waits for the script to show the balance): press again
 * as a reader would, until the second slide shows.
 */
async function carouselMoves(page: Page) {
  const second = page.getByRole("button", { name: "Show slide 2" });
  await expect(async () => {
    if ((await second.getAttribute("aria-current")) !== "true") await page.getByTestId("banner-next").click();
    await expect(second).toHaveAttribute("aria-current", "true", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

function requestTimes(page: Page): Map<string, number> {
  const times = new Map<string, number>();
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (PAGE_WORK.test(path) && !times.has(path)) times.set(path, Date.now());
  });
  return times;
}

test("the home page's scripts wait until its first banner is shown, then the page works as before", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  const released = await slowBanner(page, 1500);
  const times = requestTimes(page);
  await page.goto("/en/");
  await expect(page.getByTestId("balance-card")).toBeVisible();
  // The header's balance is drawn by the edge (functions/edge/views/account-header.ts): there before any script.
  await expect(page.getByTestId("account-balance")).toBeVisible();
  await expect.poll(() => times.size, { timeout: 15_000 }).toBe(2);
  expect(released()).toBeGreaterThan(0);
  for (const [path, at] of times) expect(at, `${path} asked for before the banner arrived`).toBeGreaterThanOrEqual(released());
  // The page's script is there: the carousel's arrow moves the slides.
  await carouselMoves(page);
  await context.close();
});

test("a reader who touches the page before the banner arrives does not wait for it", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  await slowBanner(page, 20_000);
  const times = requestTimes(page);
  await page.goto("/en/", { waitUntil: "domcontentloaded" });
  await expect(page.getByTestId("balance-card")).toBeVisible();
  await page.waitForTimeout(500);
  expect(times.size, "no page script before the banner or a touch").toBe(0);
  const touched = Date.now();
  await page.keyboard.press("Tab");
  await expect.poll(() => times.size, { timeout: 5_000 }).toBe(2);
  // Well before the longest wait (3 s from the start) would have let them through.
  for (const [path, at] of times) expect(at - touched, `${path} after the touch`).toBeLessThan(1_500);
  await context.close();
});

test("without any touch, the scripts come within a few seconds even when the banner never does", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  await slowBanner(page, 30_000);
  const times = requestTimes(page);
  const start = Date.now();
  await page.goto("/en/", { waitUntil: "domcontentloaded" });
  await expect.poll(() => times.size, { timeout: 10_000 }).toBe(2);
  for (const [, at] of times) expect(at - start).toBeLessThan(8_000);
  await context.close();
});

test("the theme button pressed before the page's script has loaded still switches the theme", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  await slowBanner(page, 20_000);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/boot-run\./, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/en/", { waitUntil: "domcontentloaded" });
  await page.locator("[data-theme-toggle]").first().click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  release();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await context.close();
});
