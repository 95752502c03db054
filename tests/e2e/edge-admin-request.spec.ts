/**
 * Issue 32: the admin's request page (/admin/requests/{id}) arrives drawn by the edge (src/admin/edge-pages.ts), no
 * longer hydrated at load: the request and its thread are in the HTML with no React at start; the island comes when
 * the admin reaches for a control, and a press made on the drawn page before it is there is not lost (a status move,
 * a result file chosen).
 */
import { expect, test } from "@playwright/test";
import ar from "../../locales/ar.json" with { type: "json" };
import { agentPage, expectNoIslandAtStart, holdBack } from "./edge-helpers";
import { PDF, fileRequest } from "./filed-requests";
import { Api, axeClean } from "./helpers";

const slowExpect = expect.configure({ timeout: 20_000 });
const ISLANDS = /^(RequestDetailPage|Thread|edge-view-mount)\./;

async function filed(locale: "en" | "ar") {
  const agency = await Api.as("agent");
  const request = await fileRequest(agency, locale);
  await agency.dispose();
  return request;
}

test("ar: the request arrives drawn with no React; 'start processing' pressed before the island opens the dialog and moves it", async ({ browser }) => {
  const request = await filed("ar");
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, /^(RequestDetailPage|edge-view-mount)\./);
  await page.goto(`/ar/admin/requests/${request._id}/`);
  const view = page.locator('[data-edge-view="admin-request"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(view.getByTestId("request-reference")).toHaveText(request.reference);
  await expect(view.getByTestId("request-status")).toHaveText(ar["requests.status.Requested"]);
  await expect(view.getByTestId("history")).toContainText(/[٠-٩]/);
  await expect(page.locator('[data-edge-view="admin-request-thread"]')).toHaveAttribute("data-edge-filled", "");
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, ISLANDS, "admin request page");
  await axeClean(page);

  // Pressed on the drawn button: nothing to run it yet; the island makes the press again once it is there.
  await view.getByTestId("move-InProcess").click();
  release();
  const dialog = page.getByTestId("status-dialog");
  await slowExpect(dialog).toBeVisible();
  await dialog.getByTestId("status-submit").click();
  await slowExpect(page.getByTestId("request-detail")).toHaveAttribute("data-status", "InProcess");
  await expect(page.getByTestId("request-status")).toHaveText(ar["requests.status.InProcess"]);
  await context.close();
});

test("en: a result file chosen on the drawn page before the island is sent once the island is there", async ({ browser }) => {
  const request = await filed("en");
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, /^(RequestDetailPage|edge-view-mount)\./);
  await page.goto(`/en/admin/requests/${request._id}/`);
  const view = page.locator('[data-edge-view="admin-request"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(view.getByTestId("results-none")).toBeVisible();
  expectNoIslandAtStart(scripts, ISLANDS, "admin request page");

  await view.getByTestId("result-input").setInputFiles({ name: "visa-result.pdf", mimeType: "application/pdf", buffer: PDF });
  release();
  await slowExpect(page.getByTestId("results").getByTestId("document")).toHaveCount(1);
  await expect(page.getByTestId("results")).toContainText("visa-result.pdf");
  await context.close();
});
