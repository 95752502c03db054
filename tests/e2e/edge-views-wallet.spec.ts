/**
 * Issue 9: the money pages drawn by the edge (functions/edge/views/wallet.tsx). The agent reads the statement and the
 * history from the HTML alone (no React at start, and with scripts off in Arabic); the page draws them itself when
 * the edge could not; a control reached before the island's code is there is not lost (typed text carried over, an
 * export pressed is pressed again on the island).
 */
import { expect, test, type Browser } from "@playwright/test";
import { expectNoIslandAtStart } from "./edge-helpers";
import { signInAs } from "./helpers";

// As edge-views.spec.ts: the demo agent's page, with the path of every script it requests.
async function agentPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ ...options, acceptDownloads: true });
  await signInAs(context, "agent");
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return { context, page, scripts };
}
const loaded = (scripts: readonly string[], names: RegExp) => scripts.filter((path) => names.test(path.replace(/^\/_astro\//, "")));

/** Holds an island's code back (a slow connection) until `release()`. */
async function holdBack(page: import("@playwright/test").Page, chunk: RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunk, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test("the statement shows from the HTML alone: balance, chart and movements, no React; with scripts off in Arabic too", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  await page.goto("/en/transactions/");
  await expect(page.getByTestId("statement-balance-amount")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("balance-chart")).toBeVisible();
  const rows = page.getByTestId("statement-table-grid").getByTestId("table-row");
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(rows.first().getByTestId("tx-amount")).toHaveText(/^[+−]\$[\d,]+\.\d\d$/);
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, /^(edge-view-mount|StatementPage|BalanceChart)\./, "no React on /transactions");
  await context.close();

  const { context: noScripts, page: still } = await agentPage(browser, { javaScriptEnabled: false });
  await still.goto("/ar/transactions/");
  await expect(still.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(still.getByTestId("statement-balance-amount")).toHaveText(/[٠-٩]/);
  expect(await still.getByTestId("statement-balance-amount").innerText(), "one digit system").not.toMatch(/[0-9]/);
  await expect(still.getByTestId("statement-table-grid").getByTestId("table-row").first()).toBeVisible();
  await expect(still.getByTestId("balance-chart")).toBeVisible();
  await noScripts.close();
});

test("the history shows from the HTML alone, no React; with scripts off in Kurdish too", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  await page.goto("/en/transactions-old/");
  const rows = page.getByTestId("history-table-grid").getByTestId("table-row");
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(page.getByTestId("pagination-range")).toHaveText(/^1–\d+ of \d+$/);
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, /^(edge-view-mount|HistoryPage)\./, "no React on /transactions-old");
  await context.close();

  const { context: noScripts, page: still } = await agentPage(browser, { javaScriptEnabled: false });
  await still.goto("/ku/transactions-old/");
  await expect(still.getByTestId("history-table-grid").getByTestId("tx-amount").first()).toHaveText(/[٠-٩]/);
  await noScripts.close();
});

test("when the edge could not draw the statement, the page draws it itself", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  // The page as it leaves the edge when its API call failed: the pre-rendered skeleton, not marked as drawn.
  await page.route("**/en/transactions/", async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/(<div data-edge-view="statement-page"[^>]*?) data-edge-filled(="")?/, "$1")
      .replace(/(<div data-edge-view="statement-page"[^>]*>)[\s\S]*?(<script)/, '$1<p data-testid="edge-skeleton">…</p></div>$2');
    await route.fulfill({ response, body: html });
  });
  await page.goto("/en/transactions/");
  await expect(page.getByTestId("statement-balance-amount")).toHaveText(/^\$[\d,]+\.\d\d$/, { timeout: 15_000 });
  expect(await page.getByTestId("statement-table-grid").getByTestId("table-row").count()).toBeGreaterThan(0);
  await expect(page.getByTestId("edge-skeleton")).toHaveCount(0);
  // The island drew it (nothing was reached for: only a view the edge did not draw gets its island at start).
  await expect(page.locator('[data-edge-view="statement-page"]')).toHaveAttribute("data-edge-live", "");
  await context.close();
});

test("history: what the agent types in the search before the island's code arrives is kept, and searched for", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  const release = await holdBack(page, /\/_astro\/HistoryPage\.[^/]*\.js$/);
  await page.goto("/en/transactions-old/");
  const all = await page.getByTestId("history-table-grid").getByTestId("table-row").count();
  expect(all).toBeGreaterThan(0);
  expect(loaded(scripts, /^HistoryPage\./)).toEqual([]);
  const search = page.getByTestId("search");
  await search.click();
  await search.pressSequentially("ban", { delay: 20 });
  // Enter before the island: no native submit (the page stays, the text too).
  await search.press("Enter");
  await expect(search).toHaveValue("ban");
  release();
  await expect(page.locator('[data-edge-view="history-page"]')).toHaveAttribute("data-edge-live", "");
  await expect(page.getByTestId("search")).toBeFocused();
  await page.keyboard.type("k tr", { delay: 30 });
  await expect(page.getByTestId("search")).toHaveValue("bank tr");
  // The island searched for all of it: only the bank transfers' rows are left.
  const rows = page.getByTestId("history-table-grid").getByTestId("table-row");
  await expect(async () => {
    const texts = await rows.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.length).toBeLessThan(all);
    for (const text of texts) expect(text).toMatch(/bank transfer/i);
  }).toPass({ timeout: 15_000 });
  await context.close();
});

test("statement: an export pressed before the island's code arrives loads it and downloads the file", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  const release = await holdBack(page, /\/_astro\/StatementPage\.[^/]*\.js$/);
  await page.goto("/en/transactions/");
  await expect(page.getByTestId("statement-table-grid").getByTestId("table-row").first()).toBeVisible();
  const download = page.waitForEvent("download", { timeout: 20_000 });
  await page.getByTestId("export-xlsx").click();
  await expect.poll(() => loaded(scripts, /^StatementPage\./).length, { message: "the press asked for the island" }).toBeGreaterThan(0);
  release();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  await context.close();
});

test("what the agent filters by stays in the address: a reload, or the link sent to a colleague, shows the same rows", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  await page.goto("/en/transactions/");
  const rows = page.getByTestId("statement-table-grid").getByTestId("table-row");
  await expect(rows.first()).toBeVisible();
  await page.getByTestId("filter-type").selectOption("TopUp");
  await expect(page).toHaveURL(/\/en\/transactions\/\?type=TopUp$/);
  await expect(rows.first()).toContainText("Top-up");
  const shown = await rows.allInnerTexts();
  expect(shown.length).toBeGreaterThan(0);
  for (const row of shown) expect(row).toContain("Top-up");

  // A reload draws the same: the filter shows as applied, the rows are the top-ups (drawn by the edge, then the island's).
  await page.reload();
  await expect(page.getByTestId("filter-type")).toHaveValue("TopUp");
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.allInnerTexts()) expect(row).toContain("Top-up");

  // Back to every type: the address is the page's own again.
  await page.getByTestId("filter-type").selectOption("");
  await expect(page).toHaveURL(/\/en\/transactions\/$/);
  await context.close();
});

test("on an Arabic phone the statement keeps each amount's sign with its number, on one line (issue 26 item 2)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInAs(context, "agent");
  const page = await context.newPage();
  await page.goto("/ar/transactions-old/");
  const amounts = page.locator('[data-testid="tx-amount"]:visible');
  expect(await amounts.count()).toBeGreaterThan(0);
  const shapes = await amounts.evaluateAll((els) =>
    els.map((el) => {
      const lines = new Set([...el.getClientRects()].map((r) => Math.round(r.top)));
      return { lines: lines.size, text: (el.textContent ?? "").replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, "") };
    }),
  );
  for (const shape of shapes) {
    expect(shape.lines, shape.text).toBe(1);
    // The sign comes first and touches the amount (read left to right: "−US$ ١٤٠٫٠٠").
    expect(shape.text, shape.text).toMatch(/^[+−]\S/);
  }
  await context.close();
});
