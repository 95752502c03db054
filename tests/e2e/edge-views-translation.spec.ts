/**
 * Issue 9: the translation pages drawn by the edge (functions/edge/views/translation.tsx). The agency reads its orders
 * and the order form from the HTML alone (no React at start, and with scripts turned off); the island comes when the
 * agency reaches for a control and takes over what was typed, chosen and picked; nothing is sent before it is there;
 * and the page draws itself when the edge did not.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { agentPage, bearerOf, expectNoIslandAtStart, holdBack } from "./edge-helpers";

const LEGAL_SERVICE = "0193a000-0000-7000-8000-000000080001";
const ARABIC = "0193a000-0000-7000-8000-000000070001";
const ENGLISH = "0193a000-0000-7000-8000-000000070002";
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`) });
const slowExpect = expect.configure({ timeout: 20_000 });


/** An order of the demo agency (one page of the legal service), placed through the API: its id and reference. */
async function placeOrder(page: Page): Promise<{ id: string; reference: string }> {
  const response = await page.request.post(`${BASE_URL}/api/legal-translation`, {
    headers: { Authorization: `Bearer ${await bearerOf(page)}`, "Idempotency-Key": `e2e-${Date.now()}-${Math.random()}` },
    data: { serviceId: LEGAL_SERVICE, fromLanguageId: ARABIC, toLanguageId: ENGLISH, pages: 1 },
  });
  expect(response.status()).toBe(201);
  const order = (await response.json()) as { _id: string; reference: string };
  return { id: order._id, reference: order.reference };
}

/**
 * Cancels the demo agency's order `reference` (refunded while Requested): the demo agency's balance and the admin's
 * queue are as other specs expect them.
 */
async function cancelOrder(page: Page, reference: string) {
  const headers = { Authorization: `Bearer ${await bearerOf(page)}` };
  const found = await page.request.get(`${BASE_URL}/api/legal-translation/by-agent?search=${reference}`, { headers });
  const order = ((await found.json()) as { data: { _id: string; reference: string }[] }).data.find((o) => o.reference === reference)!;
  const response = await page.request.post(`${BASE_URL}/api/legal-translation/change-request-state/${order._id}`, { headers, data: { status: "Canceled" } });
  expect(response.status()).toBe(200);
}

test("/translation/requests: the orders come from the HTML (no React at start); Cancel clicked before the island arrives opens its question once it is there", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  const release = await holdBack(page, /^TranslationRequests\./);
  // The live hub stays silent for this page: other tests place orders for the demo agency at the same time, and a
  // change to its orders rightly brings the island (takeOverOnChange), whose code is held back here, so the page never
  // went quiet (it failed on its first run twice in full runs, never alone). Live updates are live.spec's subject.
  await page.routeWebSocket(/\/api\/live\b/, () => {});
  await page.goto("/en/");
  const { reference } = await placeOrder(page);
  await page.goto("/en/translation/requests/");
  const card = page.locator(`[data-testid="order-card"][data-reference="${reference}"]`);
  await expect(card.getByTestId("order-status")).toHaveAttribute("data-status", "Requested");
  await expect(card).toContainText("$15.00");
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, /^(edge-view-mount|TranslationRequests|TranslationOrder)\./, "no island before the agency reaches for a control");

  // The click reaches the drawn button while the island's code is still on its way: nothing to see yet…
  await card.getByTestId("cancel-button").click();
  await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
  release();
  // …and once the island has taken the page over, the click is made again on its button: the question is asked.
  await slowExpect(page.getByTestId("confirm-dialog")).toBeVisible();
  await expect(page.locator('[data-edge-view="translation-requests"]')).toHaveAttribute("data-edge-live", "");
  // The island does what it is asked (and the demo agency gets its money back).
  await page.getByTestId("confirm-dialog-confirm").click();
  await slowExpect(card.getByTestId("order-status")).toHaveAttribute("data-status", "Canceled");
  await context.close();
});

test("/translation/requests and /translation read with scripts turned off, in Arabic", async ({ browser }) => {
  const { context: withScripts, page: placing } = await agentPage(browser);
  await placing.goto("/ar/");
  const { reference } = await placeOrder(placing);

  const { context, page } = await agentPage(browser, { javaScriptEnabled: false });
  await page.goto("/ar/translation/requests/");
  const card = page.locator(`[data-testid="order-card"][data-reference="${reference}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText("١٥٫٠٠");
  await expect(card.getByTestId("print-link")).toHaveAttribute("href", /^\/ar\/print\/\?kind=legal&id=/);

  await page.goto(`/ar/translation/?service=${LEGAL_SERVICE}`);
  await expect(page.getByTestId("service-card").first()).toBeVisible();
  await expect(page.getByTestId("order-service")).toHaveValue(LEGAL_SERVICE);
  await expect(page.getByTestId("order-pages")).toHaveValue("١");
  await expect(page.getByTestId("order-price")).toContainText("١٥٫٠٠");
  await expect(page.getByTestId("order-balance")).toHaveText(/[٠-٩]/);
  // It pays: without the page's script it cannot be sent at all.
  await expect(page.getByTestId("order-submit")).toBeDisabled();
  await context.close();
  await placing.goto("/ar/");
  await cancelOrder(placing, reference);
  await withScripts.close();
});

test("/translation: what is typed, chosen and picked before the form's code arrives is kept, and nothing is sent before it", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  const release = await holdBack(page, /^TranslationOrder\./);
  await page.goto(`/ar/translation/?service=${LEGAL_SERVICE}`);
  await expect(page.getByTestId("order-price")).toContainText("١٥٫٠٠");
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, /^(edge-view-mount|TranslationRequests|TranslationOrder)\./, "no island before the agency reaches for a control");

  await page.getByTestId("order-from").selectOption(ARABIC);
  await page.getByTestId("order-to").selectOption(ENGLISH);
  await page.getByTestId("order-note").fill("ملاحظة قبل وصول النموذج");
  await page.getByTestId("order-files").setInputFiles(pdf("before-the-island.pdf"));
  const pages = page.getByTestId("order-pages");
  await pages.fill("");
  await pages.pressSequentially("2");
  // Enter in a field sends nothing, and the button cannot be used, while the island is not there.
  await pages.press("Enter");
  await expect(page.getByTestId("order-submit")).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`/ar/translation/\\?service=${LEGAL_SERVICE}$`));
  await expect(page.getByTestId("order-placed")).toHaveCount(0);

  release();
  await slowExpect(page.locator('[data-edge-view="translation-order"]')).toHaveAttribute("data-edge-live", "");
  // Everything carried over: the choices, the count (now in the page's digits, priced), the note and the file.
  await expect(page.getByTestId("order-from")).toHaveValue(ARABIC);
  await expect(page.getByTestId("order-to")).toHaveValue(ENGLISH);
  await expect(pages).toHaveValue("٢");
  await expect(pages).toBeFocused();
  await expect(page.getByTestId("order-price")).toContainText("٣٠٫٠٠");
  await expect(page.getByTestId("order-note")).toHaveValue("ملاحظة قبل وصول النموذج");
  expect(await page.getByTestId("order-files").evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name))).toEqual(["before-the-island.pdf"]);
  // The island has the file too: the order goes out with it (no "documents required").
  await expect(page.getByTestId("order-submit")).toBeEnabled();
  await page.getByTestId("order-submit").click();
  await slowExpect(page.getByTestId("order-placed")).toBeVisible();
  const placed = /LT-\d{4}-\d{6}/.exec(await page.getByTestId("order-placed").innerText())?.[0];
  expect(placed, "the order's reference is shown").toBeTruthy();
  await page.goto("/ar/");
  await cancelOrder(page, placed!);
  await context.close();
});

test("a file chooser opened on the drawn form while the island arrives: the island waits for it, and the file picked is in its form", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  const release = await holdBack(page, /^TranslationOrder\./);
  await page.goto(`/en/translation/?service=${LEGAL_SERVICE}`);
  await expect(page.getByTestId("order-price")).toBeVisible();
  // The reader opens the chooser on the drawn input (the click itself sends for the island)…
  const choosing = page.waitForEvent("filechooser");
  await page.getByTestId("order-files").click();
  const chooser = await choosing;
  // …the island's code arrives and is ready while the chooser is still open: it must not take the input's place yet.
  const arrived = page.waitForResponse(/\/_astro\/TranslationOrder\.[^/]*\.js$/);
  release();
  await arrived;
  await page.waitForTimeout(1_500);
  const view = page.locator('[data-edge-view="translation-order"]');
  await expect(view).not.toHaveAttribute("data-edge-live", "");
  // The file picked goes to the input on the page, and the island takes it over with the rest.
  await chooser.setFiles(pdf("picked-while-loading.pdf"));
  await slowExpect(view).toHaveAttribute("data-edge-live", "");
  expect(await page.getByTestId("order-files").evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name))).toEqual(["picked-while-loading.pdf"]);
  await expect(page.getByTestId("order-submit")).toBeEnabled();
  await context.close();
});

test("when the edge could not draw them, the pages draw the orders and the form themselves", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  await page.goto("/en/");
  const { reference } = await placeOrder(page);
  // The pages as they leave the edge when its API calls failed: not marked as drawn (what is inside is renamed, so
  // only the island's own drawing can satisfy the checks below).
  for (const [path, testId] of [["/en/translation/", "order-form"], ["/en/translation/requests/", "order-list"]] as const) {
    await page.route((url) => url.pathname === path, async (route) => {
      // Only the page itself (a link's prefetch of it is left alone).
      if (route.request().resourceType() !== "document") return route.continue();
      const response = await route.fetch();
      const page = await response.text();
      // The view's own mark (the edge adds it after the view's other attributes).
      const filled = page.indexOf(" data-edge-filled", page.indexOf('data-edge-view="translation-'));
      expect(filled).toBeGreaterThan(0);
      const html = `${page.slice(0, filled)}${page.slice(filled).replace(/^ data-edge-filled(="")?/, "")}`.replace(`data-testid="${testId}"`, 'data-testid="edge-drawn"');
      expect(html).toContain('data-testid="edge-drawn"');
      await route.fulfill({ response, body: html });
    });
  }
  await page.goto(`/en/translation/?service=${LEGAL_SERVICE}`);
  await slowExpect(page.getByTestId("order-form")).toBeVisible();
  await expect(page.getByTestId("order-service")).toHaveValue(LEGAL_SERVICE);
  await expect(page.locator('[data-edge-view="translation-order"]')).toHaveAttribute("data-edge-live", "");
  await expect(page.getByTestId("order-price")).toHaveText("$15.00");
  await expect(page.getByTestId("edge-drawn")).toHaveCount(0);

  await page.goto("/en/translation/requests/");
  await slowExpect(page.getByTestId("order-list")).toBeVisible();
  await expect(page.locator(`[data-testid="order-card"][data-reference="${reference}"]`)).toBeVisible();
  await expect(page.getByTestId("edge-drawn")).toHaveCount(0);
  await cancelOrder(page, reference);
  await context.close();
});
