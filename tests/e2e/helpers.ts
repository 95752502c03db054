import { expect, type BrowserContext, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";

export const LOCALES = ["en", "ar", "ku"] as const;
export const HTML_ATTRS = { en: { lang: "en", dir: "ltr" }, ar: { lang: "ar", dir: "rtl" }, ku: { lang: "ckb", dir: "rtl" } } as const;

/** The demo accounts the e2e server loads (README). */
export const ACCOUNTS = {
  agent: { email: "agent@sunrise.example", password: "Agent#2026", login: "loginAgent", name: "Sunrise Travel" },
  tigris: { email: "agent@tigris.example", password: "Agent#2026", login: "loginAgent", name: "Tigris Tours" },
  staff: { email: "staff@sunrise.example", password: "Staff#2026", login: "loginAgent", name: undefined },
  admin: { email: "admin@visahub.example", password: "Admin#2026", login: "loginAdmin", name: undefined },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

/**
 * Signs in for real through the API, with the browser context's own request context: the session cookies the edge
 * sets (access token, HttpOnly refresh token, kind, admin flag) land in the browser's cookie jar.
 */
export async function signInAs(context: BrowserContext, kind: AccountName) {
  const account = ACCOUNTS[kind];
  const response = await context.request.post(`${BASE_URL}/api/auth/${account.login}`, {
    data: { email: account.email, password: account.password },
    // State-changing API calls must come from the site's own origin (DESIGN §11).
    headers: { Origin: BASE_URL },
  });
  expect(response.status(), `sign-in as ${kind}: ${await response.text()}`).toBe(200);
  const cookies = await context.cookies(BASE_URL);
  expect(cookies.map((cookie) => cookie.name), `session cookies for ${kind}`).toContain("auth.accessToken");
}

/** Signs in through the sign-in form of the page the browser is on. */
export async function signInWithForm(page: Page, kind: AccountName, area: "agent" | "admin" = "agent") {
  const account = ACCOUNTS[kind];
  const prefix = area === "admin" ? "admin-login" : "login";
  await hydrateSignInForm(page, prefix);
  await page.locator(`[name="${prefix}-email"]`).fill(account.email);
  await page.locator(`[name="${prefix}-password"]`).fill(account.password);
  await page.getByTestId("login-submit").click();
}

/** Names of the session cookies the browser holds (HttpOnly ones included). */
export async function sessionCookies(context: BrowserContext): Promise<string[]> {
  return (await context.cookies(BASE_URL)).filter((cookie) => cookie.name.startsWith("auth.") && cookie.value).map((cookie) => cookie.name);
}

/**
 * The signed-in agency's balance as the API says it now (minor units) and as the English pages write it. Other test
 * files file requests and move the demo agencies' money at the same time, so tests compare against this, not a constant.
 */
export async function currentBalance(context: BrowserContext): Promise<{ minor: number; en: string }> {
  const token = (await context.cookies(BASE_URL)).find((cookie) => cookie.name === "auth.accessToken")?.value;
  const response = await context.request.get(`${BASE_URL}/api/agents/balance`, { headers: { Authorization: `Bearer ${token}` } });
  const { balance, currency } = (await response.json()) as { balance: number; currency: string };
  return { minor: balance, en: new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: 2 }).format(balance / 100) };
}

/**
 * The sign-in forms' islands come on the first interaction (issue 9) and swap in for the built form. What is typed
 * before or while React loads is kept (the island gets the fields' values, focus and caret when it swaps in;
 * tests/e2e/light-pages.spec.ts types with the island's code held back). Tests that are not about that moment may
 * still wait for the island first, which keeps their timings simple.
 */
export async function hydrateSignInForm(page: Page, prefix: "login" | "admin-login" = "login") {
  await page.locator(`[name="${prefix}-email"]`).focus();
  await page.waitForFunction(
    () => !document.querySelector("astro-island[ssr]") && !document.querySelector("[data-edge-view][data-edge-interactive]:not([data-edge-live])"),
    undefined,
    { timeout: 20_000 },
  );
}
