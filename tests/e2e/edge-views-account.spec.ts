/**
 * Issue 9: /information drawn by the edge (functions/edge/views/account.tsx). The account, the agency's staff users
 * and the notification settings show from the HTML alone — no React at start, and with scripts turned off —; each
 * island comes when the reader reaches for its part; nothing drawn can submit natively; what is typed and a button
 * pressed before the island's code arrives are kept and acted on; the page draws the account itself when the edge
 * could not.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import { expectNoIslandAtStart } from "./edge-helpers";
import { signInAs } from "./helpers";

const en = JSON.parse(readFileSync(new URL("../../locales/en.json", import.meta.url), "utf8")) as Record<string, string>;

/** The demo agency's page, with the path of every script it requests and every non-API POST it sends. */
async function agencyPage(browser: Browser, options: { javaScriptEnabled?: boolean; who?: "agent" | "tigris" | "staff" } = {}) {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled, viewport: { width: 1280, height: 900 } });
  await signInAs(context, options.who ?? "agent");
  const page = await context.newPage();
  const scripts: string[] = [];
  const pagePosts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.replace(/^\/_astro\//, ""));
    if (request.method() === "POST" && !new URL(request.url()).pathname.startsWith("/api/")) pagePosts.push(request.url());
  });
  return { context, page, scripts, pagePosts };
}

const ISLANDS = /^(edge-view-mount|AccountInformation|StaffManager|NotificationSettings)\./;

/** Holds back the island chunk `name` until `release` is called (a slow connection). */
async function holdBack(page: import("@playwright/test").Page, name: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${name}\\.[^/]*\\.js$`), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test("the account, the staff users and the notification settings show from the HTML alone: no React at start", async ({ browser }) => {
  const { context, page, scripts } = await agencyPage(browser);
  await page.goto("/en/information/");
  await expect(page.getByTestId("account-information")).toBeVisible();
  await expect(page.getByTestId("account-balance-value")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("profile-name")).toHaveValue("Sunrise Travel");
  await expect(page.getByTestId("staff-manager")).toBeVisible();
  expect(await page.getByTestId("staff-row").count()).toBeGreaterThan(0);
  await expect(page.getByTestId("push-not-configured")).toHaveText(en["notifications.push.notConfigured"]!);
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, ISLANDS, "no React on /information until the reader reaches for it");
  await context.close();
});

test("with scripts turned off the Arabic page reads, and its forms cannot be sent", async ({ browser }) => {
  const { context, page, pagePosts } = await agencyPage(browser, { javaScriptEnabled: false });
  await page.goto("/ar/information/");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("account-balance-value")).toHaveText(/[٠-٩]/);
  await expect(page.getByTestId("profile-form")).toBeVisible();
  await expect(page.getByTestId("password-form")).toBeVisible();
  await expect(page.getByTestId("staff-row").first()).toBeVisible();
  await expect(page.getByTestId("push-kind-request.updated")).toBeVisible();
  // A password typed and the button pressed (or Enter): nothing leaves the page.
  await page.getByTestId("password-currentPassword").fill("Agent#2026");
  await page.getByTestId("password-newPassword").fill("Another#2026");
  await page.getByTestId("password-confirmPassword").fill("Another#2026");
  await page.getByTestId("password-submit").click();
  await page.getByTestId("password-confirmPassword").press("Enter");
  await page.getByTestId("staff-name").fill("Nobody");
  await page.getByTestId("staff-add-submit").click();
  await page.waitForTimeout(500);
  expect(pagePosts).toEqual([]);
  await expect(page).toHaveURL(/\/ar\/information\/$/);
  await context.close();
});

test("when the edge could not draw the account, the page draws it itself", async ({ browser }) => {
  const { context, page } = await agencyPage(browser);
  // The page as it leaves the edge when the account's call failed: the pre-rendered skeleton, not marked as drawn.
  await page.route("**/en/information/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<div[^>]*data-edge-view="account-information")([^>]*?) data-edge-filled(?:="")?([^>]*>)[\s\S]*?(?=<div[^>]*data-edge-view="notification-settings")/,
      '$1$2$3<div aria-busy="true" data-testid="edge-skeleton">…</div></div>',
    );
    expect(html).toContain("edge-skeleton");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/en/information/");
  await expect(page.getByTestId("account-information")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("account-balance-value")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("edge-skeleton")).toHaveCount(0);
  await context.close();
});

test("typed before the account's code arrives, and Save pressed: kept, and saved once the island is there", async ({ browser }) => {
  const { context, page, pagePosts } = await agencyPage(browser, { who: "tigris" });
  const release = await holdBack(page, "AccountInformation");
  await page.goto("/en/information/");
  const city = page.getByTestId("profile-city");
  const before = await city.inputValue();
  const typed = `Basra ${Date.now().toString(36)}`;
  await city.fill(typed);
  await page.getByTestId("profile-submit").click();
  // Nothing was sent natively, and the island's code is still held back.
  await page.waitForTimeout(300);
  expect(pagePosts).toEqual([]);
  await expect(page.locator('[data-edge-view="account-information"]')).not.toHaveAttribute("data-edge-live", "");
  release();
  await expect(page.locator('[data-edge-view="account-information"]')).toHaveAttribute("data-edge-live", "");
  await expect(page.locator("#toaster")).toContainText(en["account.saved"]!);
  await expect(page.getByTestId("profile-city")).toHaveValue(typed);
  // Saved on the server: the edge draws it so.
  await page.reload();
  await expect(page.getByTestId("profile-city")).toHaveValue(typed);
  // Put back as it was, through the island this time.
  await page.getByTestId("profile-city").fill(before);
  await page.getByTestId("profile-submit").click();
  await expect(page.locator("#toaster")).toContainText(en["account.saved"]!);
  await context.close();
});

test("a staff invitation typed and asked for before the staff code arrives: the link comes once it is there", async ({ browser }) => {
  const { context, page } = await agencyPage(browser);
  const release = await holdBack(page, "StaffManager");
  await page.goto("/en/information/");
  const manager = page.getByTestId("staff-manager");
  const email = `early-${Date.now().toString(36)}@test.example`;
  await manager.getByTestId("staff-name").fill("Early Bird");
  await manager.getByTestId("staff-email").fill(email);
  await manager.getByTestId("staff-invite").click();
  await page.waitForTimeout(300);
  await expect(page.getByTestId("staff-link")).toHaveCount(0);
  release();
  await expect(page.getByTestId("staff-link")).toContainText("Early Bird");
  await expect(manager.getByTestId("staff-row").filter({ hasText: email })).toBeVisible();
  await context.close();
});

test("a staff member's page is theirs: no money, no staff list, and no React at start", async ({ browser }) => {
  const { context, page, scripts } = await agencyPage(browser, { who: "staff" });
  await page.goto("/en/information/");
  await expect(page.getByTestId("account-agency")).toHaveText("Sunrise Travel");
  await expect(page.getByTestId("account-balance-value")).toHaveCount(0);
  await expect(page.getByTestId("staff-manager")).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText("$");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((name) => ISLANDS.test(name))).toEqual([]);
  await context.close();
});

test("each part taken over by its island as the reader reaches for it, without script errors or CSP violations", async ({ browser }) => {
  const { context, page } = await agencyPage(browser);
  const problems: string[] = [];
  page.on("console", (message) => {
    // The 5-second test token's designed refresh (spec §8) logs a 401 first.
    if (message.type() === "error" && !/status of 401 \(Unauthorized\)/.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto("/ku/information/");
  for (const [view, control] of [["account-information", "profile-name"], ["notification-settings", "push-kind-event.created"], ["staff-manager", "staff-name"]] as const) {
    // Hovering counts once the views' code is registered (after the first paint): before that, only a press, focus
    // or typing is remembered. A reader's pointer keeps moving; the test moves it off and over again until then.
    await expect(async () => {
      await page.mouse.move(0, 0);
      await page.getByTestId(control).hover();
      await expect(page.locator(`[data-edge-view="${view}"]`), view).toHaveAttribute("data-edge-live", "", { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }
  // The islands show what the edge drew: the same account, still in Kurdish, right to left.
  await expect(page.getByTestId("account-balance-value")).toHaveText(/[٠-٩]/);
  await expect(page.getByTestId("push-not-configured")).toBeVisible();
  expect(await page.getByTestId("staff-row").count()).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
  await context.close();
});
