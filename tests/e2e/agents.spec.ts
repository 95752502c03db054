/** Issue 15: an admin disables an agency signed in elsewhere; its next action lands on the login page. */
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { signInAs } from "./helpers";

test("disabling an agency ends its session in another browser at its next action", async ({ browser }) => {
  const agencyContext = await browser.newContext();
  const adminContext = await browser.newContext();
  await signInAs(adminContext, "admin");
  // The API takes the bearer token (the browser's client sends the access cookie's value).
  const token = (await adminContext.cookies(BASE_URL)).find((c) => c.name === "auth.accessToken")!.value;
  const auth = { Authorization: `Bearer ${token}`, Origin: BASE_URL };

  // An agency of this test's own (the demo agencies are shared by tests running alongside).
  const email = `disable-${Date.now().toString(36)}@test.example`;
  const password = "Agency#2026x";
  const created = await adminContext.request.post(`${BASE_URL}/api/agents/create`, {
    data: { name: "Disable Test Travel", contactName: "Test Owner", email, phone: "+9647701234567", password },
    headers: auth,
  });
  expect(created.status(), await created.text()).toBe(201);
  const agency = (await created.json()) as { _id: string };
  await adminContext.request.patch(`${BASE_URL}/api/agents/editByAdmin/${agency._id}`, { data: { enabled: true }, headers: auth });
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
