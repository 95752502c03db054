/**
 * Issue 30 item 3 in Arabic, in a real browser against the real worker: the agency's owner sets its receipts on
 * /branding (a WebP logo refused before it leaves the browser, a PNG logo kept, the footer in Arabic) and opens the
 * sample receipt, read with pdftotext; on a request's page it types its own price to the traveller, and the receipt
 * prints that price, also when its staff member prints it — who sees neither the price field nor the net price, and
 * is kept off /branding. axe finds nothing serious or critical on the page.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test, type APIResponse } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, axeClean } from "./helpers";
import { PNG, fileRequest, placeOrder } from "./filed-requests";
import { expectNoIslandAtStart } from "./edge-helpers";

/** The PDF's text in logical order (pdftotext wraps runs in bidi embeddings, U+202A–202E: not part of the words). */
async function pdfText(answer: APIResponse, name: string): Promise<string> {
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  mkdirSync("test-results/receipts", { recursive: true });
  const file = `test-results/receipts/${name}.pdf`;
  writeFileSync(file, await answer.body());
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).replace(/[\u202a-\u202e]/g, "");
}

test("the owner brands its receipts and types its own price; staff print that price, never the net one (Arabic)", async ({ browser }) => {
  test.setTimeout(150_000);
  const admin = await Api.as("admin");
  const stamp = Date.now().toString(36);
  const owner = { email: `brand-${stamp}@test.example`, password: "Agency#2026x", login: "loginAgent" };
  const agency = await admin.call<{ _id: string }>("POST", "agents/create", {
    data: { name: "وكالة النخيل للسفر", contactName: "Owner", email: owner.email, phone: "+9647701234567", password: owner.password },
  });
  await admin.call("POST", `transactions/update-balance/${agency._id}`, {
    data: { operation: "ADD", amount: 100_000, note: "Opening" }, headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  const ownerApi = await Api.signingInAs(owner);
  const staff = { email: `brand-staff-${stamp}@test.example`, password: "Staff#2026x", login: "loginAgent" };
  await ownerApi.call("POST", "agents/staff", { data: { name: "موظف النخيل", email: staff.email, password: staff.password, locale: "ar" } });
  const filed = await fileRequest(ownerApi, "ar");
  const order = await placeOrder(ownerApi);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "ar" });
  const login = await context.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email: owner.email, password: owner.password }, headers: { Origin: BASE_URL } });
  expect(login.status(), await login.text()).toBe(200);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${BASE_URL}/ar/branding/`);
  const form = page.getByTestId("branding-form");
  await expect(form).not.toHaveAttribute("aria-busy", "true", { timeout: 20_000 });
  await expect(page.getByTestId("branding-logo")).toContainText("لا يوجد شعار بعد");
  await axeClean(page);
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });
  // Drawn by the edge: the logo, the footers and the sample links are there with no React (the agency pages' budget);
  // the island comes when the owner reaches for the form.
  expectNoIslandAtStart(scripts, /^(BrandingPage|edge-view-mount)\./, "branding page");

  // A WebP logo is refused on the page, in Arabic (a receipt's PDF cannot embed it), before anything is sent.
  const webp = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");
  await page.getByTestId("branding-logo-input").setInputFiles({ name: "logo.webp", mimeType: "image/webp", buffer: webp });
  await page.getByTestId("branding-submit").click();
  await expect(page.getByTestId("branding-logo-error")).toHaveText("يجب أن يكون الشعار صورة PNG أو JPEG.");
  // A PNG logo and the Arabic footer are kept; the page shows the logo it now has.
  await page.getByTestId("branding-logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page.getByTestId("branding-footer-ar").fill("بغداد، شارع الكرادة\nرخصة رقم ٨٨٢٠");
  await page.getByTestId("branding-submit").click();
  await expect(page.getByTestId("branding-saved")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("branding-logo").locator("img")).toBeVisible();
  const saved = await ownerApi.call<{ logo: string | null; footer: { ar: string } }>("GET", "agents/branding");
  expect(saved.logo).toMatch(/^\/api\/files\/brand\//);
  expect(saved.footer.ar).toBe("بغداد، شارع الكرادة\nرخصة رقم ٨٨٢٠");

  // The sample receipt the page links to (a new tab: the session is the access cookie), in Arabic.
  const href = await page.getByTestId("branding-sample-a4-ar").getAttribute("href");
  const sample = await pdfText(await context.request.get(`${BASE_URL}${href}`), "sample-ar");
  expect(sample).toContain("وكالة النخيل للسفر");
  expect(sample).toContain("رخصة رقم ٨٨٢٠");
  expect(sample).toContain("مسافر تجريبي");

  // The request's page: the owner's own price to the traveller, typed in Arabic digits; the receipt prints it.
  await page.goto(`${BASE_URL}/ar/requests/${filed._id}/`);
  await expect(page.getByTestId("selling-price-none")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("selling-price-input").fill("٣٠٠");
  await page.getByTestId("selling-price-save").click();
  await expect(page.getByTestId("selling-price-saved")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("selling-price")).toContainText("٣٠٠٫٠٠");
  const ownerReceipt = await pdfText(await context.request.get(`${BASE_URL}/api/requests/${filed._id}/receipt/a4?lang=ar`), "selling-owner-ar");
  expect(ownerReceipt).toContain("٣٠٠٫٠٠");

  // A translation order's card: the same price, opened on the card, printed on the order's receipt.
  await page.goto(`${BASE_URL}/ar/translation/requests/`);
  const card = page.locator(`[data-reference="${order.reference}"]`);
  await card.getByTestId("selling-price-button").click();
  await card.getByTestId("selling-price-input").fill("٩٩");
  await card.getByTestId("selling-price-save").click();
  await expect(card.getByTestId("order-selling-price")).toContainText("٩٩٫٠٠", { timeout: 15_000 });
  const orderReceipt = await pdfText(await context.request.get(`${BASE_URL}/api/legal-translation/${order._id}/receipt/a4?lang=ar`), "selling-order-ar");
  expect(orderReceipt).toContain("٩٩٫٠٠");

  // Its staff member: no price field on the page, kept off /branding; the receipt it prints has the agency's price,
  // never the net price it paid the platform.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "ar" });
  const staffLogin = await staffContext.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email: staff.email, password: staff.password }, headers: { Origin: BASE_URL } });
  expect(staffLogin.status(), await staffLogin.text()).toBe(200);
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`${BASE_URL}/ar/requests/${filed._id}/`);
  await expect(staffPage.getByTestId("request-receipt-a4")).toBeVisible({ timeout: 20_000 });
  await expect(staffPage.getByTestId("selling-price-form")).toHaveCount(0);
  const staffReceipt = await pdfText(await staffContext.request.get(`${BASE_URL}/api/requests/${filed._id}/receipt/a4?lang=ar`), "selling-staff-ar");
  expect(staffReceipt).toContain("٣٠٠٫٠٠");
  const net = new Intl.NumberFormat("ar-u-nu-arab", { minimumFractionDigits: 2 }).format(filed.price / 100);
  if (filed.price !== 30_000) expect(staffReceipt).not.toContain(net);
  const away = await staffPage.goto(`${BASE_URL}/ar/branding/`);
  expect(new URL(staffPage.url()).pathname, `staff reached /branding (${away?.status()})`).not.toBe("/ar/branding/");
  await Promise.all([context.close(), staffContext.close(), admin.dispose(), ownerApi.dispose()]);
});
