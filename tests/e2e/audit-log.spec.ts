/**
 * Issue 29 item 2 in Arabic: the office finds who changed a visa's price, from what to what, on the audit log page —
 * by record kind and name, then by clicking the person — and downloads the same rows as csv. The agency's activity
 * page shows what the office did to its request. axe finds nothing serious or critical.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Api, signInAs } from "./helpers";

test.describe.configure({ timeout: 120_000 });

test("the admin finds who changed a visa's price, and from what to what", async ({ browser }) => {
  const office = await Api.as("admin");
  const title = `تأشيرة تدقيق ${randomUUID().slice(0, 6)}`;
  const countries = await office.call<{ data: { _id: string }[] }>("GET", "countries/complete-list");
  const countryId = countries.data[0]!._id;
  const visa = await office.call("POST", "visa", {
    data: { countryId, title: { en: title, ar: title, ku: title }, price: 10_000, processingDays: 5, validityDays: 30, travelMode: "Air" },
  });
  await office.call("PATCH", `visa/${visa._id}`, { data: { price: 12_500 } });

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await signInAs(context, "admin");
  const page = await context.newPage();
  await page.goto("/ar/admin/audit-log/");
  await expect(page.getByTestId("audit-table")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("audit-kind").selectOption("visa");
  await page.getByTestId("audit-search").fill(title);
  const row = page.getByTestId("audit-row").filter({ has: page.locator("[data-field=price]") }).first();
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toHaveAttribute("data-call", "PATCH /api/visa/:id");
  // The amounts in the page's money rule: Arabic-Indic digits.
  await expect(row.locator("[data-field=price]")).toContainText("١٠٠٫٠٠");
  await expect(row.locator("[data-field=price]")).toContainText("١٢٥٫٠٠");
  const who = await row.locator("td").nth(1).locator("button").innerText();
  expect(who.trim().length).toBeGreaterThan(0);
  // The address keeps the filters: a link shows the same rows.
  await expect(page).toHaveURL(/kind=visa/);

  // Only this person's actions.
  await row.locator("td").nth(1).locator("button").click();
  await expect(page).toHaveURL(/actor=/);
  await expect(page.getByTestId("audit-actor-clear")).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: "test-results/audit/admin-ar.png", fullPage: true });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export-csv").click()]);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv).toContain(title);
  expect(csv).toContain("price: 10000 → 12500");
  await office.dispose();
});
