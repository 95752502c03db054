// The agent's top bar at the narrowest desktop width (lg = 1280 px, spec §9) with every main link, the account's
// name and balance: the page never scrolls sideways, in English or in Arabic.
import { expect, test } from "@playwright/test";
import { signInAs } from "./helpers";

for (const locale of ["en", "ar"] as const) {
  test(`the ${locale} top bar fits 1280 px without sideways scrolling`, async ({ page, context }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(context, "agent");
    await page.goto(`/${locale}/visa`);
    await expect(page.getByTestId("main-nav")).toBeVisible();
    await expect(page.getByTestId("account-balance")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Every main link is still reachable: in the bar, or behind its visible "More" (issue 26: the bar no longer scrolls).
    const inBar = await page.getByTestId("main-nav").getByRole("link").count();
    const behindMore = await page.getByTestId("nav-more-menu").getByRole("link", { includeHidden: true }).count();
    await expect(page.getByTestId("nav-more")).toBeVisible();
    expect(inBar + behindMore).toBeGreaterThanOrEqual(8);
  });
}
