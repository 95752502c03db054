/**
 * Issue 26 item 4: every notice leads somewhere. The office moves an agency's request; the bell's entry about it opens
 * the request, and having opened it the entry reads as read (no longer counted, no longer marked new). The events
 * page links the same way.
 */
import { expect, test } from "@playwright/test";
import { Api, signInAs } from "./helpers";
import { fileRequest } from "./filed-requests";

test.describe.configure({ timeout: 120_000 });

test("a bell entry opens the request it speaks of and is read from then on (Arabic)", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  await office.call("POST", "transactions/update-balance/0193a000-0000-7000-8000-00000000c002", { data: { operation: "ADD", amount: 20_000, note: "notices" } });
  const filed = await fileRequest(agency, "ar");

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await signInAs(context, "tigris");
  const page = await context.newPage();
  await page.goto("/ar/", { timeout: 60_000 });
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });

  await office.call("PATCH", `requests/${filed._id}`, { data: { status: "InProcess" } });
  await page.getByTestId("live-bell").click();
  const entry = page.getByTestId("live-event").filter({ hasText: filed.reference });
  await expect(entry).toHaveAttribute("data-seen", "false", { timeout: 10_000 });
  const unseenBefore = await page.getByTestId("live-unseen").innerText();
  const link = entry.getByTestId("live-event-link");
  await expect(link).toHaveAttribute("href", `/ar/requests/${filed._id}/`);
  await link.click();

  await expect(page).toHaveURL(new RegExp(`/ar/requests/${filed._id}/$`));
  await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "InProcess", { timeout: 20_000 });
  // Read: the bell no longer counts it, and its entry is no longer marked new.
  await expect(page.getByTestId("live-unseen")).not.toHaveText(unseenBefore, { timeout: 10_000 });
  await page.getByTestId("live-bell").click();
  await expect(page.getByTestId("live-event").filter({ hasText: filed.reference })).toHaveAttribute("data-seen", "true");

  // The events page links the same entry to the same request.
  await page.goto("/ar/events/");
  const item = page.getByTestId("all-events-item").filter({ hasText: filed.reference }).first();
  await expect(item).toHaveAttribute("data-read", "true", { timeout: 20_000 });
  await expect(item.getByTestId("event-link")).toHaveAttribute("href", `/ar/requests/${filed._id}/`);

  await context.close();
  await agency.dispose();
  await office.dispose();
});
