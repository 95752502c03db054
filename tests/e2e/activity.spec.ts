/**
 * /activity (issue 29; issue 32: its island hydrated at once and blocked a phone's main thread for 100-300 ms): the
 * edge draws what was done to the agency's account and requests, in Arabic with no React at start; the island takes it
 * over when the agency reaches for a control, and shows the same rows.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { agentPage, expectNoIslandAtStart } from "./edge-helpers";

test("/activity is drawn by the edge (no React at start), keyboard and axe clean; reaching for it brings the island with the same rows", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  await page.goto("/ar/activity/");
  const view = page.locator('[data-edge-view="activity"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  const rows = view.getByTestId("activity-row");
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  // Dates in the page's digits.
  await expect(rows.first().locator("time")).toHaveText(/[٠-٩]/);
  await page.waitForLoadState("load");
  expectNoIslandAtStart(scripts, /^(edge-view-mount|Activity)\./, "no island before the agency reaches for the list");
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  // The pager (or a row's link) by keyboard brings the island, which shows the same rows.
  await page.keyboard.press("Tab");
  await view.locator("a, button").first().focus();
  await expect(view).toHaveAttribute("data-edge-live", "", { timeout: 15_000 });
  await expect(view.getByTestId("activity-row")).toHaveCount(count);
  await context.close();
});
