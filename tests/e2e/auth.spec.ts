// Sign-in, sessions and sign-out in a real browser against the real worker (spec §4–5, §8; DESIGN §3).
// The e2e server runs with a 5-second access-token lifetime (APP_ENV test), so waiting 6 s expires the token.
import { expect, test } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { ACCOUNTS, currentBalance, hydrateSignInForm, sessionCookies, signInAs, signInWithForm } from "./helpers";

const TOKEN_LIFETIME_PASSED_MS = 6_000;
/** The message of `key` in a locale file, as the page shows it. */
const messages = (locale: string) => {
  const dict = JSON.parse(readFileSync(`locales/${locale}.json`, "utf8")) as Record<string, string>;
  return (key: string): string => {
    const text = dict[key];
    if (!text) throw new Error(`no message ${key} in ${locale}.json`);
    return text;
  };
};
const [en, ar, ku] = [messages("en"), messages("ar"), messages("ku")] as const;

test.describe("agent", () => {
  test("signs in, sees name and balance in the header, and stays signed in after a reload and after the token expired", async ({ page, context }) => {
    await page.goto("/en/visa");
    await expect(page).toHaveURL(/\/en\/login\/\?next=%2Fen%2Fvisa$/);
    await signInWithForm(page, "agent");
    await expect(page).toHaveURL(/\/en\/visa\/?$/);

    const name = page.getByTestId("account-name");
    const balance = page.getByTestId("account-balance");
    await expect(name).toHaveText("Sunrise Travel");
    await expect(balance).toBeVisible();
    await expect(balance).toContainText((await currentBalance("agent")).en);
    expect(await sessionCookies(context)).toEqual(expect.arrayContaining(["auth.accessToken", "auth.refreshToken", "auth.kind"]));
    // Scripts never see the refresh token.
    expect(await page.evaluate(() => document.cookie)).not.toContain("auth.refreshToken");

    await page.reload();
    await expect(page).toHaveURL(/\/en\/visa\/?$/);
    await expect(name).toHaveText("Sunrise Travel");

    await page.waitForTimeout(TOKEN_LIFETIME_PASSED_MS);
    await page.goto("/en/information");
    await expect(page).toHaveURL(/\/en\/information\/?$/);
    await expect(page.getByTestId("account-balance-value")).toHaveText((await currentBalance("agent")).en);
    await expect(page.getByTestId("account-group")).toHaveText("Gold");
    await expect(name).toHaveText("Sunrise Travel");
  });

  test("an open page whose token expired saves without a new login (the client refreshes once and retries)", async ({ page, context }) => {
    await signInAs(context, "tigris");
    await page.goto("/en/information");
    await expect(page.getByTestId("profile-form")).toBeVisible();
    await expect(page.getByTestId("account-balance-value")).toHaveText((await currentBalance("tigris")).en);
    await page.waitForTimeout(TOKEN_LIFETIME_PASSED_MS);
    await page.getByTestId("profile-submit").click();
    await expect(page.locator("#toaster")).toContainText(en("account.saved"));
    await expect(page).toHaveURL(/\/en\/information\/?$/);
  });

  test("a navigation and a script refreshing the same token at once both go through, and the session lives on", async ({ page, context }) => {
    await signInAs(context, "agent");
    await page.goto("/en/visa");
    await page.waitForTimeout(TOKEN_LIFETIME_PASSED_MS);
    // Both hold the same refresh cookie: a script of the open page refreshes while a navigation (another tab of
    // the same browser) arrives at the edge, which refreshes too.
    const tab = await context.newPage();
    const [script] = await Promise.all([
      page.evaluate(() => fetch("/api/auth/refreshAgentToken", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }).then((r) => r.status)),
      tab.goto("/en/featured"),
    ]);
    expect(script).toBe(200);
    await expect(tab).toHaveURL(/\/en\/featured\/?$/);
    await expect(tab.getByTestId("account-name")).toHaveText("Sunrise Travel");
    await tab.close();
    // The family was not revoked: after the next expiry the session still refreshes.
    await page.waitForTimeout(TOKEN_LIFETIME_PASSED_MS);
    await page.goto("/en/visa");
    await expect(page).toHaveURL(/\/en\/visa\/?$/);
    expect(await sessionCookies(context)).toEqual(expect.arrayContaining(["auth.accessToken", "auth.refreshToken"]));
  });

  test("signs out to /en/login/, and Back does not show the account again", async ({ page, context }) => {
    await signInAs(context, "agent");
    await page.goto("/en/");
    await page.goto("/en/information");
    await expect(page.getByTestId("account-information")).toBeVisible();
    // The header has shown the balance (read after the first paint): the sign-out must leave it in the tab.
    await expect(page.getByTestId("account-balance")).toBeVisible({ timeout: 15_000 });

    await page.getByTestId("account-button").click();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/en\/login\/$/);
    expect(await sessionCookies(context)).toEqual([]);
    // Spec §4: the balance is not cleared.
    expect(await page.evaluate(() => sessionStorage.getItem("auth.balance"))).toMatch(/"balance":\d+/);
    expect(await page.evaluate(() => sessionStorage.getItem("auth.user"))).toBeNull();

    await page.goBack();
    await expect(page).toHaveURL(/\/en\/login\//);
    await expect(page.getByTestId("account-name")).toHaveCount(0);
    await expect(page.getByText("Sunrise Travel")).toHaveCount(0);

    await page.goto("/en/information");
    await expect(page).toHaveURL(/\/en\/login\/\?next=/);
  });

  test("with an agent's cookies, /en/admin leads to the admin login", async ({ page, context }) => {
    await signInAs(context, "agent");
    await page.goto("/en/admin");
    await expect(page).toHaveURL(/\/en\/admin\/login\//);
    await expect(page.getByTestId("login-form")).toBeVisible();
  });
});

test.describe("admin", () => {
  test("signs in under /en/admin, stays after a reload, signs out to /en/admin/login/, and Back shows nothing", async ({ page, context }) => {
    // Without a session an admin address leads to the admin sign-in (issue 27: whoever bookmarks an admin page is an admin).
    await page.goto("/en/admin/news");
    await expect(page).toHaveURL(/\/en\/admin\/login\/\?next=%2Fen%2Fadmin%2Fnews$/);
    await expect(page.getByRole("link", { name: en("auth.registerLink") })).toHaveCount(0);
    await signInWithForm(page, "admin", "admin");
    await expect(page).toHaveURL(/\/en\/admin\/news\/?$/);
    await expect(page.getByTestId("account-name")).not.toBeEmpty();
    await expect(page.getByTestId("account-balance")).toHaveCount(0);
    expect(await sessionCookies(context)).toEqual(expect.arrayContaining(["auth.accessToken", "auth.refreshToken", "auth.isAdmin"]));

    await page.reload();
    await expect(page).toHaveURL(/\/en\/admin\/news\/?$/);
    await page.waitForTimeout(TOKEN_LIFETIME_PASSED_MS);
    await page.goto("/en/admin/countries");
    await expect(page).toHaveURL(/\/en\/admin\/countries\/?$/);

    await page.getByTestId("account-button").click();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/en\/admin\/login\/$/);
    expect(await sessionCookies(context)).toEqual([]);

    await page.goBack();
    await expect(page).not.toHaveURL(/\/en\/admin\/countries/);
    await expect(page.getByTestId("admin-sidebar")).toHaveCount(0);
  });
});

test.describe("staff", () => {
  test("signs in on the agent login and never sees money", async ({ page }) => {
    await page.goto("/en/login");
    await signInWithForm(page, "staff");
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByTestId("account-name")).not.toBeEmpty();
    await expect(page.getByTestId("account-name")).not.toHaveText(ACCOUNTS.agent.name);
    await expect(page.getByTestId("account-balance")).toBeHidden();

    await page.goto("/en/information");
    await expect(page.getByTestId("account-agency")).toHaveText("Sunrise Travel");
    await expect(page.getByTestId("account-balance-value")).toHaveCount(0);
    await expect(page.getByTestId("account-information")).not.toContainText("$");
    await page.getByTestId("account-button").click();
    await expect(page.getByTestId("account-menu-balance")).toBeHidden();
  });
});

test.describe("registration", () => {
  test("an agency applies, sees that it is pending, and cannot sign in until an admin enables it", async ({ page }) => {
    const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@agency.example`;
    await page.goto("/en/register");
    await page.locator('[name="register-name"]').fill("E2E Travel");
    await page.locator('[name="register-contactName"]').fill("Test Person");
    await page.locator('[name="register-email"]').fill(email);
    await page.locator('[name="register-phone"]').fill("+964 750 000 0000");
    await page.locator('[name="register-password"]').fill("E2eTravel#1");
    await page.locator('[name="register-confirmPassword"]').fill("E2eTravel#1");
    await page.locator('[name="register-city"]').fill("Erbil");
    await page.getByTestId("register-submit").click();

    const pending = page.getByTestId("register-pending");
    await expect(pending).toBeVisible();
    await expect(pending).toContainText(en("auth.registered.title"));
    await expect(pending).toContainText(email);

    await pending.getByRole("link", { name: en("auth.backToSignIn") }).click();
    await expect(page).toHaveURL(/\/en\/login\/$/);
    await hydrateSignInForm(page);
    await page.locator('[name="login-email"]').fill(email);
    await page.locator('[name="login-password"]').fill("E2eTravel#1");
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("form-error")).toBeVisible();
    // Said once: the inline notice, no toast repeating it (issue 11).
    await expect(page.locator("#toaster")).toBeEmpty();
    await expect(page).toHaveURL(/\/en\/login\/$/);
  });

  test("the Kurdish form shows its problems in Kurdish, right to left, under each field", async ({ page }) => {
    mkdirSync("test-results/screens", { recursive: true });
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto("/ku/register");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.locator('[name="register-email"]').fill("not-an-email");
    await page.locator('[name="register-phone"]').fill("12");
    await page.locator('[name="register-password"]').fill("short");
    await page.locator('[name="register-confirmPassword"]').fill("other");
    await page.getByTestId("register-submit").click();

    await expect(page.locator('[name="register-name"]')).toHaveAccessibleDescription(ku("validation.required"));
    await expect(page.locator('[name="register-email"]')).toHaveAccessibleDescription(ku("validation.email"));
    await expect(page.locator('[name="register-phone"]')).toHaveAccessibleDescription(ku("validation.phone"));
    // The password's hint comes first, then its problem.
    await expect(page.locator('[name="register-password"]')).toHaveAccessibleDescription(`${ku("auth.passwordHint")} ${ku("validation.passwordTooShort")}`);
    await expect(page.locator('[name="register-confirmPassword"]')).toHaveAccessibleDescription(ku("auth.passwordsDiffer"));
    await expect(page.locator('[name="register-name"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('[name="register-name"]')).toBeFocused();

    // Mirrored: the first field of each row sits at the right, and its label starts at the field's right edge.
    const name = page.locator('[name="register-name"]');
    const first = (await name.boundingBox())!;
    const second = (await page.locator('[name="register-contactName"]').boundingBox())!;
    expect(first.x).toBeGreaterThan(second.x);
    const label = (await page.locator(`label[for="${await name.getAttribute("id")}"]`).boundingBox())!;
    expect(Math.abs(label.x + label.width - (first.x + first.width))).toBeLessThan(4);
    await page.screenshot({ path: "test-results/screens/ku-register-errors.png", fullPage: true });
  });
});

test.describe("Arabic", () => {
  test("the login page is right to left, and a wrong password shows the Arabic notice", async ({ page, context }) => {
    await page.goto("/ar/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await page.locator('[name="login-email"]').fill(ACCOUNTS.tigris.email);
    await page.locator('[name="login-password"]').fill("Wrong#2026");
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("form-error")).toHaveText(ar("auth.credentialsWrong"));
    await expect(page.locator("#toaster")).toBeEmpty();
    await expect(page).toHaveURL(/\/ar\/login\/?$/);
    expect(await sessionCookies(context)).toEqual([]);
  });
});
