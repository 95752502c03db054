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
  // Only the small boot and page scripts: no island, no React (nor Astro's React renderer, /_astro/client.*.js).
  expect(scripts.some((s) => /LoginForm|\/_astro\/(client|react)\./.test(s)), scripts.join(", ")).toBe(false);
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

/**
 * Holds back the island's code (its component chunk) until `release` is called: what the visitor types meanwhile
 * lands in the built form, and the island swaps in afterwards (while the visitor types on), as on a slow mobile connection.
 */
async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[^/]*\\.js$`), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

for (const { path, prefix, account, landing } of [
  { path: "/en/login/", prefix: "login", account: ACCOUNTS.agent, landing: /\/en\/?$/ },
  { path: "/ar/admin/login/", prefix: "admin-login", account: ACCOUNTS.admin, landing: /\/ar\/admin\/?$/ },
] as const) {
  test(`${path}: what is typed before and while the island loads is kept, the caret stays, and sign-in works`, async ({ page }) => {
    const release = await holdIsland(page, "LoginForm");
    await page.goto(path);
    const email = page.locator(`[name="${prefix}-email"]`);
    const password = page.locator(`[name="${prefix}-password"]`);
    const submit = page.getByTestId("login-submit");
    // Before the island's code has arrived: the form takes typing, but cannot send the password natively.
    await email.pressSequentially(account.email);
    await password.pressSequentially(account.password.slice(0, 4));
    await expect(submit).toBeDisabled();
    // The code arrives while the visitor is still typing in the password field.
    release();
    await password.pressSequentially(account.password.slice(4), { delay: 30 });
    await expect(submit).toBeEnabled();
    await expect(email).toHaveValue(account.email);
    await expect(password).toHaveValue(account.password);
    await expect(password).toBeFocused();
    await submit.click();
    await expect(page).toHaveURL(landing);
  });
}

test("/en/login/: typed values and the caret survive even when React draws the form anew instead of adopting it", async ({ page }) => {
  const release = await holdIsland(page, "LoginForm");
  await page.goto("/en/login/");
  const email = page.locator('[name="login-email"]');
  const password = page.locator('[name="login-password"]');
  await email.pressSequentially(ACCOUNTS.agent.email);
  await password.pressSequentially(ACCOUNTS.agent.password);
  await page.keyboard.press("ArrowLeft"); // the caret one back from the end
  // What a translating or form-filling browser extension does: it changes the pre-rendered text, so React cannot
  // change the built text: the island, drawn from its own state, must still come with the typed values and caret.
  await page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>('[data-testid="login-form"] a[href$="/register/"]')!;
    link.textContent = `${link.textContent} `;
  });
  release();
  const submit = page.getByTestId("login-submit");
  await expect(submit).toBeEnabled();
  await expect(email).toHaveValue(ACCOUNTS.agent.email);
  await expect(password).toHaveValue(ACCOUNTS.agent.password);
  await expect(password).toBeFocused();
  expect(await password.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(ACCOUNTS.agent.password.length - 1);
  await submit.click();
  await expect(page).toHaveURL(/\/en\/?$/);
});

test("/en/register/: fields typed before the island loads keep their values", async ({ page }) => {
  const release = await holdIsland(page, "RegisterForm");
  await page.goto("/en/register/");
  await page.locator('[name="register-name"]').pressSequentially("Typed Early Travel");
  await page.locator('[name="register-email"]').pressSequentially("early@example.com");
  release();
  await page.locator('[name="register-phone"]').pressSequentially("+9647501234567", { delay: 30 });
  await expect(page.getByTestId("register-submit")).toBeEnabled();
  await expect(page.locator('[name="register-name"]')).toHaveValue("Typed Early Travel");
  await expect(page.locator('[name="register-email"]')).toHaveValue("early@example.com");
  await expect(page.locator('[name="register-phone"]')).toHaveValue("+9647501234567");
});

test("an admin table loads without the form dialog's code, which arrives when the dialog opens", async ({ page, context }) => {
  await signInAs(context, "admin");
  const scripts = scriptsOf(page);
  await page.goto("/en/admin/countries/");
  await expect(page.getByTestId("table-row").first()).toBeVisible({ timeout: 15_000 }); // the first page, under a full run's load
  expect(scripts.some((s) => /ResourceForm/.test(s)), scripts.join(", ")).toBe(false);
  await page.getByTestId("create-button").click();
  await expect(page.getByTestId("form-dialog")).toBeVisible();
  expect(scripts.some((s) => /ResourceForm/.test(s))).toBe(true);
});
