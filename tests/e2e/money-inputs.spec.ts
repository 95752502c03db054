/**
 * Issue 11, the digit rule in INPUTS: in the Arabic UI an admin sees a stored price in Arabic-Indic digits, types a
 * new one in Arabic-Indic digits (and in Latin digits, shown back in Arabic-Indic), and the agent's page shows the same
 * amount; the agent's page count follows the same rule. Screenshots in test-results/money-inputs-*.png.
 */
import { expect, test, type APIResponse, type BrowserContext, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { signInAs } from "./helpers";

const ARABIC = "0193a000-0000-7000-8000-000000070001";
const ENGLISH = "0193a000-0000-7000-8000-000000070002";
const slowExpect = expect.configure({ timeout: 20_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/money-inputs-${name}.png`, fullPage: true });

async function adminApi(context: BrowserContext, method: "GET" | "POST" | "PATCH", path: string, data?: unknown, again = true): Promise<APIResponse> {
  const token = (await context.cookies(BASE_URL)).find((c) => c.name === "auth.accessToken")?.value;
  const send = () => context.request.fetch(`${BASE_URL}/api/${path}`, { method, data, headers: { Authorization: `Bearer ${decodeURIComponent(token ?? "")}`, Origin: BASE_URL } });
  const response = await send();
  if (response.status() === 401 && again) {
    // The e2e server's access tokens live 5 s: sign in again rather than race the refresh.
    await signInAs(context, "admin");
    return adminApi(context, method, path, data, false);
  }
  return response;
}

test("Arabic UI: the admin types a price in Arabic-Indic digits and the agent sees the same amount", async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ locale: "ar" });
  const agentContext = await browser.newContext({ locale: "ar" });
  await signInAs(adminContext, "admin");
  await signInAs(agentContext, "agent");
  const stamp = Date.now().toString(36);
  const name = { en: `Digits check ${stamp}`, ar: `فحص الأرقام ${stamp}`, ku: `پشکنینی ژمارە ${stamp}` };
  const created = await adminApi(adminContext, "POST", "translation-service", { name, pricePerPage: 1000, languages: [ARABIC, ENGLISH], turnaroundDays: 3 });
  expect(created.status(), await created.text()).toBe(201);
  const serviceId = ((await created.json()) as { _id: string })._id;

  try {
    // The admin form shows the stored 10.00 in the page's digits.
    const admin = await adminContext.newPage();
    await admin.goto("/ar/admin/translation/");
    await slowExpect(admin.locator("astro-island[ssr]")).toHaveCount(0);
    await admin.getByTestId("search").fill(stamp);
    const row = admin.getByTestId("resource-table-grid").getByTestId("table-row").filter({ hasText: name.ar });
    await slowExpect(row).toHaveCount(1);
    await row.getByTestId("row-edit").click();
    const dialog = admin.getByTestId("form-dialog");
    const price = dialog.getByTestId("field-pricePerPage");
    await slowExpect(price).toHaveValue("١٠٫٠٠");
    // Latin digits typed key by key are shown in Arabic-Indic digits as they come.
    await price.fill("");
    await price.pressSequentially("17.5");
    await expect(price).toHaveValue("١٧٫٥");
    // A minus is refused on the field, in words, before anything is sent.
    await price.fill("-١٧");
    await dialog.getByTestId("form-submit").click();
    await expect(dialog).toContainText("من دون إشارة سالب");
    // The new price typed in Arabic-Indic digits with the Arabic decimal separator.
    await price.fill("١٧٫٢٥");
    await expect(price).toHaveValue("١٧٫٢٥");
    await shot(admin, "1-admin-form");
    await dialog.getByTestId("form-submit").click();
    await slowExpect(dialog).toBeHidden();
    await slowExpect(row).toContainText("١٧٫٢٥");
    await shot(admin, "2-admin-table");

    // Stored as exactly 1725 minor units.
    const saved = await adminApi(adminContext, "GET", `translation-service/${serviceId}`);
    expect(((await saved.json()) as { pricePerPage: number }).pricePerPage).toBe(1725);

    // The agent sees the same amount, and the page count is typed and shown in the same digits.
    const agent = await agentContext.newPage();
    await agent.goto(`/ar/translation/?service=${serviceId}`);
    const card = agent.getByTestId("service-card").filter({ hasText: name.ar });
    await slowExpect(card).toContainText("١٧٫٢٥");
    // Key by key through the island, which the first reach for the field brings (what is typed before it comes shows
    // as typed until it takes over: edge-views-translation.spec covers that moment).
    await agent.getByTestId("order-pages").focus();
    await slowExpect(agent.locator('[data-edge-view="translation-order"]')).toHaveAttribute("data-edge-live", "");
    await agent.getByTestId("order-pages").fill("");
    await agent.getByTestId("order-pages").pressSequentially("3");
    await expect(agent.getByTestId("order-pages")).toHaveValue("٣");
    await slowExpect(agent.getByTestId("order-price")).toContainText("٥١٫٧٥"); // 3 × 17.25
    await agent.getByTestId("order-pages").fill("٢٫٥");
    await slowExpect(agent.getByTestId("order-price")).toHaveText("—"); // half a page is no page count
    await agent.getByTestId("order-pages").fill("٣");
    await shot(agent, "3-agent-order");
  } finally {
    // Out of the agents' lists again, whatever happened above.
    await adminApi(adminContext, "PATCH", `translation-service/${serviceId}`, { enabled: false });
    await adminContext.close();
    await agentContext.close();
  }
});
