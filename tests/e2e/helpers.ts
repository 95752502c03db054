import AxeBuilder from "@axe-core/playwright";
import { expect, request, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
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
 * The API as one account, outside the browser. Tokens live 5 s here: every call signs in again first (a successful
 * sign-in is not rate-limited). Tests use this rather than the browser's access cookie, which may have run out, and
 * which a refresh from the test's side would rotate under the page.
 */
type Credentials = { email: string; password: string; login: string };

export class Api {
  private constructor(private readonly http: APIRequestContext, private readonly account: Credentials) {}
  static async as(account: AccountName) {
    return Api.signingInAs(ACCOUNTS[account]);
  }
  /** An account a test made itself (a new agency), signed in by its own email and password. */
  static async signingInAs(account: Credentials) {
    return new Api(await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } }), account);
  }
  private async token(): Promise<string> {
    const { email, password, login } = this.account;
    const response = await this.http.post(`/api/auth/${login}`, { data: { email, password } });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }
  async call<T = any>(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, options: { data?: unknown; multipart?: Record<string, any>; headers?: Record<string, string>; expect?: number } = {}): Promise<T> {
    const response = await this.http.fetch(`/api/${path}`, {
      method,
      data: options.data,
      multipart: options.multipart,
      headers: { Authorization: `Bearer ${await this.token()}`, ...options.headers },
    });
    const text = await response.text();
    expect(response.status(), `${method} ${path}: ${text}`).toBe(options.expect ?? (method === "POST" ? 201 : 200));
    return (text ? JSON.parse(text) : undefined) as T;
  }
  dispose = () => this.http.dispose();
}

/**
 * An agency's balance as the API says it now (minor units) and as the English pages write it. Other test files file
 * requests and move the demo agencies' money at the same time, so tests compare against this, not a constant.
 */
export async function currentBalance(kind: "agent" | "tigris"): Promise<{ minor: number; en: string }> {
  const api = await Api.as(kind);
  try {
    const { balance, currency } = await api.call<{ balance: number; currency: string }>("GET", "agents/balance");
    return { minor: balance, en: new Intl.NumberFormat("en", { style: "currency", currency, minimumFractionDigits: 2 }).format(balance / 100) };
  } finally {
    await api.dispose();
  }
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

/**
 * Types an ISO date into the date field (components/ui/DateField) whose value carries `testId`, part after part in
 * the order the page shows them, as a person does. `arab`: Arabic-Indic digits, sent as the text an Arabic keyboard
 * (or a phone's) inserts; Latin digits go as key presses.
 */
export async function typeDate(page: Page, testId: string, iso: string, digits: "latn" | "arab" = "latn") {
  const parts = page.getByTestId(`${testId}-field`).getByRole("spinbutton");
  const [year, month, day] = iso.split("-") as [string, string, string];
  const text: Record<string, string> = { year, month, day };
  // A drawn form's island comes as the agent reaches for it (edge-views.ts): its parts take typing once it is there.
  await parts.first().click();
  await expect(parts.first()).toHaveAttribute("contenteditable", "true", { timeout: 30_000 });
  await parts.first().click();
  for (const part of await parts.all()) {
    const value = text[(await part.getAttribute("data-part"))!]!;
    await page.keyboard.type(digits === "arab" ? value.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))) : value);
  }
  await expect(page.getByTestId(testId)).toHaveValue(iso);
}

/** Arabic-Indic digits of an amount as the Arabic pages write it ("$1,234.00" → "١٬٢٣٤٫٠٠"), to find it in the text. */
export const arabicDigits = (minor: number) =>
  new Intl.NumberFormat("ar-u-nu-arab", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);

/** axe-core on the page as it is now: no serious or critical finding (the bar of tests/e2e/a11y.spec.ts). */
export async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * Whether the page's Arabic-script text is set in Vazirmatn: its face is in the page and loaded. `document.fonts.check`
 * alone answers true while the page holds no face of the family at all (an Arabic page adds it only once it has loaded).
 */
export const HAS_VAZIRMATN = () =>
  [...document.fonts].some((face) => face.family.replace(/"/g, "") === "Vazirmatn Variable" && face.status === "loaded") &&
  document.fonts.check('16px "Vazirmatn Variable"', "ڕێگە");
