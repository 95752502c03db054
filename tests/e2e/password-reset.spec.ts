/**
 * Issue 27 item 2 in Arabic, with no email provider (the tests' server has none): an agency asks for a reset from the
 * sign-in page, the request waits on its admin page, the admin makes the link and hands it over, the agency sets a new
 * password through it, and the page still open with the old session is signed out. The history says who did what.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs } from "./helpers";

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);

test("an agency asks for a reset, the admin hands the link over, the new password works and the old session ends", async ({ browser }) => {
  test.setTimeout(90_000);
  // An agency of this test's own: the demo accounts' passwords stay as the README says.
  const api = await Api.as("admin");
  const email = `reset-${Date.now().toString(36)}@test.example`;
  const oldPassword = "Agency#2026x";
  const agency = await api.call<{ _id: string }>("POST", "agents/create", {
    data: { name: "سفريات الفرات", contactName: "علي", email, phone: "+9647701112233", password: oldPassword, locale: "ar" },
  });
  await api.call("PATCH", `agents/editByAdmin/${agency._id}`, { data: { enabled: true } });
  await api.dispose();

  // The agency's page, open with the old session.
  const oldContext = await browser.newContext();
  const login = await oldContext.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email, password: oldPassword }, headers: { Origin: BASE_URL } });
  expect(login.status()).toBe(200);
  const oldPage = await oldContext.newPage();
  await oldPage.goto(`${BASE_URL}/ar/`);
  await expect(oldPage).toHaveURL(/\/ar\/$/);

  // Locked out elsewhere: "forgot password?" on the sign-in page.
  const lockedOut = await browser.newContext();
  const page = await lockedOut.newPage();
  await page.goto(`${BASE_URL}/ar/login/`);
  await page.getByTestId("forgot-link").click();
  await expect(page).toHaveURL(/\/ar\/forgot-password\/$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await serious(page)).toEqual([]);
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await page.locator('[name="forgot-email"]').fill(email);
  await page.getByTestId("forgot-submit").click();
  // The same words whether the address exists or not; no email here, so the office hands the link over.
  await expect(page.getByTestId("forgot-done")).toContainText("وصل طلبك إلى المكتب");

  // The office sees the request on the agency's page and makes the link.
  const office = await browser.newContext();
  await signInAs(office, "admin");
  const admin = await office.newPage();
  await admin.goto(`${BASE_URL}/ar/admin/${agency._id}/agent/`);
  const waiting = admin.getByTestId("reset-waiting");
  await expect(waiting).toContainText("سفريات الفرات");
  await waiting.getByTestId("reset-waiting-link").click();
  const url = await admin.getByTestId("reset-link-url").inputValue();
  expect(url).toMatch(new RegExp(`^${BASE_URL}/ar/reset-password/#[A-Za-z0-9_-]{43}$`));
  await expect(waiting).toHaveCount(0);
  expect(await serious(admin)).toEqual([]);

  // The agency opens the link and sets a new password: signed in with it.
  await page.goto(url);
  await expect(page.getByTestId("reset-greeting")).toContainText("سفريات الفرات");
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  expect(await serious(page)).toEqual([]);
  const newPassword = "Fresh#Pass2026";
  await page.locator('[name="reset-password"]').fill(newPassword);
  await page.locator('[name="reset-confirm"]').fill("Other#Pass2026");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByText("كلمتا المرور غير متطابقتين")).toBeVisible();
  await page.locator('[name="reset-confirm"]').fill(newPassword);
  await page.getByTestId("reset-submit").click();
  await expect(page).toHaveURL(/\/ar\/$/, { timeout: 15_000 });

  // The page left open with the old session is signed out at its next step.
  await oldPage.reload();
  await expect(oldPage).toHaveURL(/\/ar\/login\//, { timeout: 15_000 });
  // The link worked once.
  const again = await lockedOut.newPage();
  await again.goto(url);
  await expect(again.getByTestId("reset-invalid")).toContainText("استُخدم هذا الرابط");

  // The history names the link the office made and the reset the agency did.
  await admin.reload();
  const history = admin.getByTestId("agent-history");
  await expect(history).toContainText("إعادة تعيين كلمة المرور عبر الرابط");
  await expect(history).toContainText("إنشاء رابط لإعادة تعيين كلمة المرور");
  await Promise.all([oldContext.close(), lockedOut.close(), office.close()]);
});
