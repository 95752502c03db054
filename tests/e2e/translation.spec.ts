/**
 * Issue 12, the browser journey in the Arabic UI: an agent orders a legal translation (price and balance after shown
 * before paying); the admin starts it and asks for a correction with a reason; the agent corrects; the admin delivers
 * the translated PDF; the agent downloads it; the statement page shows the order, and the charge and refund of a
 * second order the agent cancels. Screenshots in test-results/translation-*.
 * Then axe over the five translation pages (no serious or critical findings).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs } from "./helpers";

const LEGAL_SERVICE = "0193a000-0000-7000-8000-000000080001";
const ARABIC = "0193a000-0000-7000-8000-000000070001";
const ENGLISH = "0193a000-0000-7000-8000-000000070002";
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`) });
// The machine running these is shared and often loaded: page loads and API answers get room.
const slowExpect = expect.configure({ timeout: 20_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/translation-${name}.png`, fullPage: true });

/** The order form of the legal service, Arabic to English, filled with a page count (as typed) and one PDF. */
async function fillOrder(agent: Page, pages: string, file: string) {
  await agent.goto(`/ar/translation/?service=${LEGAL_SERVICE}`);
  await slowExpect(agent.locator("html")).toHaveAttribute("dir", "rtl");
  await slowExpect(agent.getByTestId("service-card").first()).toBeVisible();
  await agent.getByTestId("order-from").selectOption(ARABIC);
  await agent.getByTestId("order-to").selectOption(ENGLISH);
  await agent.getByTestId("order-pages").fill(pages);
  // The file goes to the island's own input: a file set on the drawn one in the very moment the island swaps in can
  // land on the input being removed (edge-views-translation.spec covers files picked on the drawn form).
  await slowExpect(agent.locator('[data-edge-view="translation-order"]')).toHaveAttribute("data-edge-live", "");
  await agent.getByTestId("order-files").setInputFiles(pdf(file));
}

/** Pays and places the filled order; answers its reference (LT-yyyy-nnnnnn), which the page must show. */
async function submitOrder(agent: Page): Promise<string> {
  await agent.getByTestId("order-submit").click();
  await slowExpect(agent.getByTestId("order-placed")).toBeVisible();
  const reference = (await agent.getByTestId("order-placed").innerText()).match(/LT-\d{4}-\d{6}/)?.[0];
  expect(reference, "the order's reference is shown").toBeTruthy();
  return reference!;
}

test("Arabic UI: order a legal translation, correction round, delivery, download, ledger", async ({ browser }) => {
  test.setTimeout(300_000);
  const agentContext = await browser.newContext({ locale: "ar" });
  const adminContext = await browser.newContext({ locale: "ar" });
  await signInAs(agentContext, "agent");
  await signInAs(adminContext, "admin");
  const agent = await agentContext.newPage();
  const admin = await adminContext.newPage();

  // 1. The agent orders: the price (2 pages × 15.00) and the balance after are shown before paying.
  await fillOrder(agent, "2", "birth-certificate.pdf");
  // Typed in Latin, shown in the page's digits (at once through the island; if typed before it came, once it takes over).
  await slowExpect(agent.getByTestId("order-pages")).toHaveValue("٢");
  await slowExpect(agent.getByTestId("order-price")).toContainText("٣٠٫٠٠"); // Arabic-Indic digits in ar (the one money rule)
  const balanceText = await agent.getByTestId("order-balance").innerText();
  const afterText = await agent.getByTestId("order-balance-after").innerText();
  expect(afterText).not.toBe(balanceText);
  await shot(agent, "1-order-form");
  const reference = await submitOrder(agent);

  // 2. The admin starts the work, then asks for a correction with a reason.
  await admin.goto("/ar/admin/translation/requests/");
  const row = admin.locator(`[data-testid="order-row"][data-reference="${reference}"]`);
  await row.getByTestId("order-open").click();
  const detail = admin.getByTestId("order-detail");
  await slowExpect(detail.getByTestId("moves")).toBeVisible();
  // Only the moves set A allows from Requested are offered.
  await slowExpect(detail.getByTestId("move-Done")).toHaveCount(0);
  await detail.getByTestId("move-InProcess").click();
  await slowExpect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "InProcess");
  await detail.getByTestId("move-CorrectionNeeded").click();
  await detail.getByTestId("move-reason").fill("الصفحة الثانية غير واضحة، أرسلوا نسخة أوضح");
  await detail.getByTestId("move-confirm").click();
  await slowExpect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "CorrectionNeeded");
  await shot(admin, "2-admin-correction");
  await admin.keyboard.press("Escape");

  // 3. The agent sees the reason and corrects: the order is back to Requested.
  await agent.goto("/ar/translation/requests/");
  const card = agent.locator(`[data-testid="order-card"][data-reference="${reference}"]`);
  await slowExpect(card.getByTestId("order-status")).toHaveAttribute("data-status", "CorrectionNeeded");
  await slowExpect(card.getByTestId("order-reason")).toContainText("الصفحة الثانية غير واضحة");
  await shot(agent, "3-agent-correction-asked");
  await card.getByTestId("correction-files").setInputFiles(pdf("birth-certificate-clear.pdf"));
  await card.getByTestId("correction-note").fill("أرفقنا نسخة أوضح");
  await card.getByTestId("correction-send").click();
  await slowExpect(card.getByTestId("order-status")).toHaveAttribute("data-status", "Requested");

  // 4. The admin starts again and delivers the translated PDF (Done).
  await admin.reload();
  await admin.locator(`[data-testid="order-row"][data-reference="${reference}"]`).getByTestId("order-open").click();
  await slowExpect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "Requested");
  await detail.getByTestId("move-InProcess").click();
  await slowExpect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "InProcess");
  await detail.getByTestId("result-files").setInputFiles(pdf("translated-birth-certificate.pdf"));
  await detail.getByTestId("move-Done").click();
  await slowExpect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "Done");
  await slowExpect(detail.getByTestId("result-documents")).toContainText("translated-birth-certificate.pdf");
  await slowExpect(detail.getByTestId("order-history")).toContainText("أرفقنا نسخة أوضح");
  await shot(admin, "4-admin-delivered");

  // 5. The agent downloads the translated document.
  await agent.reload();
  await slowExpect(card.getByTestId("order-status")).toHaveAttribute("data-status", "Done");
  const [download] = await Promise.all([agent.waitForEvent("download"), card.getByTestId("result-documents").getByTestId("document-link").click()]);
  expect(download.suggestedFilename()).toBe("translated-birth-certificate.pdf");
  expect(readFileSync((await download.path())!, "utf8")).toContain("translated-birth-certificate.pdf");
  await slowExpect(card.getByTestId("cancel-button")).toHaveCount(0);
  await shot(agent, "5-agent-done");

  // The order and its receipt print from /print?kind=legal&id=.
  await card.getByTestId("print-link").click();
  await slowExpect(agent.getByTestId("print-order")).toContainText(reference);
  await slowExpect(agent.getByTestId("print-order")).toContainText("٣٠٫٠٠");
  await shot(agent, "6-print");

  // 6. The statement page (Arabic UI) shows the order: its reference and its amount in Arabic-Indic digits, and the
  // ledger API agrees.
  const statementRow = async (ref: string, type: "Order" | "Refund") => {
    const row = agent.getByTestId("statement-table-grid").getByTestId("table-row").filter({ hasText: ref }).filter({ has: agent.locator(`[data-testid="tx-type"][data-type="${type}"]`) });
    await slowExpect(row).toHaveCount(1);
    return row;
  };
  await agent.goto("/ar/transactions/");
  await slowExpect(agent.locator("html")).toHaveAttribute("dir", "rtl");
  const orderRow = await statementRow(reference, "Order");
  await expect(orderRow.getByTestId("tx-amount")).toHaveAttribute("data-minor", "-3000");
  await expect(orderRow.getByTestId("tx-amount")).toContainText("٣٠٫٠٠");
  expect(await orderRow.getByTestId("tx-amount").innerText(), "one digit system in an Arabic row").not.toMatch(/[0-9]/);
  await shot(agent, "7-statement");
  const api = await Api.as("agent");
  const { data: rows } = await api.call<{ data: { type: string; amount: number; requestReference: string }[] }>("GET", `transactions/findAllByAgent?search=${reference}`);
  await api.dispose();
  expect(rows).toEqual([expect.objectContaining({ type: "Order", amount: 3_000, requestReference: reference })]);

  // 7. A second order (one page, typed in Arabic-Indic digits), cancelled by the agent while still Requested: the
  // statement shows its charge and its refund, once each.
  await fillOrder(agent, "١", "passport-copy.pdf");
  await slowExpect(agent.getByTestId("order-price")).toContainText("١٥٫٠٠");
  const second = await submitOrder(agent);
  await agent.goto("/ar/translation/requests/");
  const secondCard = agent.locator(`[data-testid="order-card"][data-reference="${second}"]`);
  await secondCard.getByTestId("cancel-button").click();
  await agent.getByTestId("confirm-dialog-confirm").click();
  await slowExpect(secondCard.getByTestId("order-status")).toHaveAttribute("data-status", "Canceled");
  await agent.goto("/ar/transactions/");
  const charged = await statementRow(second, "Order");
  const refunded = await statementRow(second, "Refund");
  await expect(charged.getByTestId("tx-amount")).toHaveAttribute("data-minor", "-1500");
  await expect(refunded.getByTestId("tx-amount")).toHaveAttribute("data-minor", "1500");
  await expect(refunded.getByTestId("tx-amount")).toContainText("١٥٫٠٠");
  await expect(refunded.getByTestId("tx-type")).toHaveText(/\S/);
  await shot(agent, "8-statement-refund");

  await agentContext.close();
  await adminContext.close();
});

test("axe: the translation pages have no serious or critical findings (Arabic)", async ({ browser }) => {
  test.setTimeout(300_000);
  for (const [kind, paths] of [["agent", ["/ar/translation/", "/ar/translation/requests/"]], ["admin", ["/ar/admin/translation/", "/ar/admin/translation/languages/", "/ar/admin/translation/requests/"]]] as const) {
    const context = await browser.newContext({ locale: "ar" });
    await signInAs(context, kind);
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await slowExpect(page.locator("main")).toBeVisible();
      await page.screenshot({ path: `test-results/translation-page${path.replaceAll("/", "-").replace(/-$/, "")}.png`, fullPage: true });
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const blocking = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
      expect(blocking, `${path}: ${JSON.stringify(blocking)}`).toEqual([]);
    }
    await context.close();
  }
});

test("the admin's translation queue keeps its status filter in the address: a reload shows the same orders", async ({ browser }) => {
  const context = await browser.newContext();
  await signInAs(context, "admin");
  const page = await context.newPage();
  await page.goto("/en/admin/translation/requests/");
  const filter = page.getByTestId("filter-InProcess");
  await expect(filter).toBeVisible();
  // Hydrated (the chip answers) before pressing it.
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  await filter.click();
  await expect(page).toHaveURL(/\/en\/admin\/translation\/requests\/\?status=InProcess$/);
  await expect(filter).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByTestId("filter-InProcess")).toHaveAttribute("aria-pressed", "true");
  await page.waitForLoadState("networkidle");
  for (const status of await page.getByTestId("order-row").getByTestId("order-status").evaluateAll((badges) => badges.map((b) => b.getAttribute("data-status")))) {
    expect(status).toBe("InProcess");
  }
  await context.close();
});
