/**
 * Issue 30, the office's side, in Arabic in a real browser against the real worker: the admin gives a group a credit
 * line and terms on the groups form (typed in Arabic-Indic digits); an agency of that group with no money orders on
 * that credit; the agencies list shows its credit in use and the credit filter finds it among the agencies that owe,
 * and not among those past their terms. An agency whose debt is older than its terms carries the "past its terms" mark
 * and is found by that filter. axe finds nothing serious or critical on either page.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, arabicDigits, axeClean, signInAs } from "./helpers";
import { placeOrder } from "./filed-requests";

test("a group's credit line set on the groups form carries an agency's order; the agencies list shows its credit in use (Arabic)", async ({ browser }) => {
  test.setTimeout(120_000);
  const office = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "ar" });
  await signInAs(office, "admin");
  const admin = await Api.as("admin");

  // The groups form: a credit line of 300.00 and terms of 10 days, typed as an Arabic reader types them.
  const groupName = `Credit ${Date.now()}`;
  const page = await office.newPage();
  await page.goto(`${BASE_URL}/ar/admin/agent-groups/`);
  await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"), undefined, { timeout: 20_000 });
  await page.getByTestId("create-button").click();
  const form = page.getByTestId("form-dialog");
  await form.getByTestId("field-name").fill(groupName);
  await expect(form).toContainText("سقف الائتمان لوكالاتها");
  await form.getByTestId("field-creditLimit").fill("٣٠٠");
  await form.getByTestId("field-creditTermsDays").fill("١٠");
  await axeClean(page);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden({ timeout: 15_000 });
  await page.getByTestId("search").first().fill(groupName);
  await expect(page.getByTestId("resource-table-grid").getByTestId("table-row").first()).toContainText(arabicDigits(30_000));
  const group = (await admin.call<{ data: { _id: string; creditLimit: number; creditTermsDays: number | null }[] }>("GET", `groups?search=${encodeURIComponent(groupName)}`)).data[0]!;
  expect(group).toMatchObject({ creditLimit: 30_000, creditTermsDays: 10 });

  // A new agency of that group, with no money at all: its order goes on the group's credit line.
  const email = `credit-office-${Date.now().toString(36)}@test.example`;
  const password = "Agency#2026x";
  const name = `وكالة الائتمان ${Date.now().toString(36)}`;
  await admin.call("POST", "agents/create", { data: { name, contactName: "Owner", email, phone: "+9647701234567", password, groupId: group._id } });
  const agency = await Api.signingInAs({ email, password, login: "loginAgent" });
  await placeOrder(agency);
  const money = await agency.call<{ balance: number; credit: { limit: number; ownLimit: boolean; debt: number } }>("GET", "agents/balance");
  expect(money.balance).toBeLessThan(0);
  expect(money.credit).toMatchObject({ limit: 30_000, ownLimit: false, debt: -money.balance });

  // The agencies list: the credit filter finds it among those that owe, with its credit in use; not past its terms.
  await page.goto(`${BASE_URL}/ar/admin/agents-list/?credit=owing&search=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("filter-credit")).toHaveValue("owing", { timeout: 20_000 });
  const row = page.getByTestId("agents-table").getByTestId("table-row").filter({ hasText: name });
  await expect(row.getByTestId("agent-credit-in-use")).toHaveAttribute("data-minor", String(-money.balance), { timeout: 20_000 });
  await expect(row.getByTestId("agent-credit-in-use")).toContainText(arabicDigits(-money.balance));
  await expect(row.getByTestId("agent-past-terms")).toHaveCount(0);
  await axeClean(page);
  await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"), undefined, { timeout: 20_000 });
  await page.getByTestId("filter-credit").selectOption("pastTerms");
  await expect(page).toHaveURL(/credit=pastTerms/, { timeout: 15_000 });
  await expect(page.getByTestId("agents-table").getByTestId("table-row").filter({ hasText: name })).toHaveCount(0, { timeout: 15_000 });
  await Promise.all([office.close(), admin.dispose(), agency.dispose()]);
});

const ar = JSON.parse(readFileSync("locales/ar.json", "utf8")) as Record<string, string>;

test("an agency whose debt is older than its terms is marked past its terms on the agencies list and found by that filter (Arabic)", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await Api.as("admin");
  const stamp = Date.now().toString(36);
  const email = `past-terms-${stamp}@test.example`;
  const password = "Agency#2026x";
  const name = `وكالة متأخرة ${stamp}`;
  const created = await admin.call<{ _id: string }>("POST", "agents/create", { data: { name, contactName: "Owner", email, phone: "+9647701234567", password } });
  await admin.call("PATCH", `agents/${created._id}/credit`, { data: { limit: 30_000, termsDays: 3 } });
  const agency = await Api.signingInAs({ email, password, login: "loginAgent" });
  await placeOrder(agency);
  const money = await agency.call<{ balance: number; credit: { termsDays: number; overdue: boolean } }>("GET", "agents/balance");
  expect(money.balance).toBeLessThan(0);
  expect(money.credit).toMatchObject({ termsDays: 3, overdue: false });
  // The debt began ten days ago (as tests/worker/overdue-cron.test.ts does it): its order written back in time, in the
  // server's own local database (no call moves a ledger row's date; wrangler's local D1 takes the write while it runs).
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
  // The running server writes the same file meanwhile: a write refused while it holds the lock is made again.
  await expect(async () => {
    execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", ".wrangler/e2e", "--command",
      `UPDATE transactions SET created_at = '${tenDaysAgo}' WHERE agent_id = '${created._id}'`], { stdio: "pipe", env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" } });
    expect((await agency.call<{ credit: { overdue: boolean } }>("GET", "agents/balance")).credit.overdue, "the server reads the old debt").toBe(true);
  }).toPass({ timeout: 30_000 });

  const office = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "ar" });
  await signInAs(office, "admin");
  const page = await office.newPage();
  await page.goto(`${BASE_URL}/ar/admin/agents-list/?search=${encodeURIComponent(email)}`);
  const row = page.getByTestId("agents-table").getByTestId("table-row").filter({ hasText: name });
  await expect(row.getByTestId("agent-past-terms")).toHaveText(ar["credit.pastTerms"]!, { timeout: 20_000 });
  await expect(row.getByTestId("agent-credit-in-use")).toContainText(arabicDigits(-money.balance));
  await axeClean(page);
  // The filter: found among the agencies past their terms, not among those that owe nothing.
  await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"), undefined, { timeout: 20_000 });
  await page.getByTestId("filter-credit").selectOption("pastTerms");
  await expect(page).toHaveURL(/credit=pastTerms/, { timeout: 15_000 });
  const found = page.getByTestId("agents-table").getByTestId("table-row").filter({ hasText: name });
  await expect(found).toHaveCount(1, { timeout: 15_000 });
  await expect(found.getByTestId("agent-past-terms")).toBeVisible();
  await page.getByTestId("filter-credit").selectOption("clear");
  await expect(page).toHaveURL(/credit=clear/, { timeout: 15_000 });
  await expect(page.getByTestId("agents-table").getByTestId("table-row").filter({ hasText: name })).toHaveCount(0, { timeout: 15_000 });
  await Promise.all([office.close(), admin.dispose(), agency.dispose()]);
});
