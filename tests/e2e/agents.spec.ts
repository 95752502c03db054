/** Issue 15: an admin disables an agency signed in elsewhere; its next action lands on the login page. */
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { signInAs } from "./helpers";

test("disabling an agency ends its session in another browser at its next action", async ({ browser }) => {
  const agencyContext = await browser.newContext();
  const adminContext = await browser.newContext();
  await signInAs(agencyContext, "tigris");
  await signInAs(adminContext, "admin");
  const agencyPage = await agencyContext.newPage();
  await agencyPage.goto(`${BASE_URL}/en/`);

  // The API takes the bearer token (the browser's client sends the access cookie's value).
  const token = (await adminContext.cookies(BASE_URL)).find((c) => c.name === "auth.accessToken")!.value;
  const auth = { Authorization: `Bearer ${token}`, Origin: BASE_URL };
  const list = await adminContext.request.get(`${BASE_URL}/api/agents/listAgents?search=tigris`, { headers: auth });
  const tigris = ((await list.json()) as { data: { _id: string; email: string }[] }).data.find((a) => a.email === "agent@tigris.example")!;
  const admin = await adminContext.newPage();
  await admin.goto(`${BASE_URL}/en/admin/${tigris._id}/agent/`);
  try {
    await admin.getByTestId("agent-disable").click();
    await admin.getByTestId("confirm-dialog-confirm").click();
    await expect(admin.getByTestId("agent-enable")).toBeVisible();

    await agencyPage.goto(`${BASE_URL}/en/transactions/`);
    await expect(agencyPage).toHaveURL(/\/en\/login\//);
  } finally {
    // The demo agency is shared by other tests: enable it again.
    await adminContext.request.patch(`${BASE_URL}/api/agents/editByAdmin/${tigris._id}`, { data: { enabled: true }, headers: auth });
  }
});
