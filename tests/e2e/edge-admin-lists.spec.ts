/**
 * Issue 32: the admin's agencies list and requests list arrive drawn by the edge (src/admin/edge-pages.ts), no longer
 * hydrated at load: the rows are in the HTML with no React at start; the island comes when the admin reaches for a
 * control, and a press made on the drawn page before it is there is not lost.
 */
import { expect, request, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import ar from "../../locales/ar.json" with { type: "json" };
import ku from "../../locales/ku.json" with { type: "json" };
import type { Theme } from "../../src/contract/catalogue";
import { agentPage, expectNoIslandAtStart, holdBack } from "./edge-helpers";
import { PNG, placeOrder } from "./filed-requests";
import { Api, axeClean } from "./helpers";

const slowExpect = expect.configure({ timeout: 20_000 });

test("ar: the agencies list arrives drawn; 'show them' pressed before the island lists the agencies awaiting approval", async ({ browser }) => {
  // An agency applies on its own (signed out): it awaits the office's approval.
  const visitor = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } });
  const applied = await visitor.post("/api/agents/create", {
    data: { name: "Applying Travel", contactName: "Hana Ali", email: `applies-${Date.now().toString(36)}@test.example`, phone: "+9647701234567", password: "Agency#2026x" },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await visitor.dispose();

  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, /^(AgentsListPage|edge-view-mount)\./);
  await page.goto("/ar/admin/agents-list/");
  const view = page.locator('[data-edge-view="admin-agents"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(view.getByTestId("agents-table-grid").getByTestId("table-row").first()).toBeVisible();
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, /^(AgentsListPage|edge-view-mount)\./, "agencies list");

  // The drawn banner counts the agencies awaiting approval.
  const banner = page.getByTestId("pending-banner");
  await expect(banner).toContainText(/[١-٩]/);
  await banner.getByRole("button").click();
  release();
  await expect(page).toHaveURL(/\/ar\/admin\/agents-list\/\?state=pending$/, { timeout: 20_000 });
  await slowExpect(page.getByTestId("filter-state")).toHaveValue("pending");
  const states = page.getByTestId("agents-table-grid").getByTestId("agent-state");
  // Polled: the rows drawn before the filter stay until the island's filtered answer is there.
  await slowExpect.poll(async () => [...new Set((await states.allTextContents()).map((state) => state.trim()))]).toEqual(["بانتظار الموافقة"]);
  await context.close();
});

test("en: the requests list arrives drawn; a status picked on it filters the list", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  await page.goto("/en/admin/requests-list/");
  const view = page.locator('[data-edge-view="admin-requests-list"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(view.getByTestId("requests-table-grid").getByTestId("request-link").first()).toBeVisible();
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, /^(RequestsListPage|edge-view-mount)\./, "requests list");

  await page.getByTestId("filter-status").selectOption("Approved");
  await expect(page).toHaveURL(/\/en\/admin\/requests-list\/\?status=Approved$/, { timeout: 20_000 });
  const chips = page.getByTestId("requests-table-grid").getByTestId("status-chip");
  // Polled: the rows drawn before the filter stay until the island's filtered answer is there.
  await slowExpect.poll(async () => [...new Set((await chips.allTextContents()).map((chip) => chip.trim()))]).toEqual(["Approved"]);
  await context.close();
});

test("ku: the work queue arrives drawn with its counts; a status chip pressed before the island filters the queue", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, /^(RequestQueuePage|edge-view-mount)\./);
  await page.goto("/ku/admin/requests/");
  const view = page.locator('[data-edge-view="admin-queue"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(view.getByTestId("queue-table-grid").getByTestId("table-row").first()).toBeVisible();
  await expect(view.getByTestId("count-open").getByTestId("count-value")).toHaveText(/^[٠-٩٬]+$/);
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, /^(RequestQueuePage|edge-view-mount)\./, "work queue");

  await view.getByTestId("count-Requested").click();
  release();
  await slowExpect(page.getByTestId("count-Requested")).toHaveAttribute("aria-pressed", "true");
  // The island's own first answer, then the filtered one: every row is a request just filed.
  const chips = page.getByTestId("queue-table-grid").getByTestId("status-chip");
  await slowExpect.poll(async () => [...new Set((await chips.allTextContents()).map((text) => text.trim()))]).toEqual([ku["requests.status.Requested"]]);
  await context.close();
});

test("ar: the translation queue arrives drawn with its counts; 'Open' pressed before the island opens that order", async ({ browser }) => {
  // Two orders of this test's own: the queue lists the newest first.
  const agency = await Api.as("agent");
  const older = await placeOrder(agency);
  await placeOrder(agency);
  await agency.dispose();
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const island = /^(TranslationQueue|edge-view-mount)\./;
  const release = await holdBack(page, island);
  await page.goto("/ar/admin/translation/requests/");
  const view = page.locator('[data-edge-view="admin-translation-queue"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  const rows = view.getByTestId("order-row");
  await expect(rows.first()).toBeVisible();
  await expect(view.getByTestId("filter-all")).toContainText(/\([٠-٩٬]+\)/);
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, island, "translation queue");

  // The older order's "Open", pressed on the drawn queue: the island opens that order (not the first row's) once it is there.
  await view.locator(`[data-testid="order-row"][data-reference="${older.reference}"]`).getByTestId("order-open").click();
  release();
  const detail = page.getByTestId("order-detail");
  await slowExpect(detail).toBeVisible();
  await expect(detail).toContainText(older.reference);
  await context.close();
});

test("ar: the top-up queue arrives drawn without shifting as the slips come; 'Approve' pressed before the island approves that request", async ({ browser }) => {
  // A request of this test's own, with a slip photo.
  const reference = `TRX-E2E-${Date.now().toString(36)}`;
  const agency = await Api.as("agent");
  const asked = await agency.call<{ _id: string }>("POST", "top-up-requests", {
    multipart: { data: JSON.stringify({ amount: 1_500, paidThrough: "مصرف الرافدين", bankReference: reference }), slip: { name: "slip.png", mimeType: "image/png", buffer: PNG } },
  });
  await agency.dispose();
  const { context, page, scripts } = await agentPage(browser, { viewport: { width: 390, height: 844 } }, "admin");
  const island = /^(TopUpQueuePage|edge-view-mount)\./;
  const release = await holdBack(page, island);
  await page.goto("/ar/admin/top-ups/");
  const view = page.locator('[data-edge-view="admin-top-ups"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  const item = view.locator(`[data-testid="top-up-item"][data-id="${asked._id}"]`);
  await expect(item).toContainText(reference);
  await expect(view.getByTestId("instructions-editor")).toBeVisible();
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, island, "top-up queue");
  // The slips came after the first paint (lazy photos): the page did not move for them (the queue's CLS was 0.12-0.14).
  await item.getByTestId("top-up-slip-image").scrollIntoViewIfNeeded();
  await expect.poll(() => item.getByTestId("top-up-slip-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const shift = await page.evaluate(() => new Promise<number>((resolve) => {
    new PerformanceObserver((entries) => resolve(entries.getEntries().reduce((sum, e) => sum + ((e as unknown as { hadRecentInput: boolean }).hadRecentInput ? 0 : (e as unknown as { value: number }).value), 0)))
      .observe({ type: "layout-shift", buffered: true });
    setTimeout(() => resolve(0), 1_000);
  }));
  expect(shift).toBeLessThan(0.01);

  // "Approve" pressed on the drawn card: the island approves that request once it is there, and the queue lets it go.
  await item.getByTestId("top-up-approve").click();
  release();
  await slowExpect(item).toHaveCount(0);
  const admin = await Api.as("admin");
  const approved = await admin.call<{ data: { _id: string; status: string }[] }>("GET", "top-up-requests?status=Approved&limit=50");
  expect(approved.data.find((r) => r._id === asked._id)?.status).toBe("Approved");
  await admin.dispose();
  await context.close();
});

test("ar: the audit log arrives drawn for the address's filters; a person pressed before the island shows only that person's actions", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const island = /^(AuditLogPage|edge-view-mount)\./;
  const release = await holdBack(page, island);
  // The office's sign-ins are office actions: this test's own sign-in is in the log.
  await page.goto("/ar/admin/audit-log/?actorKind=Admin");
  const view = page.locator('[data-edge-view="admin-audit-log"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(view.getByTestId("audit-actor-kind")).toHaveValue("Admin");
  const rows = view.getByTestId("audit-row");
  await expect(rows.first()).toBeVisible();
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, island, "audit log");

  // The first row's person, pressed on the drawn log: the island filters by that person once it is there.
  const row = rows.first();
  const person = (await row.getByTestId("audit-actor").innerText()).trim();
  await row.getByTestId("audit-actor").click();
  release();
  await expect(page).toHaveURL(/[?&]actor=[^&]+/, { timeout: 20_000 });
  await slowExpect(page.getByTestId("audit-actor-clear")).toBeVisible();
  await expect(page).toHaveURL(/actorKind=Admin/);
  await slowExpect.poll(async () => [...new Set((await page.getByTestId("audit-actor").allInnerTexts()).map((name) => name.trim()))]).toEqual([person]);
  await context.close();
});

test("ar: the agent groups arrive drawn; a group's prices pressed before the island open that group's price grid", async ({ browser }) => {
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const island = /^(GroupsPage|GroupPriceGrid|edge-view-mount)\./;
  const release = await holdBack(page, island);
  await page.goto("/ar/admin/agent-groups/");
  const view = page.locator('[data-edge-view="admin-agent-groups"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  const rows = view.getByTestId("resource-table-grid").getByTestId("table-row");
  await expect(rows.first()).toBeVisible();
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, island, "agent groups");

  // The last group's prices, pressed on the drawn table: the island opens that group's grid (not the default's).
  const last = rows.last();
  const id = await last.getAttribute("data-id");
  await last.getByTestId("row-prices").click();
  release();
  await slowExpect(page.locator(`[data-testid="price-grid"][data-group="${id}"]`)).toBeVisible();
  await context.close();
});

test("ar: the theme page arrives drawn with the active theme open; a theme picked before the island opens it, and a colour saved on it is kept", async ({ browser }) => {
  const admin = await Api.as("admin");
  const themes = (await admin.call<{ data: Theme[] }>("GET", "theme/all?page=1&limit=100&sort=name&order=asc")).data;
  const active = themes.find((theme) => theme.active)!;
  // A theme the site does not wear (the demo's second one): saving it repaints no page of the tests alongside.
  const spare = themes.find((theme) => !theme.active)!;
  expect(spare, "the demo has a theme that is not active").toBeTruthy();

  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const island = /^(ThemePage|edge-view-mount)\./;
  const release = await holdBack(page, island);
  await page.goto("/ar/admin/theme/");
  const view = page.locator('[data-edge-view="admin-theme"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  // Drawn: every theme on the picker, the active one pressed and open, its colours in their fields and in the preview.
  await expect(view.getByTestId("theme-option")).toHaveCount(themes.length);
  await expect(view.getByTestId("theme-option").filter({ hasText: active.name })).toHaveAttribute("aria-pressed", "true");
  await expect(view.locator("#theme-general")).toHaveText(active.name);
  await expect(view.getByTestId("field-light-primary")).toHaveValue(active.light.primary);
  await expect(view.getByTestId("field-dark-background")).toHaveValue(active.dark.background);
  await expect(view.getByTestId("theme-preview")).toHaveCount(2);
  await expect(view.getByTestId("theme-save")).toBeDisabled();
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, island, "theme page");
  await axeClean(page);

  // The spare theme pressed on the drawn picker: the island opens it once it is there.
  await view.getByTestId("theme-option").filter({ hasText: spare.name }).click();
  release();
  await expect(view).toHaveAttribute("data-edge-live", "", { timeout: 20_000 });
  await slowExpect(view.locator("#theme-general")).toHaveText(spare.name);
  await expect(view.getByTestId("theme-option").filter({ hasText: spare.name })).toHaveAttribute("aria-pressed", "true");
  await expect(view.getByTestId("field-light-primary")).toHaveValue(spare.light.primary);

  // A colour typed and saved on the island: the API keeps it, and the preview wears it.
  const colour = spare.light.primary === "#1e40af" ? "#1d4ed8" : "#1e40af";
  await view.getByTestId("field-light-primary").fill(colour);
  await expect(view.getByTestId("theme-preview").first().locator("span.rounded-full").first()).toHaveCSS("background-color", hexToRgb(colour));
  await view.getByTestId("theme-save").click();
  await expect(page.getByText(ar["resources.theme.saved"]!)).toBeVisible();
  await expect(view.getByTestId("theme-save")).toBeDisabled();
  const saved = (await admin.call<Theme>("GET", `theme/${spare._id}`)).light.primary;
  // Put back as it was (a later run, or a test reading the demo's themes, finds them as seeded).
  await admin.call("PATCH", `theme/${spare._id}`, { data: { light: spare.light } });
  expect(saved).toBe(colour);
  await admin.dispose();
  await context.close();
});

/** `#rrggbb` as the browser computes a colour (rgb(r, g, b)). */
const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

test("en: 'Replace' pressed on the drawn theme page's logo before the island opens the file chooser once the island is there", async ({ browser }) => {
  const { context, page } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, /^(ThemePage|edge-view-mount)\./);
  await page.goto("/en/admin/theme/");
  const view = page.locator('[data-edge-view="admin-theme"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  const chooser = page.waitForEvent("filechooser", { timeout: 20_000 });
  await view.getByTestId("theme-logo-choose").click();
  release();
  // The island's own input asks for the file: what is picked goes to the island's upload.
  expect(await (await chooser).element().getAttribute("data-testid")).toBe("theme-logo-input");
  await expect(view).toHaveAttribute("data-edge-live", "");
  await context.close();
});
