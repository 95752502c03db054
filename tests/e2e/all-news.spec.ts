/**
 * Issue 27 item 4 in Arabic: an agency reaches all the news from the home page's box, searches, pages through them,
 * marks one read and filters by read/unread; the address keeps the list; the bell leads to all events.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs } from "./helpers";

// In order, in one worker: the first test adds twelve items, which must not push the second one's out of the home box.
test.describe.configure({ mode: "default" });

test("an agency pages through all news in Arabic, marks one read and finds it among the read ones", async ({ page, context }) => {
  test.setTimeout(60_000);
  // Twelve items of this test's own, found by their stamp (other tests add news alongside).
  const stamp = `خبر-${Date.now().toString(36)}`;
  const admin = await Api.as("admin");
  for (let i = 1; i <= 12; i++) {
    await admin.call("POST", "news-feed", {
      data: { title: { en: `${stamp} ${i}`, ar: `${stamp} رقم ${i}`, ku: `${stamp} ژمارە ${i}` }, message: { en: `<p>Item ${i}</p>`, ar: `<p>الخبر ${i}</p>`, ku: `<p>هەواڵی ${i}</p>` } },
    });
  }
  await admin.dispose();

  await context.addCookies([{ name: "i18n_locale", value: "ar", url: BASE_URL }]);
  await signInAs(context, "agent");
  await page.goto(`${BASE_URL}/ar/`);
  await page.getByTestId("all-news-link").click();
  await expect(page).toHaveURL(/\/ar\/news\/$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  const items = page.getByTestId("all-news-item");
  await page.getByTestId("news-search").fill(stamp);
  await expect(page).toHaveURL(new RegExp(`\\?search=${encodeURIComponent(stamp)}`));
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText(`${stamp} رقم 12`);
  await page.getByTestId("page-next").click();
  await expect(items).toHaveCount(2);
  await expect(items.last()).toContainText(`${stamp} رقم 1`);
  await expect(page).toHaveURL(/page=2/);

  // Read the oldest one; it is then among the read ones, and not among the unread.
  const oldest = items.filter({ hasText: `${stamp} رقم 1` }).filter({ hasNotText: `${stamp} رقم 10` });
  await expect(oldest).toHaveAttribute("data-read", "false");
  await oldest.getByTestId("news-read-toggle").click();
  await expect(oldest).toHaveAttribute("data-read", "true");
  await page.getByTestId("news-filter").selectOption("read");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(`${stamp} رقم 1`);
  await page.getByTestId("news-filter").selectOption("unread");
  await expect(items).toHaveCount(10);
  await page.getByTestId("page-next").click();
  await expect(items).toHaveCount(1);

  // The address keeps the list: a reload shows the same page.
  await page.reload();
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId("news-filter")).toHaveValue("unread");
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // The bell leads to all events.
  await page.getByTestId("live-bell").click();
  await page.getByTestId("live-all-events").click();
  await expect(page).toHaveURL(/\/ar\/events\/$/);
  await expect(page.getByTestId("all-events-item").first()).toBeVisible();
});

test("the home page's news box shows what the agency has read, and marks an item read like /news (Arabic)", async ({ page, context }) => {
  const stamp = `مقروء-${Date.now().toString(36)}`;
  const admin = await Api.as("admin");
  await admin.call("POST", "news-feed", { data: { title: { en: `${stamp} en`, ar: `${stamp} عنوان`, ku: `${stamp} ناونیشان` }, message: { en: "<p>x</p>", ar: "<p>نص الخبر</p>", ku: "<p>دەق</p>" } } });
  await admin.dispose();
  await context.addCookies([{ name: "i18n_locale", value: "ar", url: BASE_URL }]);
  await signInAs(context, "agent");
  await page.goto(`${BASE_URL}/ar/`);

  // As the edge drew it: unread, with the unread word for screen readers, and a button that marks it read.
  const item = page.getByTestId("home-news").getByTestId("news-item").filter({ hasText: stamp });
  await expect(item).toHaveAttribute("data-read", "false");
  await expect(item.locator(".sr-only")).toHaveText("(غير مقروء) ");
  const toggle = item.getByTestId("home-news-read-toggle");
  await expect(toggle).toHaveText("تعليم كمقروء");
  // Pressed on the drawn box: its island takes the press over.
  await toggle.click();
  await expect(item).toHaveAttribute("data-read", "true");
  await expect(toggle).toHaveText("تعليم كغير مقروء");
  await expect(item.locator(".sr-only")).toHaveCount(0);

  // Stored: the edge draws it read after a reload, and /news says the same.
  await page.reload();
  await expect(item).toHaveAttribute("data-read", "true");
  await page.goto(`${BASE_URL}/ar/news/?search=${encodeURIComponent(stamp)}`);
  await expect(page.getByTestId("all-news-item")).toHaveAttribute("data-read", "true");

  // And back: marked unread on /news, the home box shows it unread.
  await page.getByTestId("news-read-toggle").click();
  await expect(page.getByTestId("all-news-item")).toHaveAttribute("data-read", "false");
  await page.goto(`${BASE_URL}/ar/`);
  await expect(item).toHaveAttribute("data-read", "false");
});
