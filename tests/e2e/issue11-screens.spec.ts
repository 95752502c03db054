/**
 * Issue 11's screenshots (test-results/screens/), with what can be checked about them: the Kurdish details page and
 * its reference line, the Arabic home on a phone, the admin visa table at 1366 px with its delete buttons inside the
 * card, and one amount on an Arabic admin table and an Arabic agent page in the same digits.
 */
import { expect, test } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { signInAs } from "./helpers";

const VISA = "0193a000-0000-7000-8000-000000030001";
const SCREENS = "test-results/screens";
mkdirSync(SCREENS, { recursive: true });

test("Kurdish details page with its short reference line", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/ku/visa/${VISA}/details/`);
  await expect(page.getByTestId("record-reference")).toHaveText("00030001");
  await expect(page.getByTestId("visa-price")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/ku-details.png`, fullPage: true });
});

test("Arabic home on a phone", async ({ page, context }) => {
  await signInAs(context, "agent");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar/");
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `${SCREENS}/ar-home-phone.png` });
});

test("admin visa table at 1366 px keeps its actions inside the card", async ({ page, context }) => {
  await signInAs(context, "admin");
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/en/admin/visa-list/");
  const row = page.getByTestId("table-row").first();
  await expect(row).toBeVisible({ timeout: 15_000 }); // the table's first page, under a full run's load
  const card = (await page.getByTestId("resource-table").first().boundingBox())!;
  const last = (await row.locator("td").last().locator("button").last().boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(card.x + card.width + 1);
  await page.screenshot({ path: `${SCREENS}/admin-visas-1366.png` });
});

test("an Arabic admin table and an Arabic agent page show amounts in the same digits", async ({ browser }) => {
  const admin = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  await signInAs(admin, "admin");
  const adminPage = await admin.newPage();
  await adminPage.goto("/ar/admin/visa-list/");
  const amount = adminPage.getByTestId("table-row").first().locator("bdi").first();
  await expect(amount).toContainText(/[\u0660-\u0669]/, { timeout: 15_000 }); // the table's first page, under a full run's load
  await adminPage.screenshot({ path: `${SCREENS}/ar-admin-visas.png` });
  const agent = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAs(agent, "agent");
  const agentPage = await agent.newPage();
  await agentPage.goto(`/ar/visa/${VISA}/details/`);
  await expect(agentPage.getByTestId("visa-price")).toContainText(/[\u0660-\u0669]/);
  await expect(agentPage.getByTestId("visa-price")).not.toContainText(/[0-9]/);
  await agentPage.screenshot({ path: `${SCREENS}/ar-agent-details.png` });
  await admin.close();
  await agent.close();
});
