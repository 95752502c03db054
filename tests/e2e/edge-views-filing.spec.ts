/**
 * Issue 9: the filing form of /visa/{id}/request is drawn by the edge (functions/edge/views/filing.tsx). The agent
 * reads the visa, its fields, its documents and the money from the HTML alone — no React at start —, nothing can be
 * sent before the island (the submit is disabled), and what the agent types, chooses or presses before the island's
 * code arrives is kept when it takes over (src/lib/edge-view-mount.tsx).
 */
import { expect, test, type Browser } from "@playwright/test";
import { expectNoIslandAtStart } from "./edge-helpers";
import { signInAs, typeDate } from "./helpers";

/** Demo data (scripts/demo/catalogue.mjs): the Iran pilgrimage visa asks for a passport copy, a photo and the national card. */
const fixed = (kind: string, n: number) => `0193a000-0000-7000-8000-0000000${kind}${String(n).padStart(4, "0")}`;
const VISA = fixed("3", 11);
const PASSPORT_DOC = fixed("2", 1);
const PHOTO_DOC = fixed("2", 2);
/** A real (1×1) PNG: documents are checked by their leading bytes. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==", "base64");

test.setTimeout(90_000);
test.use({ actionTimeout: 15_000 });

/** The demo agent's (or staff's) page, with the path of every script it requests (to tell which code a page loads). */
async function agentPage(browser: Browser, options: { javaScriptEnabled?: boolean; account?: "agent" | "staff" } = {}) {
  const context = await browser.newContext({ javaScriptEnabled: options.javaScriptEnabled });
  await signInAs(context, options.account ?? "agent");
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.replace(/^\/_astro\//, ""));
  });
  return { context, page, scripts };
}
const ISLAND_CODE = /^(react|edge-view-mount|FilingForm|FilingPassportReader)\./;

test("the filing form shows from the HTML alone: visa, fields, documents and money; no React until the agent reaches for it", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  await page.goto(`/en/visa/${VISA}/request/`);
  const view = page.locator('[data-edge-view="filing"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(page.getByTestId("filing-visa-title")).not.toBeEmpty();
  await expect(page.getByTestId("field-FullName")).toBeVisible();
  await expect(page.getByTestId(`document-${PASSPORT_DOC}`)).toBeVisible();
  await expect(page.getByTestId("filing-price")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("filing-balance")).toHaveText(/^-?\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("filing-submit")).toBeDisabled();
  await page.waitForLoadState("networkidle");
  expectNoIslandAtStart(scripts, ISLAND_CODE, "no React on the drawn form");
  // The agent reaches for the form: the island takes it over and the form can be sent.
  await page.getByTestId("field-FullName").hover();
  await expect(view).toHaveAttribute("data-edge-live", "");
  await expect(page.getByTestId("filing-submit")).toBeEnabled();
  // The passport reader (pdf.js, OCR) is still not loaded: it comes only when a passport is read.
  expect(scripts.filter((path) => /tesseract|pdf\.|ocr/i.test(path))).toEqual([]);
  await context.close();
});

test("with scripts turned off the form reads in Arabic, with Arabic digits, and cannot be sent", async ({ browser }) => {
  const { context, page } = await agentPage(browser, { javaScriptEnabled: false });
  await page.goto(`/ar/visa/${VISA}/request/`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("filing")).toBeVisible();
  await expect(page.getByTestId("filing-price")).toHaveText(/[٠-٩]/);
  await expect(page.getByTestId("filing-applicant")).toContainText("الاسم");
  await expect(page.getByTestId("filing-submit")).toBeDisabled();
  // Enter in a field does not send the drawn form natively: the address stays, nothing was posted.
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") posted.push(request.url());
  });
  await page.getByTestId("field-FullName").fill("ليلى");
  await page.getByTestId("field-FullName").press("Enter");
  await page.waitForTimeout(500);
  expect(posted).toEqual([]);
  expect(new URL(page.url()).pathname).toBe(`/ar/visa/${VISA}/request/`);
  await context.close();
});

test("staff see the drawn form without money, in Kurdish", async ({ browser }) => {
  const { context, page } = await agentPage(browser, { account: "staff" });
  await page.goto(`/ku/visa/${VISA}/request/`);
  await expect(page.locator('[data-edge-view="filing"]')).toHaveAttribute("data-edge-filled", "");
  await expect(page.getByTestId("filing-staff-note")).toBeVisible();
  await expect(page.getByTestId("filing-price")).toHaveCount(0);
  await expect(page.getByTestId("filing-balance")).toHaveCount(0);
  await context.close();
});

test("when the edge could not draw the form, the page draws it itself", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  // The page as it leaves the edge when its API calls failed: the pre-rendered skeleton, not marked as drawn.
  await page.route(`**/en/visa/${VISA}/request/`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/(<div data-edge-view="filing"[^>]*?) data-edge-filled(="")?/, "$1")
      .replace(/(<div data-edge-view="filing"[^>]*>)[\s\S]*?<\/aside><\/div>/, '$1<div aria-busy="true" data-testid="edge-skeleton">…</div>');
    await route.fulfill({ response, body: html });
  });
  await page.goto(`/en/visa/${VISA}/request/`);
  await expect(page.getByTestId("filing")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("filing-price")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("filing-submit")).toBeEnabled();
  await expect(page.getByTestId("edge-skeleton")).toHaveCount(0);
  await context.close();
});

test("what the agent types, the file chosen and a press made before the island's code arrives are all kept", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  // The form's code is held back, as on a slow connection, until the agent has filled things in.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/FilingForm\.[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`/en/visa/${VISA}/request/`);
  const view = page.locator('[data-edge-view="filing"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await page.getByTestId("field-FullName").fill("Layla Ahmed");
  await page.getByTestId("field-PassportNumber").fill("A1234567");
  // The date field (issue 26) waits for the island: drawn, it shows the date but takes no typing (typed below).
  await expect(page.getByTestId("field-TravelDate-field").getByRole("spinbutton").first()).toHaveAttribute("contenteditable", "false");
  await page.getByTestId(`document-${PASSPORT_DOC}-input`).setInputFiles({ name: "passport-scan.png", mimeType: "image/png", buffer: PNG });
  // Still the drawn form: it cannot be sent yet.
  await expect(view).not.toHaveAttribute("data-edge-live", "");
  await expect(page.getByTestId("filing-submit")).toBeDisabled();
  // A press on the passport reader's button reaches nothing yet…
  await page.getByTestId("passport-scan").click();
  await expect(page.getByTestId("passport-dialog")).toHaveCount(0);
  release();
  await expect(view).toHaveAttribute("data-edge-live", "");
  // …and is made again on the island's: the reader opens.
  await expect(page.getByTestId("passport-dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("passport-dialog")).toBeHidden();
  await typeDate(page, "field-TravelDate", "2031-03-01");
  await expect(page.getByTestId("field-FullName")).toHaveValue("Layla Ahmed");
  await expect(page.getByTestId("field-PassportNumber")).toHaveValue("A1234567");
  await expect(page.getByTestId("field-TravelDate")).toHaveValue("2031-03-01");
  // The file chosen before the island is uploaded by it, not lost.
  await expect(page.getByTestId(`document-${PASSPORT_DOC}`)).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  await expect(page.getByTestId(`document-${PASSPORT_DOC}-file`)).toContainText("passport-scan.png");
  // The island's form knows the typed values: sending checks them (the other documents are missing, so it says so).
  await page.getByTestId("filing-submit").click();
  await expect(page.getByTestId(`document-${PHOTO_DOC}-error`)).toBeVisible();
  await expect(page.getByTestId("error-FullName")).toHaveCount(0);
  await expect(page.getByTestId("error-TravelDate")).toHaveCount(0);
  await expect(page.getByTestId(`document-${PASSPORT_DOC}-error`)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/en/visa/${VISA}/request/$`));
  await context.close();
});

test("a press on a document's chooser before the island opens the chooser once the island is there", async ({ browser }) => {
  const { context, page } = await agentPage(browser);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/FilingForm\.[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`/en/visa/${VISA}/request/`);
  await expect(page.locator('[data-edge-view="filing"]')).toHaveAttribute("data-edge-filled", "");
  const chooser = page.waitForEvent("filechooser", { timeout: 20_000 });
  await page.getByTestId(`document-${PASSPORT_DOC}-choose`).click();
  release();
  await (await chooser).setFiles({ name: "passport.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByTestId(`document-${PASSPORT_DOC}`)).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  await context.close();
});

test("while the island waits for the passport reader's code, each control is in the page once: the drawn one, still typable", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/FilingPassportReader\.[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`/en/visa/${VISA}/request/`);
  const view = page.locator('[data-edge-view="filing"]');
  await page.getByTestId("field-FullName").fill("Omar");
  // The island's code has come and it has drawn its form (off the page), but it waits for the reader to take over.
  await expect.poll(() => scripts.some((path) => /^FilingPassportReader\./.test(path))).toBe(true);
  await page.waitForTimeout(300);
  await expect(view).not.toHaveAttribute("data-edge-live", "");
  await expect(page.getByTestId("field-FullName")).toHaveCount(1);
  await page.getByTestId("field-FullName").fill("Omar Saleh");
  release();
  await expect(view).toHaveAttribute("data-edge-live", "");
  await expect(page.getByTestId("field-FullName")).toHaveValue("Omar Saleh");
  await expect(page.getByTestId("field-FullName")).toHaveCount(1);
  await context.close();
});
