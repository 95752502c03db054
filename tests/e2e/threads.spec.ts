/**
 * Issue 29 item 1 in Arabic: an agency and the office talk about one request on two open pages, without reloading.
 * The agent writes with a file; the office's open page shows it (with the file) and answers; the agent's page shows the
 * answer and that the office has seen its message. An internal note of the office never shows on the agency's page.
 * axe finds nothing serious or critical in either.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { Api, signInAs, type AccountName } from "./helpers";
import { fileRequest, PNG } from "./filed-requests";

test.describe.configure({ timeout: 150_000 });

const LIVE_MS = 5_000;

test.beforeAll(async () => {
  const office = await Api.as("admin");
  await office.call("POST", "transactions/update-balance/0193a000-0000-7000-8000-00000000c002", { data: { operation: "ADD", amount: 100_000, note: "threads" } });
  await office.dispose();
});

async function openSignedIn(browser: Browser, who: AccountName, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "ar-IQ" });
  await signInAs(context, who);
  const page = await context.newPage();
  await page.goto(path, { timeout: 60_000 });
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });
  return page;
}

async function seriousAxe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`);
}

test("the agency and the office exchange messages with a file on two open pages, in Arabic, without reloading", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const filed = await fileRequest(agency, "ar");
  const agent = await openSignedIn(browser, "tigris", `/ar/requests/${filed._id}/`);
  const office = await openSignedIn(browser, "admin", `/ar/admin/requests/${filed._id}/`);
  const agentThread = agent.getByTestId("thread");
  const officeThread = office.getByTestId("thread");
  await expect(agentThread).toBeVisible();
  await expect(officeThread).toBeVisible({ timeout: 20_000 });

  // The agent writes, with the hotel booking attached.
  await agent.getByTestId("thread-input").click();
  await agent.getByTestId("thread-input").fill("مرفق حجز الفندق. هل يكفي؟");
  await agent.getByTestId("thread-files").setInputFiles({ name: "hotel-booking.png", mimeType: "image/png", buffer: PNG });
  await agent.getByTestId("thread-send").click();
  await expect(agentThread.getByTestId("thread-message")).toHaveCount(1, { timeout: 15_000 });
  await expect(agentThread.getByTestId("thread-seen")).toHaveAttribute("data-seen", "false");

  // The office's open page shows it with its file, without a reload; being on the page, the office has now seen it.
  const received = officeThread.getByTestId("thread-message").filter({ hasText: "حجز الفندق" });
  await expect(received).toBeVisible({ timeout: LIVE_MS });
  await expect(received.getByTestId("thread-file")).toContainText("hotel-booking.png");
  await expect(agentThread.getByTestId("thread-seen")).toHaveAttribute("data-seen", "true", { timeout: LIVE_MS });

  // The office answers, and writes an internal note the agency must never see.
  await office.getByTestId("thread-input").fill("نعم، يكفي. سنبدأ المعالجة اليوم: https://example.com/status");
  await office.getByTestId("thread-send").click();
  await expect(officeThread.getByTestId("thread-message")).toHaveCount(2, { timeout: 15_000 });
  await office.getByTestId("thread-input").fill("ملاحظة داخلية: تحقق من الكفيل");
  await office.getByTestId("thread-internal").check();
  await office.getByTestId("thread-send").click();
  await expect(officeThread.locator("[data-internal=true]")).toHaveCount(1, { timeout: 15_000 });

  const answer = agentThread.getByTestId("thread-message").filter({ hasText: "سنبدأ المعالجة" });
  await expect(answer).toBeVisible({ timeout: LIVE_MS });
  await expect(answer.locator("a[href='https://example.com/status']")).toHaveAttribute("rel", /noopener/);
  await expect(agentThread.getByTestId("thread-message")).toHaveCount(2);
  await expect(agent.getByText("تحقق من الكفيل")).toHaveCount(0);
  await agent.waitForTimeout(1_500);
  await expect(agent.getByText("تحقق من الكفيل")).toHaveCount(0);

  expect(await seriousAxe(agent)).toEqual([]);
  expect(await seriousAxe(office)).toEqual([]);
  await agent.screenshot({ path: "test-results/threads/agent-ar.png", fullPage: true });
  await office.screenshot({ path: "test-results/threads/office-ar.png", fullPage: true });
  // The printout with the conversation, when asked: the agency's without the internal note, the office's with it marked.
  await agent.goto(`/ar/print/?kind=visa&id=${filed._id}&thread=1`);
  const printed = agent.getByTestId("print-thread");
  await expect(printed).toContainText("حجز الفندق");
  await expect(printed).toContainText("سنبدأ المعالجة");
  await expect(printed).not.toContainText("تحقق من الكفيل");
  await office.goto(`/ar/print/?kind=visa&id=${filed._id}&thread=1`);
  await expect(office.getByTestId("print-thread")).toContainText("تحقق من الكفيل");
  await agency.dispose();
});
