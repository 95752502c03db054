/**
 * Issue 9: the admin resource pages drawn by the edge (functions/edge/views/admin.tsx). The admin reads the visa list
 * from the HTML alone (no React at start, and with scripts turned off); the island comes when the admin reaches for
 * a control; a press, a keyboard press or a search made on the drawn table before the island is there is not lost.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { agentPage, expectNoIslandAtStart, holdBack } from "./edge-helpers";

const slowExpect = expect.configure({ timeout: 20_000 });
const ISLAND = /^(VisasPage|edge-view-mount)\./;

/**
 * A row's edit pressed on the drawn page, then the held-back code let through (`meanwhile` checks the page in
 * between): the form opens on that very row. Returns the open dialog.
 */
async function editOpensRow(page: Page, edit: Locator, title: string, release: () => void, meanwhile?: () => Promise<void>) {
  await edit.click();
  await meanwhile?.();
  release();
  const dialog = page.getByTestId("form-dialog");
  await slowExpect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading")).toContainText(title.split("\n").pop()!.trim());
  return dialog;
}

test("the admin visa list arrives drawn: rows and their buttons with no React at start, and with scripts off", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  await page.goto("/en/admin/visa-list/");
  const view = page.locator('[data-edge-view="admin-visas"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(view.getByTestId("table-row").first()).toBeVisible();
  await expect(view.getByTestId("row-edit").first()).toBeVisible();
  // The page settles (idle work after load ran): still no island's code and no React.
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_500);
  expectNoIslandAtStart(scripts, ISLAND, "admin visa list");
  await context.close();

  const off = await agentPage(browser, { javaScriptEnabled: false }, "admin");
  await off.page.goto("/en/admin/visa-list/");
  await expect(off.page.getByTestId("table-row").first()).toBeVisible();
  await expect(off.page.getByTestId("pagination-range")).toHaveText(/^1–\d+ of \d+$/);
  await off.context.close();
});

test("Create pressed from the keyboard on the drawn table opens the form once the island is there", async ({ browser }) => {
  const { context, page } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, ISLAND);
  await page.goto("/en/admin/visa-list/");
  const create = page.getByTestId("create-button");
  await create.focus();
  await page.keyboard.press("Enter");
  // The island is held back: nothing opens yet, and the drawn table stays.
  await expect(page.getByTestId("form-dialog")).toHaveCount(0);
  release();
  await slowExpect(page.getByTestId("form-dialog")).toBeVisible();
  await expect(page.locator('[data-edge-view="admin-visas"]')).toHaveAttribute("data-edge-live", "");
  await context.close();
});

test("a row's edit pressed before the island opens that very row, and a search typed meanwhile is kept", async ({ browser }) => {
  const { context, page } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, ISLAND);
  await page.goto("/en/admin/visa-list/");
  const grid = page.getByTestId("resource-table-grid");
  const second = grid.getByTestId("table-row").nth(1);
  const title = (await second.locator("td").first().innerText()).trim();
  const dialog = await editOpensRow(page, second.getByTestId("row-edit"), title, release);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await context.close();

  const typed = await agentPage(browser, {}, "admin");
  const releaseTyped = await holdBack(typed.page, ISLAND);
  await typed.page.goto("/en/admin/visa-list/");
  const search = typed.page.getByTestId("search");
  await search.fill("zzz-no-such-visa");
  releaseTyped();
  await slowExpect(typed.page.getByTestId("table-empty").first()).toBeVisible();
  await expect(typed.page.getByTestId("search")).toHaveValue("zzz-no-such-visa");
  await typed.context.close();
});

test("a phone gets the list as cards only: its buttons work when the island comes, which shows the table once the screen is wide", async ({ browser }) => {
  const { context, page } = await agentPage(browser, { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true }, "admin");
  // What an Android phone's Chrome says of itself (Lighthouse's mobile run says the same): the browser then sends
  // `Sec-CH-UA-Mobile: ?1` with every request, as a phone does.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setUserAgentOverride", {
    userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
    userAgentMetadata: { brands: [{ brand: "Chromium", version: "140" }], fullVersion: "140.0.0.0", platform: "Android", platformVersion: "14", architecture: "", model: "Pixel 7", mobile: true },
  });
  const release = await holdBack(page, ISLAND);
  const answer = await page.goto("/en/admin/visa-list/");
  expect(answer?.headers()["vary"]).toContain("Sec-CH-UA-Mobile");
  const view = page.locator('[data-edge-view="admin-visas"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  // Drawn for a phone: the cards, and no hidden table in the page at all.
  const cards = view.getByTestId("table-card");
  await expect(cards.first()).toBeVisible();
  await expect(view.getByTestId("resource-table-grid")).toHaveCount(0);
  const count = await cards.count();
  const title = (await cards.nth(1).locator("div.font-semibold").first().innerText()).trim();
  // The second card's edit, pressed on the drawn page: the island comes and opens that very row.
  const dialog = await editOpensRow(page, cards.nth(1).getByTestId("row-edit"), title, release);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(view).toHaveAttribute("data-edge-live", "");
  // The island draws what the screen shows: still the cards only…
  await expect(view.getByTestId("table-card")).toHaveCount(count);
  await expect(view.getByTestId("resource-table-grid")).toHaveCount(0);
  // …and the table once the screen is md or wider (a phone turned, a tablet), with the same rows.
  await page.setViewportSize({ width: 1280, height: 823 });
  await expect(view.getByTestId("resource-table-grid").getByTestId("table-row")).toHaveCount(count);
  await expect(view.getByTestId("table-card")).toHaveCount(0);
  await context.close();
});

test("a row's edit pressed before any of the page's scripts has arrived still opens that row", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  // The page's own scripts (its entries, requested once the first view is painted: scripts/build.mjs) held back.
  const release = await holdBack(page, /\.astro_astro_type_script_index/);
  await page.goto("/en/admin/visa-list/");
  const second = page.getByTestId("resource-table-grid").getByTestId("table-row").nth(1);
  const title = (await second.locator("td").first().innerText()).trim();
  await editOpensRow(page, second.getByTestId("row-edit"), title, release, async () => {
    // The press asked for them at once, and none has run yet.
    await expect.poll(() => scripts.filter((path) => path.includes("astro_type_script")).length).toBeGreaterThan(0);
    await expect(page.getByTestId("form-dialog")).toHaveCount(0);
  });
  await context.close();
});

test("Enter in the drawn search before any of the page's scripts has arrived reloads nothing: the island searches for it", async ({ browser }) => {
  const { context, page } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, /\.astro_astro_type_script_index/);
  await page.goto("/en/admin/visa-list/");
  // A mark on this document: a native submit would load a new one without it. (The island writes the search into
  // the address with history.replaceState, which is no new document.)
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  const search = page.getByTestId("search");
  await search.fill("zzz-no-such-visa");
  await search.press("Enter");
  // No native submit: the same page, the text still there.
  await page.waitForTimeout(500);
  expect(await sameDocument()).toBe(true);
  await expect(search).toHaveValue("zzz-no-such-visa");
  release();
  await slowExpect(page.getByTestId("table-empty").first()).toBeVisible();
  await expect(page.getByTestId("search")).toHaveValue("zzz-no-such-visa");
  expect(await sameDocument()).toBe(true);
  await expect(page).toHaveURL(/\?search=zzz-no-such-visa$/);
  await context.close();
});

test("the list's search and filters stay in the address: a reload, or the link sent to a colleague, shows the same rows", async ({ browser }) => {
  const { context, page } = await agentPage(browser, {}, "admin");
  await page.goto("/en/admin/visa-list/");
  const rows = page.getByTestId("resource-table-grid").getByTestId("table-row");
  await expect(rows.first()).toBeVisible();
  const title = (await rows.first().locator("td").first().innerText()).trim();
  await page.getByTestId("search").fill(title);
  await slowExpect(page).toHaveURL(new RegExp(`/en/admin/visa-list/\\?search=${encodeURIComponent(title).replace(/%20/g, "\\+")}$`));
  await page.getByTestId("filter-enabled").selectOption("true");
  await slowExpect(page).toHaveURL(/&enabled=true$/);
  await slowExpect(rows.first()).toContainText(title);
  await page.waitForLoadState("networkidle");
  const shown = await rows.count();

  // A reload: the edge draws the same rows, the search box and the filter say what they hold.
  await page.reload();
  await expect(page.getByTestId("search")).toHaveValue(title);
  await expect(page.getByTestId("filter-enabled")).toHaveValue("true");
  await expect(rows).toHaveCount(shown);
  await expect(rows.first()).toContainText(title);
  await context.close();
});
