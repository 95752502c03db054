/**
 * The admin's rich-text editors take typing the moment they show. Their sanitizer (parse5, the Worker's own) is a
 * separate chunk; here it is made to arrive 2.5 s late, as on a slow line. The form dialog and the visa content
 * editor wait for it before they open, so what the admin types at once is never dropped by a busy editor.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./helpers";

test.describe.configure({ timeout: 90_000 });

/** The sanitizer's chunk answers only after `ms`. */
async function slowSanitizer(page: Page, ms: number) {
  await page.route(/\/_astro\/rich-content\.[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** The editor area as found the instant it is visible: no waiting for it to become editable. */
async function typeAtOnce(page: Page, areaTestId: string, text: string) {
  const area = page.getByTestId(areaTestId);
  await area.waitFor({ state: "visible", timeout: 20_000 });
  expect(await area.getAttribute("contenteditable"), "editable the moment it shows").toBe("true");
  expect(await area.getAttribute("aria-busy")).toBe("false");
  await area.click();
  await page.keyboard.type(text);
  await expect(area).toContainText(text);
}

test("a news message typed the moment the form shows is kept, with a slow line for the editor's code", async ({ page, context }) => {
  await signInAs(context, "admin");
  await slowSanitizer(page, 2_500);
  await page.goto("/en/admin/news/");
  await expect(page.getByTestId("table-row").first().or(page.getByText("No news items"))).toBeVisible({ timeout: 15_000 });
  await page.getByTestId("create-button").click();
  await expect(page.getByTestId("form-dialog")).toBeVisible({ timeout: 20_000 });
  await typeAtOnce(page, "news-message-en-area", "Closed on Friday.");
  // Nothing is saved: the dialog is left as it came.
  await page.getByTestId("form-cancel").click();
});

test("a visa's content typed the moment its editor shows is kept, in Arabic too, with a slow line for the editor's code", async ({ page, context }) => {
  await signInAs(context, "admin");
  await slowSanitizer(page, 2_500);
  await page.goto("/ar/admin/visa-list/");
  await page.getByTestId("resource-table-grid").getByTestId("table-row").first().getByTestId("row-content").click();
  const editor = page.getByTestId("content-editor");
  await expect(editor).toBeVisible({ timeout: 20_000 });
  // The page's language's tab is open first.
  await typeAtOnce(page, "content-ar-area", "جواز سفر ساري المفعول");
});
