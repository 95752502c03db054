/**
 * Issue 26's screenshots, looked at by a person (test-results/screens-26/): the Arabic header on a phone, the Kurdish
 * menu at 1366 px with its "More" menu open, the home page's news in Kurdish, the request list and the filing form on
 * a phone, an admin's PDF export of the requests. Each also asserts what the picture is meant to show.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { BASE_URL } from "../../playwright.config";
import { ACCOUNTS, signInAs } from "./helpers";

const SCREENS = "test-results/screens-26";

/** axe-core finds nothing serious or critical in what the picture shows (the open menu, the open filters). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}
mkdirSync(SCREENS, { recursive: true });
test.describe.configure({ timeout: 90_000 });

test("phone Arabic header: the account button whole on screen", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar/requests/");
  await page.waitForLoadState("networkidle");
  const account = await page.getByTestId("account-button").boundingBox();
  expect(account!.x).toBeGreaterThanOrEqual(0);
  expect(account!.x + account!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SCREENS}/phone-ar-header.png` });
});

test("1366 Kurdish menu: every label whole, the rest behind More", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/ku/transactions/");
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${SCREENS}/ku-1366-menu.png` });
  await page.getByTestId("nav-more").click();
  await expect(page.getByTestId("nav-more-menu").getByRole("link")).toHaveCount(3);
  await page.screenshot({ path: `${SCREENS}/ku-1366-menu-more.png` });
  await expectAccessible(page);
});

test("home news in Kurdish", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/ku/");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("home-news").scrollIntoViewIfNeeded();
  await page.getByTestId("home-news").screenshot({ path: `${SCREENS}/ku-home-news.png` });
});

test("phone request list: the filters fold, the first request shows on the first screen", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar/requests/");
  await page.waitForLoadState("networkidle");
  const first = page.getByTestId("request-card").first();
  await expect(first).toBeVisible();
  expect((await first.boundingBox())!.y).toBeLessThan(844);
  await expect(page.getByTestId("status-filters")).toBeHidden();
  await page.screenshot({ path: `${SCREENS}/phone-ar-requests-folded.png` });
  await page.getByTestId("requests-filters-toggle").click();
  await expect(page.getByTestId("requests-filters-toggle")).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByTestId("status-filters")).toBeVisible();
  await page.getByTestId("status-filter-Requested").click();
  await expect(page).toHaveURL(/status=Requested/);
  await page.screenshot({ path: `${SCREENS}/phone-ar-requests-open.png` });
  await expectAccessible(page);
});

test("phone filing form: the price stays in view while the form is filled", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar/visa/0193a000-0000-7000-8000-000000030001/request/");
  await page.waitForLoadState("networkidle");
  const bar = page.getByTestId("filing-price-bar");
  await page.getByTestId("filing-applicant").scrollIntoViewIfNeeded();
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText(/US\$/);
  await page.screenshot({ path: `${SCREENS}/phone-ar-filing-price.png` });
  // From lg the summary beside the form shows the price: no bar.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(bar).toBeHidden();
});

test("an admin's PDF export of the requests, first page as a picture", async ({ request }) => {
  const login = await request.post(`${BASE_URL}/api/auth/loginAdmin`, {
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
    headers: { Origin: BASE_URL },
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const response = await request.get(`${BASE_URL}/api/requests/export-list/pdf?limit=100`, {
    headers: { Authorization: `Bearer ${token}`, Cookie: "i18n_locale=ar; tz=Asia/Baghdad" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const pdf = `${SCREENS}/admin-requests-export-ar.pdf`;
  writeFileSync(pdf, await response.body());
  execFileSync("pdftoppm", ["-png", "-r", "90", "-f", "1", "-l", "1", "-singlefile", pdf, `${SCREENS}/admin-requests-export-ar`]);
  // What the picture shows (issue 26 item 7): whole references, the reader's zone named, Arabic-Indic figures.
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", "-f", "1", "-l", "1", pdf, "-"], { encoding: "utf8" });
  expect(text).toMatch(/VR-\d{4}-\d{6}/);
  expect(text).not.toMatch(/VR-[\d-]*…/);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/); // no Latin dates on an Arabic export
  expect(text).toContain("Asia/Baghdad");
  expect(text).toMatch(/[٠-٩]{4}-[٠-٩]{2}-[٠-٩]{2}|[٠-٩]{2}-[٠-٩]{2}-[٠-٩]{4}/); // (pdftotext may give an Arabic line's runs in either order)
});

test("after paying for a visa: the Arabic confirmation with the reference and the balance now", async ({ page, context }) => {
  const { Api } = await import("./helpers");
  const { fileRequest } = await import("./filed-requests");
  const agency = await Api.as("agent");
  const filed = await fileRequest(agency, "ar");
  await agency.dispose();
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/ar/requests/${filed._id}/?filed`);
  await expect(page.getByTestId("request-filed")).toContainText(filed.reference);
  await expect(page.getByTestId("request-filed-balance")).toHaveText(/[٠-٩]/);
  await page.screenshot({ path: `${SCREENS}/ar-filed-confirmation.png` });
  await expectAccessible(page);
});

test("the Arabic bell: entries link to their records, unread ones stand out", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/ar/");
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });
  await page.getByTestId("live-bell").click();
  await expect(page.getByTestId("live-event").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/ar-bell-open.png` });
  await expectAccessible(page);
});

