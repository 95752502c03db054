/**
 * Issue 9: /featured is drawn by the edge (functions/edge/views.tsx). The agent sees the featured visas with their
 * price from the HTML alone — no React, no script needed — and the page draws them itself when the edge could not.
 */
import { expect, test } from "@playwright/test";
import { signInAs } from "./helpers";

test("the featured visas show from the HTML alone: no React loads, and they are there with scripts turned off", async ({ browser }) => {
  const context = await browser.newContext();
  await signInAs(context, "agent");
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/en/featured/");
  const list = page.getByTestId("featured-list");
  await expect(list).toHaveAttribute("data-state", "ready");
  const cards = list.getByTestId("visa-card");
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(cards.first().getByTestId("visa-price")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => /\/_astro\/(react|featured-mount|FeaturedVisas)\./.test(path)), "no React on /featured").toEqual([]);
  // The card is a link to its visa, as the browser-drawn card is.
  await cards.first().getByTestId("visa-title").click();
  await expect(page).toHaveURL(/\/en\/visa\/[^/]+\/details\/$/);
  await context.close();

  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  await signInAs(noScripts, "agent");
  const still = await noScripts.newPage();
  await still.goto("/ar/featured/");
  await expect(still.getByTestId("featured-list").getByTestId("visa-card").first()).toBeVisible();
  await expect(still.getByTestId("visa-price").first()).toHaveText(/[٠-٩]/);
  await noScripts.close();
});

test("when the edge could not draw them, the page draws the featured visas itself", async ({ browser }) => {
  const context = await browser.newContext();
  await signInAs(context, "agent");
  const page = await context.newPage();
  // The page as it leaves the edge when its API call failed: the pre-rendered skeleton, not marked as drawn.
  await page.route("**/en/featured/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/ data-edge-filled(="")?/, "")
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
