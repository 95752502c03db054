/**
 * Issue 9: /featured, the home page, /visa, /visa/available-visa and a visa's details are drawn by the edge (functions/edge/views.tsx). The agent sees them from the
 * HTML alone — no React, no script needed — and the page draws a part itself when the edge could not, or when it must
 * show a change live (tests/e2e/live.spec.ts, low-balance.spec.ts).
 */
import { expect, test } from "@playwright/test";
import { agentPage, expectNoIslandAtStart, loaded } from "./edge-helpers";

test("the featured visas show from the HTML alone: no React loads, and they are there with scripts turned off", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  await page.goto("/en/featured/");
  const list = page.getByTestId("featured-list");
  await expect(list).toHaveAttribute("data-state", "ready");
  const cards = list.getByTestId("visa-card");
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.first().getByTestId("visa-price")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, /^(edge-view-mount|FeaturedVisas)\./, "no React on /featured");
  // The card is a link to its visa, as the browser-drawn card is.
  await cards.first().getByTestId("visa-title").click();
  await expect(page).toHaveURL(/\/en\/visa\/[^/]+\/details\/$/);
  await context.close();

  const { context: noScripts, page: still } = await agentPage(browser, { javaScriptEnabled: false });
  await still.goto("/ar/featured/");
  await expect(still.getByTestId("featured-list").getByTestId("visa-card").first()).toBeVisible();
  await expect(still.getByTestId("visa-price").first()).toHaveText(/[٠-٩]/);
  await noScripts.close();
});

test("when the edge could not draw them, the page draws the featured visas itself", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  // The page as it leaves the edge when its API call failed: the pre-rendered skeleton, not marked as drawn.
  await page.route("**/en/featured/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/(<div data-edge-view="featured"[^>]*?) data-edge-filled(="")?/, "$1")
      .replace(/(<div data-edge-view="featured"[^>]*>)[\s\S]*?<\/ul><\/div>/, "$1<p data-testid=\"edge-skeleton\">…</p></div>");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/en/featured/");
  const list = page.getByTestId("featured-list");
  await expect(list).toHaveAttribute("data-state", "ready", { timeout: 15_000 });
  expect(await list.getByTestId("visa-card").count()).toBeGreaterThan(0);
  await expect(page.getByTestId("edge-skeleton")).toHaveCount(0);
  await context.close();
});

test("the home page shows the balance, both visa rows, news and events from the HTML alone: no React at start", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  await page.goto("/en/");
  await expect(page.getByTestId("balance-amount")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("home-featured").getByTestId("visa-card").first()).toBeVisible();
  await expect(page.getByTestId("home-latest").getByTestId("visa-card").first()).toBeVisible();
  await expect(page.getByTestId("home-news")).toBeVisible();
  await expect(page.getByTestId("home-events")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  // React comes only with an island that took a view over, which only a live change does (other tests publish news to
  // every agency while this one runs): without one, none of it loads.
  const taken = await page.locator("[data-edge-live]").evaluateAll((views) => views.map((view) => view.getAttribute("data-edge-view")));
  if (taken.length === 0) expectNoIslandAtStart(scripts, /^(edge-view-mount|Home(Balance|Visas|News|Events))\./, "no React on the home page");
  // Each island that loaded took its own view over; the visa rows never change live, so their island never loads.
  const islands = loaded(scripts, /^Home(Balance|Visas|News|Events)\./).map((path) => `home-${/Home(\w+)\./.exec(path)![1]!.toLowerCase()}`);
  for (const view of islands) expect(taken, `${view} loaded only to take its view over`).toContain(view);
  expect(islands).not.toContain("home-visas");
  await context.close();

  const { context: noScripts, page: still } = await agentPage(browser, { javaScriptEnabled: false });
  await still.goto("/ku/");
  await expect(still.getByTestId("balance-amount")).toHaveText(/[٠-٩]/);
  await expect(still.getByTestId("home-latest").getByTestId("visa-card").first()).toBeVisible();
  await noScripts.close();
});

test("/visa: the page of visas comes from the HTML; what the agent types before the catalogue's code arrives is kept", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  // The catalogue's code is held back, as on a slow connection, until the agent has typed.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/VisaCatalogue\.[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto("/en/visa/?mode=Land");
  // Drawn by the edge for the address's filters: Land only, and the filter shows it.
  await expect(page.getByTestId("visa-list")).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("filter-mode")).toHaveValue("Land");
  expect(await page.getByTestId("visa-card").count()).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, /^(edge-view-mount|VisaCatalogue)\./, "no React before the agent reaches for the catalogue");

  const search = page.getByTestId("visa-search");
  await search.click();
  await search.pressSequentially("tur", { delay: 20 });
  release();
  // The island takes the view over with what was typed, and the focus and caret where they were: typing goes on.
  await expect(page.locator('[data-edge-view="visa-catalogue"]')).toHaveAttribute("data-edge-live", "");
  await expect(page.getByTestId("visa-search")).toBeFocused();
  await page.keyboard.type("key", { delay: 30 });
  // …and searched for all of it.
  await expect(page.getByTestId("visa-search")).toHaveValue("turkey");
  await expect(page).toHaveURL(/q=turkey/);
  await expect(page).toHaveURL(/mode=Land/);
  await expect(page.getByTestId("visa-card").getByTestId("visa-title")).toHaveText(["Turkey tourist visa by land (Ibrahim Khalil)"]);
  await context.close();
});

test("/visa pager links work before any script: page 2 is drawn by the edge", async ({ browser }) => {
  const { context, page } = await agentPage(browser, { javaScriptEnabled: false });
  await page.goto("/en/visa/");
  await expect(page.getByTestId("pager-status")).toHaveText(/^Page 1 of \d+$/);
  await page.getByTestId("pager-next").click();
  await expect(page).toHaveURL(/\/en\/visa\/\?page=2$/);
  await expect(page.getByTestId("pager-status")).toHaveText(/^Page 2 of \d+$/);
  await context.close();
});

/** The address of the first featured visa's details page, as the agent would follow it. */
async function firstVisaPath(browser: import("@playwright/test").Browser): Promise<string> {
  const { context, page } = await agentPage(browser, { javaScriptEnabled: false });
  await page.goto("/en/featured/");
  const href = await page.getByTestId("featured-list").getByTestId("visa-card").first().getByTestId("visa-title").getAttribute("href");
  await context.close();
  expect(href).toMatch(/^\/en\/visa\/[^/]+\/details\/$/);
  return href!;
}

test("a visa's details show from the HTML alone: no React loads, and price, facts, requirements and the request link are there with scripts off", async ({ browser }) => {
  const path = await firstVisaPath(browser);
  const id = decodeURIComponent(path.split("/")[3]!);
  const { context, page, scripts } = await agentPage(browser);
  await page.goto(path);
  const details = page.getByTestId("visa-details");
  await expect(details.getByTestId("visa-price")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("record-id")).toHaveAttribute("data-id", id);
  await expect(page.getByTestId("visa-title")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, /^(edge-view-mount|VisaDetails|RecordReference)\./, "no React on the details page");
  await context.close();

  const { context: noScripts, page: still } = await agentPage(browser, { javaScriptEnabled: false });
  await still.goto(path.replace("/en/", "/ar/"));
  const shown = still.getByTestId("visa-details");
  await expect(shown.getByTestId("visa-price")).toHaveText(/[٠-٩]/);
  await expect(shown.locator("dl dd")).toHaveCount(4);
  await expect(shown.getByTestId("requirements")).toBeVisible();
  await expect(shown.getByTestId("request-visa")).toHaveAttribute("href", `/ar/visa/${encodeURIComponent(id)}/request/`);
  await expect(still.getByTestId("visa-title")).not.toBeEmpty();
  await expect(still.getByTestId("record-reference")).toBeVisible();
  await noScripts.close();
});

test("when the edge could not draw a visa's details, the page draws them (and the lead) itself", async ({ browser }) => {
  const path = await firstVisaPath(browser);
  const id = decodeURIComponent(path.split("/")[3]!);
  const { context, page } = await agentPage(browser);
  // The page as it leaves the edge when its API call failed: skeletons not marked as drawn, the lead empty and hidden,
  // no first data.
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/(<div[^>]*data-edge-view="record-reference"[^>]*?) data-edge-filled(="")?>[\s\S]*?<\/p><\/div>/, '$1><p data-testid="edge-skeleton-ref">…</p></div>')
      .replace(/(<div class="contents" data-edge-view="visa-details"[^>]*?) data-edge-filled(="")?>[\s\S]*?<\/aside>(<section[\s\S]*?<\/section>)?/, '$1><p data-testid="edge-skeleton">…</p>')
      .replace(/(<article[^>]*data-visa-lead)/, "$1 hidden")
      .replace(/<script type="application\/json" id="first-data">[\s\S]*?<\/script>/, "");
    expect(html).toContain('data-testid="edge-skeleton"');
    expect(html).toContain('data-testid="edge-skeleton-ref"');
    await route.fulfill({ response, body: html });
  });
  await page.goto(path);
  await expect(page.getByTestId("visa-details").getByTestId("visa-price")).toHaveText(/^\$[\d,]+\.\d\d$/, { timeout: 15_000 });
  await expect(page.getByTestId("request-visa")).toBeVisible();
  await expect(page.getByTestId("record-id")).toHaveAttribute("data-id", id);
  await expect(page.getByTestId("visa-lead")).toBeVisible();
  await expect(page.getByTestId("visa-title")).not.toBeEmpty();
  await expect(page.getByTestId("edge-skeleton")).toHaveCount(0);
  await context.close();
});
