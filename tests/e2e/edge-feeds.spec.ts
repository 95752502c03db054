/**
 * Issue 32: /news and /events arrive drawn by the edge (functions/edge/views/feeds.tsx), no longer a list an island
 * brings after paint: the items are in the HTML with no React at start; the island comes when the reader reaches for
 * a control, and a press made on the drawn page before it is there is not lost.
 */
import { expect, test } from "@playwright/test";
import { Api } from "./helpers";
import { agentPage, expectNoIslandAtStart, holdBack } from "./edge-helpers";

const slowExpect = expect.configure({ timeout: 20_000 });
const ISLAND = /^(AllNews|AllEvents|FeedPage|edge-view-mount)\./;

test("ar: all news arrive drawn; 'mark read' pressed before the island marks that item read", async ({ browser }) => {
  // Two items of this test's own, found by their stamp (other tests add news alongside).
  const stamp = `مسودة-${Date.now().toString(36)}`;
  const admin = await Api.as("admin");
  for (const n of [1, 2]) {
    await admin.call("POST", "news-feed", { data: { title: { en: `${stamp} ${n}`, ar: `${stamp} رقم ${n}`, ku: `${stamp} ژمارە ${n}` }, message: { en: "<p>x</p>", ar: "<p>نص</p>", ku: "<p>دەق</p>" } } });
  }
  await admin.dispose();

  const { context, page, scripts } = await agentPage(browser);
  const release = await holdBack(page, ISLAND);
  await page.goto(`/ar/news/?search=${encodeURIComponent(stamp)}`);
  const view = page.locator('[data-edge-view="all-news"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  const items = view.getByTestId("all-news-item");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`${stamp} رقم 2`);
  await expect(items.first().locator("time")).toHaveText(/^[^0-9]*[٠-٩][^0-9]*$/);
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, ISLAND, "all news");

  // The older item, marked read on the drawn page: the island, once there, presses that item's button.
  const older = page.getByTestId("all-news-item").filter({ hasText: `${stamp} رقم 1` });
  await expect(older).toHaveAttribute("data-read", "false");
  await older.getByTestId("news-read-toggle").click();
  release();
  await slowExpect(older).toHaveAttribute("data-read", "true");
  await expect(page.getByTestId("all-news-item").filter({ hasText: `${stamp} رقم 2` })).toHaveAttribute("data-read", "false");
  // And it stays read: the edge draws it so on the next view.
  await page.reload();
  await expect(page.locator('[data-edge-view="all-news"]').getByTestId("all-news-item").filter({ hasText: `${stamp} رقم 1` })).toHaveAttribute("data-read", "true");
  await context.close();
});

test("ku: all events arrive drawn; the read filter picked on the drawn page filters the list", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  await page.goto("/ku/events/");
  const view = page.locator('[data-edge-view="all-events"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(view.getByTestId("all-events-item").first()).toBeVisible();
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, ISLAND, "all events");

  await page.getByTestId("events-filter").selectOption("unread");
  await expect(page).toHaveURL(/\/ku\/events\/\?show=unread$/, { timeout: 20_000 });
  const items = page.getByTestId("all-events-item");
  await slowExpect.poll(async () => [...new Set(await items.evaluateAll((all) => all.map((item) => item.getAttribute("data-read"))))]).toEqual(["false"]);
  await context.close();
});
