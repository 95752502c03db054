/**
 * Issue 15: the admin dashboard's numbers equal the totals of the lists they link to. Each link is opened as the
 * admin would; the list must show the filter as applied and its total must be the figure.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs } from "./helpers";

const digits = (text: string) => Number(text.replace(/[^\d]/g, ""));

/** The list's total once its (filtered) answer is shown: the pagination's "1–20 of N", or 0 for the empty state. */
async function listTotal(page: Page, table: string): Promise<number> {
  const section = page.getByTestId(table);
  await expect(section).not.toHaveAttribute("aria-busy", "true");
  const range = page.getByTestId("pagination-range");
  const empty = page.getByTestId("table-empty");
  await expect(range.or(empty)).toBeVisible();
  if (await empty.isVisible()) return 0;
  return digits((await range.textContent())!.split(/of|من|لە/).pop()!);
}

/**
 * The list's total equals the dashboard's figure. Other specs file requests and create agencies meanwhile (one database
 * for the whole run): when the list no longer shows the figure read before, the dashboard is read again right after
 * the list, and the list again after it, until both agree (a few tries; a real mismatch never agrees).
 */
async function agrees(page: Page, figure: { id: string; text: string }, table: string) {
  let shown = digits(figure.text);
  for (let attempt = 0; ; attempt++) {
    const total = await listTotal(page, table);
    if (total === shown || attempt === 3) {
      expect(total, figure.id).toBe(shown);
      return;
    }
    const again = await page.context().newPage();
    await again.goto(`${BASE_URL}/en/admin/`);
    shown = digits((await again.getByTestId(figure.id).locator("strong").textContent())!);
    await again.close();
    await page.reload();
  }
}

test("every dashboard figure equals the total of the list it links to", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await signInAs(context, "admin");
  const api = await Api.as("admin");
  // An agency of this test's own under its group's threshold, so the low-balance figure is not zero.
  const group = await api.call<{ _id: string }>("POST", "groups", { data: { name: `Dash ${Date.now()}`, lowBalanceThreshold: 100_000 } });
  await api.call("POST", "agents/create", {
    data: { name: "Dashboard Test Travel", contactName: "Owner", email: `dash-${Date.now().toString(36)}@test.example`, phone: "+9647701234567", password: "Agency#2026x", groupId: group._id },
  });
  await api.dispose();

  const page = await context.newPage();
  await page.goto(`${BASE_URL}/en/admin/`);
  const stats = page.locator('a[data-testid^="dash-"]');
  await expect(stats.first()).toBeVisible();
  const figures = await stats.evaluateAll((links) =>
    links.map((a) => ({ id: a.getAttribute("data-testid")!, href: a.getAttribute("href")!, text: a.querySelector("strong")!.textContent!.trim() })),
  );
  expect(figures.length).toBeGreaterThanOrEqual(10);
  expect(figures.find((f) => f.id === "dash-low-balance")!.text).not.toBe("0");
  const today = new Date().toISOString().slice(0, 10);

  for (const figure of figures) {
    await page.goto(`${BASE_URL}${figure.href}`);
    const params = new URL(figure.href, BASE_URL).searchParams;
    if (figure.id.startsWith("dash-revenue")) {
      await expect(page.getByTestId("filter-dates-from")).toHaveValue(params.get("from")!);
      await expect(page.getByTestId("filter-dates-to")).toHaveValue(today);
      await expect(page.getByTestId("ledger-table")).not.toHaveAttribute("aria-busy", "true");
      // Other specs place and refund orders meanwhile (one database for the whole run): when the ledger's sum no
      // longer equals the figure read before, the dashboard is read again right after the ledger, and must agree.
      const ledger = page.getByTestId("ledger-revenue");
      await expect(ledger).toHaveText(/\d/);
      if ((await ledger.textContent())!.trim() !== figure.text) {
        const again = await context.newPage();
        await again.goto(`${BASE_URL}/en/admin/`);
        const now = (await again.getByTestId(figure.id).locator("strong").textContent())!.trim();
        await again.close();
        await expect(ledger, `${figure.id}: the ledger's sum against the dashboard read just after it`).toHaveText(now);
      }
      continue;
    }
    if (figure.id.startsWith("dash-status-")) {
      await expect(page.getByTestId("filter-status")).toHaveValue(params.get("status")!);
      await agrees(page, figure, "requests-table");
    } else if (figure.id === "dash-filed-today") {
      await expect(page.getByTestId("filter-dates-from")).toHaveValue(today);
      await expect(page.getByTestId("filter-dates-to")).toHaveValue(today);
      await agrees(page, figure, "requests-table");
    } else if (figure.id === "dash-pending") {
      await expect(page.getByTestId("filter-state")).toHaveValue("pending");
      await agrees(page, figure, "agents-table");
    } else if (figure.id === "dash-low-balance") {
      await expect(page.getByTestId("filter-lowBalance")).toHaveValue("true");
      await agrees(page, figure, "agents-table");
    } else if (figure.id === "dash-owing" || figure.id === "dash-past-terms") {
      // Issue 30: agencies that owe (balance below zero) and those past their terms: the list's credit filter.
      await expect(page.getByTestId("filter-credit")).toHaveValue(figure.id === "dash-owing" ? "owing" : "pastTerms");
      await agrees(page, figure, "agents-table");
    } else if (figure.id === "dash-credit-in-use") {
      // A sum of money, not a count: its link lists the agencies that owe it.
      expect(figure.text).toMatch(/\$[\d,]+\.\d\d/);
      await expect(page.getByTestId("agents-table")).toBeVisible();
    } else {
      throw new Error(`a dashboard figure this test does not know: ${figure.id}`);
    }
  }
  await context.close();
});

test("the ledger's and the top-up dialog's agency pickers list agencies by name (agents/listAllAgents)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  await signInAs(context, "admin");
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/en/admin/transactions/`);
  const picker = page.getByTestId("filter-agentId");
  await expect(picker.locator("option", { hasText: "Sunrise Travel · agent@sunrise.example" })).toHaveCount(1);
  await picker.selectOption({ label: "Sunrise Travel · agent@sunrise.example" });
  await expect(page.getByTestId("ledger-agency-balance")).toBeVisible();
  const rows = page.getByTestId("ledger-table-grid").getByTestId("table-row");
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain("Sunrise Travel");
  // The agency picked is in the address: a reload shows the same agency's movements, the picker showing it.
  await expect(page).toHaveURL(/\/en\/admin\/transactions\/\?agentId=[\w-]+$/);
  await page.reload();
  await expect(picker).not.toHaveValue("");
  await expect(page.getByTestId("ledger-agency-balance")).toBeVisible();
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain("Sunrise Travel");
  // The dialog opened without a row: the agency is picked, not typed; its balance shows once picked.
  await picker.selectOption("");
  await page.getByTestId("balance-open").click();
  const dialogPicker = page.getByTestId("balance-agency");
  await dialogPicker.selectOption({ label: "Tigris Tours · agent@tigris.example" });
  await expect(page.getByTestId("balance-now")).toBeVisible();
  await context.close();
});
