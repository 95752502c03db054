/**
 * Issue 32: a one-time link opened without its token (the part after "#" lost on the way) says so at once, in the
 * page's language, from the card the build drew, with no island and no React (Lighthouse found this page's largest
 * paint 2.6 s after its first on a phone: the island said the same once loaded). With its token, the island still
 * reads the link and says what is wrong with it (staff-invite.spec.ts, password-reset.spec.ts).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { expectNoIslandAtStart } from "./edge-helpers";

const cases = [
  { path: "/ar/invite/", card: "invite-invalid", text: "هذا الرابط ناقص", action: { name: "تسجيل الدخول", href: "/ar/login/" }, island: /^(InviteAccept|edge-view-mount)\./ },
  { path: "/ku/reset-password/", card: "reset-invalid", text: "ئەم بەستەرە ناتەواوە", action: { href: "/ku/forgot-password/" }, island: /^(ResetPasswordForm|edge-view-mount)\./ },
  { path: "/en/reset-password/", card: "reset-invalid", text: "This link is incomplete", action: { href: "/en/forgot-password/" }, island: /^(ResetPasswordForm|edge-view-mount)\./ },
] as const;

for (const { path, card, text, action, island } of cases) {
  test(`${path} without its token says the link is incomplete at once, with no island`, async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/_astro/") && url.pathname.endsWith(".js")) scripts.push(url.pathname);
    });
    await page.goto(`${BASE_URL}${path}`);
    const shown = page.getByTestId(card);
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(text);
    await expect(shown.getByRole("link")).toHaveAttribute("href", action.href);
    if ("name" in action) await expect(shown.getByRole("link")).toContainText(action.name);
    // The placeholder is gone, and one card only: the island never came to draw its own.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByTestId(card)).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expectNoIslandAtStart(scripts, island, path);
    const serious = (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
    expect(serious).toEqual([]);
  });
}

test("the card is drawn while the page is parsed: no script needs to arrive, so it is the first paint (issue 32)", async ({ page }) => {
  // Every module script held back for good: what shows the card is the page's own inline script.
  await page.route("**/_astro/*.js", () => undefined);
  for (const { path, card, text } of cases) {
    await page.goto(`${BASE_URL}${path}`, { waitUntil: "domcontentloaded" });
    await expect(page.getByTestId(card)).toBeVisible();
    await expect(page.getByTestId(card)).toContainText(text);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
});
