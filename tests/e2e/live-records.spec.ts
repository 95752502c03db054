/**
 * Issue 26 item 1: an open page follows the record it shows. The agency has its request open and the office moves it
 * (through the API, as another admin would): the page shows the new status, takes away the cancel the request no
 * longer allows, and shows the re-upload panel when a document is asked for, within 2 s and without a reload. The
 * agency re-uploads on its page: the admin's open page of the same request shows the document and "Modified".
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Api, signInAs, type AccountName } from "./helpers";
import { fileRequest, placeOrder, PDF, PNG } from "./filed-requests";

test.describe.configure({ timeout: 150_000 });

/** What a person would call "at once": the hub's message, one read of the record and a render. */
const IN_PLACE_MS = 2_000;

// Each test files a request for Tigris Tours (other test files charge it too): enough money for them, whatever ran before.
test.beforeAll(async () => {
  const office = await Api.as("admin");
  await office.call("POST", "transactions/update-balance/0193a000-0000-7000-8000-00000000c002", { data: { operation: "ADD", amount: 100_000, note: "live-records" } });
  await office.dispose();
});

async function openSignedIn(browser: Browser, who: AccountName, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await signInAs(context, who);
  const page = await context.newPage();
  await page.goto(path, { timeout: 60_000 });
  // Subscribed to the hub: a change from now on must reach the page.
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });
  return page;
}

test("the office moves a request: the agency's open page follows, cancel goes away, the re-upload panel comes", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const filed = await fileRequest(agency, "en");
  const missing = filed.requirements[0]!;

  const agent = await openSignedIn(browser, "tigris", `/en/requests/${filed._id}/`);
  const details = agent.getByTestId("request-details");
  await expect(details).toHaveAttribute("data-status", "Requested", { timeout: 20_000 });
  await expect(agent.getByTestId("request-cancel")).toBeVisible();

  // The office starts processing: the status changes and cancel, no longer allowed, goes away.
  await office.call("PATCH", `requests/${filed._id}`, { data: { status: "InProcess" } });
  await expect(details).toHaveAttribute("data-status", "InProcess", { timeout: IN_PLACE_MS });
  await expect(agent.getByTestId("request-cancel")).toHaveCount(0, { timeout: IN_PLACE_MS });

  // The office asks for a document: the re-upload panel with the document asked for, and the reason.
  const reason = "The passport scan is unreadable: please scan it again in colour.";
  await office.call("PATCH", `requests/${filed._id}`, { data: { status: "DocumentNeeded", reason, missingDocuments: [missing._id] } });
  await expect(agent.getByTestId("request-fix")).toBeVisible({ timeout: IN_PLACE_MS });
  await expect(agent.getByTestId(`reupload-${missing._id}`)).toBeVisible({ timeout: IN_PLACE_MS });
  await expect(agent.getByTestId("request-reason")).toContainText(reason);

  // The agency re-uploads on its page.
  await agent.getByTestId(`reupload-${missing._id}-input`).setInputFiles({ name: "passport-colour.png", mimeType: "image/png", buffer: PNG });
  await expect(agent.getByTestId(`reupload-${missing._id}`)).toHaveAttribute("data-status", "chosen");
  await agent.getByTestId("fix-submit").click();
  await expect(details).toHaveAttribute("data-status", "Modified", { timeout: 15_000 });
  await expect(agent.getByTestId("request-fix")).toHaveCount(0);

  await agency.dispose();
  await office.dispose();
});

test("the agency re-uploads a document: the admin's open page of the request shows it and the new status", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const filed = await fileRequest(agency, "en");
  const missing = filed.requirements[0]!;
  await office.call("PATCH", `requests/${filed._id}`, { data: { status: "DocumentNeeded", reason: "Scan it again in colour.", missingDocuments: [missing._id] } });

  const admin = await openSignedIn(browser, "admin", `/en/admin/requests/${filed._id}/`);
  await expect(admin.getByTestId("request-status")).toHaveAttribute("data-status", "DocumentNeeded", { timeout: 20_000 });
  const uploadsBefore = await admin.getByTestId("uploads").getByTestId("document").count();
  await expect(admin.getByTestId("move-Approved")).toHaveCount(0);

  await agency.call("POST", `requests/reupload/${filed._id}`, {
    multipart: { file: { name: "passport-colour.png", mimeType: "image/png", buffer: PNG }, requirementId: missing._id },
    expect: 200,
  });
  await expect(admin.getByTestId("request-status")).toHaveAttribute("data-status", "Modified", { timeout: IN_PLACE_MS });
  await expect(admin.getByTestId("uploads").getByTestId("document")).toHaveCount(uploadsBefore + 1, { timeout: IN_PLACE_MS });
  await expect(admin.getByTestId("uploads")).toContainText("passport-colour.png");
  // Two files answer the requirement now: the new one is marked current, the old one replaced (issue 26 item 7).
  await expect(admin.getByTestId("uploads").getByTestId("document").filter({ hasText: "passport-colour.png" })).toHaveAttribute("data-version", "current");
  await expect(admin.getByTestId("uploads").getByTestId("document-replaced")).toHaveCount(1);
  // The moves the office has now: a Modified request may be approved.
  await expect(admin.getByTestId("move-Approved")).toBeVisible();

  await agency.dispose();
  await office.dispose();
});

test("lists follow too: the agency's request list shows the office's move, the admin's queue shows the agency's new request", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const admin = await openSignedIn(browser, "admin", "/en/admin/requests/");
  await expect(admin.getByTestId("queue-table-grid").getByTestId("table-row").first()).toBeVisible({ timeout: 20_000 });

  const filed = await fileRequest(agency, "en");
  // The admin's queue, newest first: the new request comes to the top without a reload.
  await expect(admin.getByTestId("queue-table-grid").getByTestId("table-row").filter({ hasText: filed.reference })).toHaveCount(1, { timeout: IN_PLACE_MS });

  // The agency's own filing tells nobody on its side: its list opened now shows the request, then follows the office.
  const agent = await openSignedIn(browser, "tigris", "/en/requests/");
  const row = agent.getByTestId("request-row").and(agent.locator(`[data-id="${filed._id}"]`));
  await expect(row).toHaveAttribute("data-status", "Requested", { timeout: 20_000 });
  await office.call("PATCH", `requests/${filed._id}`, { data: { status: "InProcess" } });
  await expect(row).toHaveAttribute("data-status", "InProcess", { timeout: IN_PLACE_MS });

  await agency.dispose();
  await office.dispose();
});

test("a refused move explains itself in the reader's words, never with status codes", async () => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const filed = await fileRequest(agency, "en");
  await office.call("PATCH", `requests/${filed._id}`, { data: { status: "InProcess" } });
  for (const [locale, text] of [
    ["en", "The office has started processing this request; it can no longer be cancelled."],
    ["ar", "بدأ المكتب معالجة هذا الطلب، ولم يعد بالإمكان إلغاؤه."],
    ["ku", "نووسینگە دەستی کردووە بە جێبەجێکردنی ئەم داواکارییە، ئیتر ناتوانرێت هەڵبوەشێنرێتەوە."],
  ] as const) {
    const refused = await agency.call<{ message: string; statusCode: number }>("PATCH", `requests/${filed._id}`, {
      data: { status: "Canceled" },
      headers: { Cookie: `i18n_locale=${locale}` },
      expect: 409,
    });
    expect(refused.message).toBe(text);
    expect(refused.message).not.toMatch(/InProcess|Canceled|409/);
  }
  await agency.dispose();
  await office.dispose();
});

test("translation orders follow too: the agency's open list shows the office's move, cancel goes away", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const order = await placeOrder(agency);
  const agent = await openSignedIn(browser, "tigris", "/ar/translation/requests/");
  const card = agent.getByTestId("order-card").and(agent.locator(`[data-reference="${order.reference}"]`));
  await expect(card.getByTestId("order-status")).toHaveAttribute("data-status", "Requested", { timeout: 20_000 });
  await expect(card.getByTestId("cancel-button")).toBeVisible();

  await office.call("POST", `legal-translation/change-request-state/${order._id}`, { data: { status: "InProcess" }, expect: 200 });
  await expect(card.getByTestId("order-status")).toHaveAttribute("data-status", "InProcess", { timeout: IN_PLACE_MS });
  await expect(card.getByTestId("cancel-button")).toHaveCount(0);

  // The office asks for a correction: the reason and the correction form come, in Arabic.
  await office.call("POST", `legal-translation/change-request-state/${order._id}`, { data: { status: "CorrectionNeeded", reason: "الصفحة الثانية غير واضحة" }, expect: 200 });
  await expect(card.getByTestId("order-status")).toHaveAttribute("data-status", "CorrectionNeeded", { timeout: IN_PLACE_MS });
  await expect(card.getByTestId("order-reason")).toContainText("الصفحة الثانية غير واضحة");
  await expect(card.getByTestId("correction-form")).toBeVisible();

  await agency.dispose();
  await office.dispose();
});

test("an admin's open order follows the agency's correction and another admin's move; the queue's counts follow", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const order = await placeOrder(agency);
  await office.call("POST", `legal-translation/change-request-state/${order._id}`, { data: { status: "CorrectionNeeded", reason: "Page 2 is missing." }, expect: 200 });

  const admin = await openSignedIn(browser, "admin", "/en/admin/translation/requests/");
  const row = admin.locator(`[data-testid="order-row"][data-reference="${order.reference}"]`);
  await row.getByTestId("order-open").click({ timeout: 20_000 });
  const detail = admin.getByTestId("order-detail");
  await expect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "CorrectionNeeded", { timeout: 20_000 });
  await expect(detail.getByTestId("upload-documents").getByRole("link")).toHaveCount(1);
  const inProcess = admin.getByTestId("filter-InProcess");
  const before = await inProcess.innerText();

  // The agency sends its correction: the open order shows the new document and is back to Requested.
  await agency.call("POST", `legal-translation/request/${order._id}`, { multipart: { file: { name: "page-2.pdf", mimeType: "application/pdf", buffer: PDF } }, expect: 200 });
  await expect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "Requested", { timeout: IN_PLACE_MS });
  await expect(detail.getByTestId("upload-documents")).toContainText("page-2.pdf", { timeout: IN_PLACE_MS });

  // Another admin (the API, signed in as an admin elsewhere) starts it: this admin's page shows it and the moves left.
  await office.call("POST", `legal-translation/change-request-state/${order._id}`, { data: { status: "InProcess" }, expect: 200 });
  await expect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "InProcess", { timeout: IN_PLACE_MS });
  await expect(detail.getByTestId("move-InProcess")).toHaveCount(0);
  await expect(detail.getByTestId("move-Done")).toBeVisible();
  await expect(inProcess).not.toHaveText(before, { timeout: IN_PLACE_MS });

  await agency.dispose();
  await office.dispose();
});

test("one admin's move on a visa request reaches another admin's open page of it", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const filed = await fileRequest(agency, "en");
  const admin = await openSignedIn(browser, "admin", `/en/admin/requests/${filed._id}/`);
  await expect(admin.getByTestId("request-status")).toHaveAttribute("data-status", "Requested", { timeout: 20_000 });
  await office.call("PATCH", `requests/${filed._id}`, { data: { status: "InProcess" } });
  await expect(admin.getByTestId("request-status")).toHaveAttribute("data-status", "InProcess", { timeout: IN_PLACE_MS });
  // Not news to this admin: no toast for the other admin's move.
  await expect(admin.getByTestId("toaster").locator("li")).toHaveCount(0);

  await agency.dispose();
  await office.dispose();
});

