/**
 * The agent's catalogue against the real product (wrangler dev, local D1, demo data of scripts/demo/catalogue.mjs):
 * each group sees its own prices and only the visas it may see, in all three languages; details show the
 * requirements; search, filters, paging, the trip search and the home page work; nothing shifts while loading.
 */
import { expect, test, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { BASE_URL } from "../../playwright.config";
import { LOCALES, currentBalance } from "./helpers";

type Locale = (typeof LOCALES)[number];

const AGENTS = {
  gold: { email: "agent@sunrise.example", password: "Agent#2026" },
  standard: { email: "agent@tigris.example", password: "Agent#2026" },
} as const;

/** Demo visas (English titles are searchable from every language), their prices in USD cents. */
const OVERRIDDEN = { title: "Turkey tourist e-Visa", base: 8_500, gold: 7_900 };
const PLAIN = { title: "Turkey business visa", base: 15_000 };
/** Hidden from group Standard; Gold has its own price for it. */
const HIDDEN = { title: "UAE 5-year multiple-entry tourist visa", search: "5-year", base: 65_000, gold: 60_000 };

/** Signs in through the real API; the session cookies land in the page's browser context. */
async function signIn(page: Page, agent: keyof typeof AGENTS) {
  const response = await page.request.post("/api/auth/loginAgent", {
    data: AGENTS[agent],
    // State-changing API calls must come from the site's own origin (DESIGN §11).
    headers: { Origin: BASE_URL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The money text the page should show, computed by the browser's own Intl (as the page does), marks removed. */
async function expectedMoney(page: Page, minor: number, locale: Locale): Promise<string> {
  // The product's one rule (src/components/ui/format.ts): Latin digits in en, Arabic-Indic (ar-IQ) in ar and ku.
  return page.evaluate(
    ([value, rtl]) =>
      new Intl.NumberFormat(rtl ? ["ar-IQ"] : ["en"], { style: "currency", currency: "USD", minimumFractionDigits: 2, ...(rtl ? { numberingSystem: "arab" } : {}) }).format(value / 100),
    [minor, locale !== "en"] as const,
  );
}
const unisolated = (text: string | null) => (text ?? "").replace(/[\u2068\u2069]/g, "");

/**
 * Lets the page finish its requests before the next navigation: the e2e server's access tokens live 5 s, so the
 * next page often starts with a refresh, which should not overlap one the previous page still has running.
 */
async function settle(page: Page) {
  if (page.url().startsWith("http")) await page.waitForLoadState("networkidle");
}

async function go(page: Page, path: string) {
  await settle(page);
  await page.goto(path);
}

/** Opens /visa with a search and waits for the list (or the empty panel). */
async function searchVisas(page: Page, locale: Locale, words: string) {
  await go(page, `/${locale}/visa/?q=${encodeURIComponent(words)}`);
  await expect(page.locator('[data-testid="visa-list"][data-state="ready"], [data-testid="empty"]').first()).toBeVisible();
}

/** The card of a visa, found by its English title through the search. */
async function cardOf(page: Page, locale: Locale, title: string) {
  await searchVisas(page, locale, title);
  const cards = page.getByTestId("visa-card");
  await expect(cards).toHaveCount(1);
  return cards.first();
}

for (const locale of LOCALES) {
  test(`a Gold agent sees Gold prices and the visa hidden from Standard (${locale})`, async ({ page }) => {
    await signIn(page, "gold");
    const overridden = await cardOf(page, locale, OVERRIDDEN.title);
    expect(unisolated(await overridden.getByTestId("visa-price").textContent())).toBe(await expectedMoney(page, OVERRIDDEN.gold, locale));
    const plain = await cardOf(page, locale, PLAIN.title);
    expect(unisolated(await plain.getByTestId("visa-price").textContent())).toBe(await expectedMoney(page, PLAIN.base, locale));

    const hidden = await cardOf(page, locale, HIDDEN.search);
    expect(unisolated(await hidden.getByTestId("visa-price").textContent())).toBe(await expectedMoney(page, HIDDEN.gold, locale));
    // Its page opens, with the same price.
    await settle(page);
    await hidden.getByTestId("visa-title").click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/visa/[^/]+/details/$`));
    expect(unisolated(await page.getByTestId("visa-details").getByTestId("visa-price").textContent())).toBe(await expectedMoney(page, HIDDEN.gold, locale));
  });

  test(`a Standard agent sees the visa's own prices and never the hidden visa (${locale})`, async ({ page, browser }) => {
    // The hidden visa's id, as a Gold agent sees it.
    const goldContext = await browser.newContext();
    const gold = await goldContext.newPage();
    await signIn(gold, "gold");
    const hiddenId = await (await cardOf(gold, "en", HIDDEN.search)).getAttribute("data-visa-id");
    await goldContext.close();
    expect(hiddenId).toBeTruthy();

    await signIn(page, "standard");
    const overridden = await cardOf(page, locale, OVERRIDDEN.title);
    expect(unisolated(await overridden.getByTestId("visa-price").textContent())).toBe(await expectedMoney(page, OVERRIDDEN.base, locale));

    await searchVisas(page, locale, HIDDEN.search);
    await expect(page.getByTestId("visa-card")).toHaveCount(0);
    await expect(page.getByTestId("empty")).toBeVisible();
    // Not on the home page rows, and its address is the not-found page (a 404, issue 27).
    await settle(page);
    const response = await page.goto(`/${locale}/visa/${hiddenId}/details/`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("[data-error-message]")).toContainText(`/${locale}/visa/${hiddenId}/details/`);
    await expect(page.getByTestId("request-visa")).toHaveCount(0);
  });
}

test("the details page shows requirements, the price and the way to request; mirrored in Kurdish", async ({ page }) => {
  mkdirSync("test-results/screens", { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "gold");
  const card = await cardOf(page, "ku", "Schengen tourist visa");
  const id = await card.getAttribute("data-visa-id");
  // Issue 9: the edge writes the visa into the page, so the page shows it without asking the API after its scripts.
  const visaCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(`/api/visa/one/${id}`)) visaCalls.push(request.url());
  });
  await go(page, `/ku/visa/${id}/details`);
  const details = page.getByTestId("visa-details");
  await expect(details).toBeVisible();
  await expect(page.getByTestId("visa-title")).toBeVisible();
  expect(visaCalls).toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  // Documents and information apart, each with its required flag.
  const documents = page.getByTestId("requirements-document").getByTestId("requirement");
  await expect(documents).toHaveCount(7);
  await expect(documents.first()).toHaveAttribute("data-required", "true");
  await expect(documents.first()).toContainText("پێویستە");
  const information = page.getByTestId("requirements-information").getByTestId("requirement");
  await expect(information).toHaveCount(1);
  await expect(information.first()).toHaveAttribute("data-required", "false");
  await expect(information.first()).toContainText("ئارەزوومەندانە");
  await expect(page.getByTestId("visa-content").locator("h2")).toHaveText("دەربارەی ئەم ڤیزایە");
  // Processing time in Kurdish digits.
  await expect(details).toContainText("١٥ ڕۆژ");
  await expect(page.getByTestId("request-visa")).toHaveAttribute("href", `/ku/visa/${id}/request/`);

  // Right to left: the price column sits at the inline start's opposite side (left), the visa at the right.
  const aside = await page.getByTestId("requirements").boundingBox();
  const title = await page.getByTestId("visa-title").boundingBox();
  expect(aside!.x).toBeLessThan(title!.x);
  await page.screenshot({ path: "test-results/screens/ku-visa-details.png", fullPage: true });

  // The request button leads to the request page of this visa.
  await settle(page);
  await page.getByTestId("request-visa").click();
  await expect(page).toHaveURL(new RegExp(`/ku/visa/${id}/request/$`));
});

test("search, filters and paging of /visa keep their state in the address", async ({ page }) => {
  await signIn(page, "gold");
  await page.goto("/en/visa/");
  await expect(page.getByTestId("visa-list")).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("visa-card")).toHaveCount(12);
  await expect(page.getByTestId("pager-status")).toHaveText("Page 1 of 2");
  await page.getByTestId("pager-next").click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByTestId("pager-status")).toHaveText("Page 2 of 2");
  await expect(page.getByTestId("visa-card")).toHaveCount(12);

  // A filter goes back to page 1.
  await page.getByTestId("filter-country").selectOption({ label: "Turkey" });
  await expect(page).toHaveURL(/\?country=[^&]+$/);
  await expect(page.getByTestId("visa-card")).toHaveCount(3);
  await page.getByTestId("filter-mode").selectOption("Land");
  await expect(page.getByTestId("visa-card")).toHaveCount(1);
  await expect(page.getByTestId("visa-card").getByTestId("visa-title")).toHaveText("Turkey tourist visa by land (Ibrahim Khalil)");

  // Typing searches once typing pauses; a reload keeps everything.
  await page.getByTestId("filter-clear").click();
  await page.getByTestId("visa-search").pressSequentially("schengen", { delay: 30 });
  await expect(page).toHaveURL(/\?q=schengen$/);
  await expect(page.getByTestId("visa-card")).toHaveCount(3);
  await settle(page);
  await page.reload();
  await expect(page.getByTestId("visa-search")).toHaveValue("schengen");
  await expect(page.getByTestId("visa-card")).toHaveCount(3);
});

test("available visas: destination and travel mode give that trip's visas", async ({ page }) => {
  await signIn(page, "standard");
  await page.goto("/ar/visa/available-visa/");
  await expect(page.getByTestId("trip-idle")).toBeVisible();
  await page.getByTestId("trip-country").selectOption({ label: "الأردن" });
  await expect(page.getByTestId("available-list")).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("visa-card")).toHaveCount(1);
  await expect(page.getByTestId("visa-title")).toHaveText("تأشيرة الأردن السياحية");
  await page.getByTestId("trip-mode").getByText("برًا").click();
  await expect(page.getByTestId("visa-title")).toHaveText("تأشيرة الأردن براً (طريبيل)");
  await expect(page).toHaveURL(/mode=Land/);
  // The UAE has no visa by land.
  await page.getByTestId("trip-country").selectOption({ label: "الإمارات العربية المتحدة" });
  await expect(page.getByTestId("empty")).toBeVisible();
});

test("the home page shows the theme's banners, the balance, featured and latest visas", async ({ page, context }) => {
  await signIn(page, "gold");
  await page.goto("/en/");
  await expect(page.getByTestId("banner")).toHaveCount(3);
  await expect(page.getByTestId("banner").first()).toContainText("Every visa your travellers need");
  // Drawn by the edge: the first picture comes with the page, the others once it has loaded; every one shows.
  const pictures = page.getByTestId("banner").locator("img");
  await expect(pictures).toHaveCount(3);
  for (const picture of await pictures.all()) await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId("balance-amount")).toHaveText((await currentBalance("agent")).en);
  await expect(page.getByTestId("home-featured").getByTestId("visa-card")).toHaveCount(6);
  await expect(page.getByTestId("home-latest").getByTestId("visa-card")).toHaveCount(6);
  // The carousel moves with its buttons and tells which slide shows.
  await page.getByTestId("banner-next").click();
  await expect(page.getByRole("button", { name: "Show slide 2" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("home-news")).toBeVisible();
});

for (const path of ["/en/", "/en/visa/", "/ar/featured/"]) {
  test(`nothing shifts while ${path} loads (phone)`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signIn(page, "gold");
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    await expect(page.getByTestId("visa-card").first()).toBeVisible();
    await page.waitForTimeout(1000);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls, `cumulative layout shift on ${path}`).toBeLessThan(0.05);
  });
}
