// Issue 9 in a real browser: the sign-in page's first view runs no island code (React included), the form takes
// typing at once and cannot send the password natively, and the island loads when the visitor reaches for it,
// keeping what was typed. Admin tables come first; the form dialog's code loads when it is opened.
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signInAs } from "./helpers";

/** Script files the page has requested so far. */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test("the sign-in form works before its island loads, then signs in with what was typed", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto("/en/login/");
  await page.waitForLoadState("networkidle");
  // Only the small boot script: no island, no React.
  expect(scripts.some((s) => /LoginForm|client\./.test(s)), scripts.join(", ")).toBe(false);
  const submit = page.getByTestId("login-submit");
  await expect(submit).toBeDisabled(); // no native submit of the password before the script is there

  // Typing is the first interaction: the island loads and keeps the values typed meanwhile.
  await page.locator('[name="login-email"]').pressSequentially(ACCOUNTS.agent.email);
  await page.locator('[name="login-password"]').fill(ACCOUNTS.agent.password);
  await expect(submit).toBeEnabled();
  expect(scripts.some((s) => /LoginForm/.test(s))).toBe(true);
  await expect(page.locator('[name="login-email"]')).toHaveValue(ACCOUNTS.agent.email);
  await submit.click();
  await expect(page).toHaveURL(/\/en\/?$/);
});

test("an admin table loads without the form dialog's code, which arrives when the dialog opens", async ({ page, context }) => {
  await signInAs(context, "admin");
  const scripts = scriptsOf(page);
  await page.goto("/en/admin/countries/");
  await expect(page.getByTestId("table-row").first()).toBeVisible();
  expect(scripts.some((s) => /ResourceForm/.test(s)), scripts.join(", ")).toBe(false);
  await page.getByTestId("create-button").click();
  await expect(page.getByTestId("form-dialog")).toBeVisible();
  expect(scripts.some((s) => /ResourceForm/.test(s))).toBe(true);
});
