/**
 * The reader's time zone (src/shared/time-zone.ts, src/lib/boot-run.ts): once the first page is idle the browser
 * writes its zone in the `tz` cookie, and the edge draws the next pages' times in it, so they stay as drawn (no
 * React). The zone is read through Temporal where the browser has it (a fraction of a millisecond; the first
 * Intl.DateTimeFormat of a page is one long task, issue 9) and through Intl where it has not: both must give the
 * zone the browser is set to. A page drawn for another zone than the browser's is redrawn by its island.
 */
import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { agentPage, expectNoIslandAtStart } from "./edge-helpers";

async function agentIn(browser: Browser, timezoneId: string, { withoutTemporal = false } = {}) {
  const opened = await agentPage(browser, { timezoneId });
  // A browser without Temporal (Safari today): the zone comes from Intl.
  if (withoutTemporal) await opened.context.addInitScript(() => Reflect.deleteProperty(globalThis, "Temporal"));
  return opened;
}

/** The zone the `tz` cookie names (written URI-encoded: "Asia%2FBaghdad"). */
async function zoneCookie(context: BrowserContext): Promise<string | undefined> {
  const value = (await context.cookies(BASE_URL)).find((cookie) => cookie.name === "tz")?.value;
  return value === undefined ? undefined : decodeURIComponent(value);
}

for (const { zone, withoutTemporal } of [
  { zone: "Asia/Baghdad", withoutTemporal: false },
  { zone: "America/New_York", withoutTemporal: true },
]) {
  test(`the browser's zone (${zone}, ${withoutTemporal ? "through Intl" : "through Temporal"}) reaches the edge: the history's times are drawn in it and stay`, async ({ browser }) => {
    const { context, page, scripts } = await agentIn(browser, zone, { withoutTemporal });
    await page.goto("/en/");
    expect(await page.evaluate(() => "Temporal" in globalThis)).toBe(!withoutTemporal);
    await expect.poll(() => zoneCookie(context), { timeout: 10_000 }).toBe(zone);

    scripts.length = 0;
    await page.goto("/en/transactions-old/");
    const view = page.locator('[data-edge-view="history-page"]');
    await expect(view).toHaveAttribute("data-edge-time-zone", zone);
    // The newest movement's time as the agent's clock shows it (hours and minutes: the edge's and the test's ICU may
    // space "AM" differently).
    const time = page.getByTestId("history-table-grid").getByTestId("table-row").first().locator("time");
    const at = await time.getAttribute("datetime");
    expect(at).toBeTruthy();
    const clock = new Intl.DateTimeFormat("en", { hour: "numeric", minute: "2-digit", timeZone: zone }).format(new Date(at!)).match(/\d{1,2}:\d{2}/)![0];
    await expect(time).toContainText(clock);
    await page.waitForLoadState("networkidle");
    expectNoIslandAtStart(scripts, /^(edge-view-mount|HistoryPage)\./, "drawn in the browser's zone: nothing redraws it");
    await context.close();
  });
}

test("a page drawn for another zone than the browser's (the agent travelled) is redrawn by its island in the browser's", async ({ browser }) => {
  const { context, page } = await agentIn(browser, "Asia/Baghdad");
  // What the edge knew from yesterday: UTC.
  await context.addCookies([{ name: "tz", value: "UTC", url: BASE_URL }]);
  await page.goto("/en/transactions-old/");
  const view = page.locator('[data-edge-view="history-page"]');
  await expect(view).toHaveAttribute("data-edge-time-zone", "UTC");
  await expect(view).toHaveAttribute("data-edge-live", "", { timeout: 20_000 });
  await expect(page.getByTestId("history-table-grid").getByTestId("table-row").first()).toBeVisible();
  await context.close();
});
