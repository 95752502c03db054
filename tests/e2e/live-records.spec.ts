/**
 * Issue 26 item 1: an open page follows the record it shows. The agency has its request open and the office moves it
 * (through the API, as another admin would): the page shows the new status, takes away the cancel the request no
 * longer allows, and shows the re-upload panel when a document is asked for, within 2 s and without a reload. The
 * agency re-uploads on its page: the admin's open page of the same request shows the document and "Modified".
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Api, signInAs, type AccountName } from "./helpers";
import { fileRequest, PNG } from "./filed-requests";

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
