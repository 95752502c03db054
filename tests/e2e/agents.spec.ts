/** Issue 15: an admin disables an agency signed in elsewhere; its next action lands on the login page. */
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs } from "./helpers";

test("disabling an agency ends its session in another browser at its next action", async ({ browser }) => {
  const agencyContext = await browser.newContext();
  const adminContext = await browser.newContext();
  await signInAs(adminContext, "admin");
  const api = await Api.as("admin");

  // An agency of this test's own (the demo agencies are shared by tests running alongside).
  const email = `disable-${Date.now().toString(36)}@test.example`;
  const password = "Agency#2026x";
  const agency = await api.call<{ _id: string }>("POST", "agents/create", {
    data: { name: "Disable Test Travel", contactName: "Test Owner", email, phone: "+9647701234567", password },
  });
  await api.call("PATCH", `agents/editByAdmin/${agency._id}`, { data: { enabled: true } });
  await api.dispose();
  const login = await agencyContext.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email, password }, headers: { Origin: BASE_URL } });
  expect(login.status(), await login.text()).toBe(200);

  const agencyPage = await agencyContext.newPage();
  await agencyPage.goto(`${BASE_URL}/en/`);
  const admin = await adminContext.newPage();
  await admin.goto(`${BASE_URL}/en/admin/${agency._id}/agent/`);
  await admin.getByTestId("agent-disable").click();
  await admin.getByTestId("confirm-dialog-confirm").click();
  await expect(admin.getByTestId("agent-enable")).toBeVisible();

  await agencyPage.goto(`${BASE_URL}/en/transactions/`);
  await expect(agencyPage).toHaveURL(/\/en\/login\//);
});

test("an agency page left open when the office disables the agency: the next click lands on sign-in saying why, in Arabic (issue 26)", async ({ browser }) => {
  const agencyContext = await browser.newContext();
  const api = await Api.as("admin");
  const email = `disable-ar-${Date.now().toString(36)}@test.example`;
  const password = "Agency#2026x";
  const agency = await api.call<{ _id: string }>("POST", "agents/create", {
    data: { name: "Disable Test Travel", contactName: "Test Owner", email, phone: "+9647701234567", password },
  });
  await api.call("PATCH", `agents/editByAdmin/${agency._id}`, { data: { enabled: true } });
  const login = await agencyContext.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email, password }, headers: { Origin: BASE_URL } });
  expect(login.status(), await login.text()).toBe(200);

  const page = await agencyContext.newPage();
  await page.goto(`${BASE_URL}/ar/requests/`);
  const chips = page.getByTestId("status-filters").getByRole("button");
  await expect(chips.nth(1)).toBeVisible();
  await api.call("PATCH", `agents/editByAdmin/${agency._id}`, { data: { enabled: false } });
  await api.dispose();

  // A click that asks the API (the list filtered by a status): its 401 names the reason, the page goes to sign-in.
  await chips.nth(1).click();
  await expect(page).toHaveURL(/\/ar\/login\/\?why=agency-disabled$/);
  const why = page.getByTestId("sign-in-why").and(page.locator('[data-sign-in-why="agency-disabled"]'));
  await expect(why).toBeVisible();
  await expect(why).toHaveText(/^أوقف المكتب حساب وكالتك/);
  await expect(page.getByTestId("sign-in-why").and(page.locator('[data-sign-in-why="staff-disabled"]'))).toBeHidden();
});
