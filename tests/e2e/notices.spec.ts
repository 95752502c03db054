/**
 * Issue 26 item 4: every notice leads somewhere. The office moves an agency's request; the bell's entry about it opens
 * the request, and having opened it the entry reads as read (no longer counted, no longer marked new). The events
 * page links the same way.
 */
import { expect, test } from "@playwright/test";
import { Api, signInAs } from "./helpers";
import { fileRequest, placeOrder } from "./filed-requests";

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

test("a bell entry about a translation order past the list's first page opens that order (Arabic)", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  await office.call("POST", "transactions/update-balance/0193a000-0000-7000-8000-00000000c002", { data: { operation: "ADD", amount: 200_000, note: "notices orders" } });
  // The order the office will move, then twenty newer ones: it is no longer on the list's first page (20 a page).
  const target = await placeOrder(agency);
  for (let i = 0; i < 20; i++) await placeOrder(agency);
  const first = await agency.call<{ data: { _id: string }[] }>("GET", "legal-translation/by-agent?page=1&limit=20");
  expect(first.data.map((o) => o._id)).not.toContain(target._id);

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await signInAs(context, "tigris");
  const page = await context.newPage();
  await page.goto("/ar/", { timeout: 60_000 });
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });

  await office.call("POST", `legal-translation/change-request-state/${target._id}`, { data: { status: "InProcess" }, expect: 200 });
  await page.getByTestId("live-bell").click();
  const link = page.getByTestId("live-event").filter({ hasText: target.reference }).getByTestId("live-event-link");
  await expect(link).toHaveAttribute("href", `/ar/translation/requests/?order=${target._id}#order-${target.reference}`, { timeout: 10_000 });
  await link.click();

  // The list opens on the order: shown above the first page, marked, in view, with its new status.
  await expect(page).toHaveURL(new RegExp(`/ar/translation/requests/\\?order=${target._id}#order-${target.reference}$`));
  const card = page.getByTestId("opened-order").getByTestId("order-card");
  await expect(card).toHaveAttribute("data-reference", target.reference);
  await expect(card).toHaveAttribute("aria-current", "true");
  await expect(card).toBeInViewport();
  await expect(card).toContainText("قيد الترجمة"); // InProcess, as an order says it
  await expect(page.getByTestId("opened-order")).toContainText("طلب الترجمة الذي فتحته");
  // The first page itself is still the list's first page.
  await expect(page.getByTestId("order-list").getByTestId("order-card")).toHaveCount(20);

  // Another agency's order (or none) is said to be missing, never shown.
  await page.goto("/ar/translation/requests/?order=0193a000-0000-7000-8000-0000000fffff");
  await expect(page.getByTestId("opened-order-missing")).toContainText("لم يُعثر على طلب الترجمة");
  await expect(page.getByTestId("opened-order")).toHaveCount(0);

  await context.close();
  await agency.dispose();
  await office.dispose();
});
