/**
 * Brief D: an agency under its group's low-balance threshold (set by the admin) is warned on the home page and in the
 * header; a top-up clears both while the page stays open (the live balance message), without a reload.
 */
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { signInAs } from "./helpers";

test("the low-balance warning shows on the home page and in the header, and a live top-up clears it", async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await browser.newContext();
  await signInAs(admin, "admin");
  // Access tokens live 5 s in these tests: each API call of the admin signs in again for a fresh one.
  const adminHeaders = async () => {
    await signInAs(admin, "admin");
    return { Authorization: `Bearer ${(await admin.cookies(BASE_URL)).find((c) => c.name === "auth.accessToken")!.value}`, Origin: BASE_URL };
  };
  // The admin sets the threshold on the groups screen, in major units of the platform currency.
  const groupName = `Low ${Date.now()}`;
  const adminPage = await admin.newPage();
  await adminPage.goto(`${BASE_URL}/en/admin/agent-groups/`);
  await adminPage.waitForFunction(() => !document.querySelector("astro-island[ssr]"), undefined, { timeout: 20_000 });
  await adminPage.getByTestId("create-button").click();
  const form = adminPage.getByTestId("form-dialog");
  await form.getByTestId("field-name").fill(groupName);
  await form.getByTestId("field-lowBalanceThreshold").fill("-5");
  await form.getByTestId("form-submit").click();
  await expect(form).toContainText(/amount/i); // refused on the form: not an amount
  await form.getByTestId("field-lowBalanceThreshold").fill("500.00");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await adminPage.getByTestId("search").first().fill(groupName);
  await expect(adminPage.getByTestId("resource-table-grid").getByTestId("table-row").first()).toContainText("$500.00");
  const listed = await admin.request.get(`${BASE_URL}/api/groups?search=${encodeURIComponent(groupName)}`, { headers: await adminHeaders() });
  const group = ((await listed.json()) as { data: { _id: string; lowBalanceThreshold: number }[] }).data[0]!;
  expect(group.lowBalanceThreshold).toBe(50_000);
  const email = `low-${Date.now().toString(36)}@test.example`;
  const password = "Agency#2026x";
  const created = await admin.request.post(`${BASE_URL}/api/agents/create`, {
    data: { name: "Low Balance Travel", contactName: "Owner", email, phone: "+9647701234567", password, groupId: group._id },
    headers: await adminHeaders(),
  });
  expect(created.status(), await created.text()).toBe(201);
  const agencyId = ((await created.json()) as { _id: string })._id;

  const agency = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const login = await agency.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email, password }, headers: { Origin: BASE_URL } });
  expect(login.status(), await login.text()).toBe(200);
  const page = await agency.newPage();
  await page.goto(`${BASE_URL}/en/`);
  await expect(page.getByTestId("low-balance-warning")).toBeVisible({ timeout: 20_000 });
  // The header learns the threshold from auth/session (a new tab); with 5 s tokens that call may need a refresh first.
  await expect(page.getByTestId("low-balance-header")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("low-balance-header")).toHaveAttribute("href", "/en/transactions/");
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });

  // The admin tops the agency up past the threshold: the open page follows the balance message.
  const topUp = await admin.request.post(`${BASE_URL}/api/transactions/update-balance/${agencyId}`, {
    data: { operation: "ADD", amount: 60_000, note: "Top-up past the threshold" },
    headers: { ...(await adminHeaders()), "Idempotency-Key": crypto.randomUUID() },
  });
  expect(topUp.status(), await topUp.text()).toBe(201);
  await expect(page.getByTestId("low-balance-header")).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId("low-balance-warning")).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId("balance-amount")).toHaveText("$600.00");
  await Promise.all([admin.close(), agency.close()]);
});
