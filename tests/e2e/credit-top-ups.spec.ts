/**
 * Issue 30 in Arabic, in a real browser against the real worker: an agency with a credit line files past zero and
 * sees what it owes and what it can still spend; it asks for a top-up with a photo of its slip, the office approves it
 * from its queue (the slip shown inline), and the agency's open page shows the new balance and the state without a
 * reload. axe finds nothing serious or critical on the two new pages.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs } from "./helpers";
import { PNG, applicant } from "./filed-requests";

/** Arabic-Indic digits of an amount as the Arabic pages write it ("$1,234.00" → "١٬٢٣٤٫٠٠"), to find it in the text. */
const arabicDigits = (minor: number) =>
  new Intl.NumberFormat("ar-u-nu-arab", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);

async function axeClean(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A new agency (so the demo agencies' money, moved by other files, plays no part) with a credit line of 400.00. */
async function agencyWithCredit(browser: Browser) {
  const admin = await Api.as("admin");
  const email = `credit-${Date.now().toString(36)}@test.example`;
  const password = "Agency#2026x";
  const agency = await admin.call<{ _id: string }>("POST", "agents/create", {
    data: { name: "وكالة الائتمان", contactName: "Owner", email, phone: "+9647701234567", password },
  });
  await admin.call("POST", "transactions/update-balance/" + agency._id, {
    data: { operation: "ADD", amount: 10_000, note: "Opening" }, headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  await admin.call("PATCH", `agents/${agency._id}/credit`, { data: { limit: 40_000 } });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "ar" });
  const login = await context.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email, password }, headers: { Origin: BASE_URL } });
  expect(login.status(), await login.text()).toBe(200);
  return { id: agency._id, email, password, context, admin };
}

test("an agency with credit files past zero and sees its debt (Arabic)", async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await agencyWithCredit(browser);
  const page = await a.context.newPage();
  // A visa of the demo catalogue, filed through the API as this agency, three times: 100.00 of balance, then credit.
  const token = () => a.context.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email: a.email, password: a.password }, headers: { Origin: BASE_URL } })
    .then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const asAgency = async <T,>(path: string) =>
    (await (await a.context.request.get(`${BASE_URL}/api/${path}`, { headers: { Authorization: `Bearer ${await token()}` } })).json()) as T;
  // A visa this agency may file (its group's catalogue), with its documents and price as the agency sees them.
  const visas = await asAgency<{ data: { _id: string; price: number }[] }>("visa/list?limit=50");
  const visa = visas.data.find((v) => v.price > 0)!;
  const full = await asAgency<{ price?: number; fields: string[]; requirements: { _id: string; kind: string; required: boolean }[] }>(`visa/one/${visa._id}`);
  let spent = 0;
  while (spent <= 10_000) {
    const documents = [];
    for (const r of full.requirements.filter((q) => q.kind === "document" && q.required)) {
      const uploaded = await a.context.request.post(`${BASE_URL}/api/requests/upload-attachment-to-s3-by-agent`, {
        multipart: { file: { name: "scan.png", mimeType: "image/png", buffer: PNG } }, headers: { Authorization: `Bearer ${await token()}`, Origin: BASE_URL },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      documents.push({ attachmentId: ((await uploaded.json()) as { _id: string })._id, requirementId: r._id });
    }
    const filed = await a.context.request.post(`${BASE_URL}/api/requests`, {
      data: { visaId: visa._id, fields: applicant(full.fields, "ar"), documents },
      headers: { Authorization: `Bearer ${await token()}`, Origin: BASE_URL, "Idempotency-Key": crypto.randomUUID() },
    });
    expect(filed.status(), await filed.text()).toBe(201);
    spent += ((await filed.json()) as { price: number }).price;
  }
  const balance = 10_000 - spent;
  expect(balance).toBeLessThan(0);

  // The statement: the balance below zero, what it owes and what it can still spend, in Arabic digits.
  await page.goto(`${BASE_URL}/ar/transactions/`);
  await expect(page.getByTestId("statement-balance-amount")).toHaveAttribute("data-minor", String(balance), { timeout: 20_000 });
  await expect(page.getByTestId("credit-debt")).toHaveAttribute("data-minor", String(-balance));
  await expect(page.getByTestId("credit-debt")).toContainText(arabicDigits(-balance));
  await expect(page.getByTestId("credit-available")).toHaveAttribute("data-minor", String(40_000 + balance));
  await expect(page.getByTestId("credit-figures")).toContainText("المستحق عليك");

  // The filing form counts the credit: what is available, and no "short" warning while the credit covers the price.
  await page.goto(`${BASE_URL}/ar/visa/${visa._id}/request/`);
  await expect(page.getByTestId("filing-available")).toContainText(arabicDigits(40_000 + balance), { timeout: 20_000 });
  if (40_000 + balance >= (full.price ?? visa.price)) await expect(page.getByTestId("filing-short")).toHaveCount(0);
  await a.context.close();
  await a.admin.dispose();
});

test("a top-up request with a slip photo, approved by the office, reaches the agency's open page without a reload (Arabic)", async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await agencyWithCredit(browser);
  await a.admin.call("PATCH", "settings/payment-instructions", {
    data: { en: "Rafidain Bank, account 0123", ar: "مصرف الرافدين، الحساب ٠١٢٣", ku: "بانکی ڕافیدەین، هەژماری ٠١٢٣" },
  });
  const page = await a.context.newPage();
  await page.goto(`${BASE_URL}/ar/top-up/`);
  await expect(page.getByTestId("payment-instructions")).toContainText("مصرف الرافدين", { timeout: 20_000 });
  await expect(page.getByTestId("top-up-balance")).toHaveAttribute("data-minor", "10000");
  await axeClean(page);
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });

  // The form refuses a request without its slip, then sends it with a photo.
  await page.getByTestId("top-up-amount").fill("٢٥٠");
  await page.getByTestId("top-up-through").fill("صيرفة الأمين");
  await page.getByTestId("top-up-reference").fill("TRX-7781");
  await page.getByTestId("top-up-submit").click();
  await expect(page.getByTestId("top-up-form")).toContainText("ملف");
  await page.getByTestId("top-up-slip").setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: PNG });
  await page.getByTestId("top-up-submit").click();
  await expect(page.getByTestId("top-up-sent")).toBeVisible({ timeout: 20_000 });
  const row = page.getByTestId("top-up-row").first();
  await expect(row).toHaveAttribute("data-status", "Pending");
  await expect(row.getByTestId("top-up-status")).toHaveText("بانتظار المكتب");

  // The office's queue, in Arabic: the slip inline, approve.
  const office = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "ar" });
  await signInAs(office, "admin");
  const queue = await office.newPage();
  await queue.goto(`${BASE_URL}/ar/admin/top-ups/`);
  const item = queue.getByTestId("top-up-item").filter({ hasText: "TRX-7781" });
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item.getByTestId("top-up-slip-image")).toBeVisible();
  await expect.poll(() => item.getByTestId("top-up-slip-image").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  await axeClean(queue);
  await item.getByTestId("top-up-approve").click();
  await expect(queue.getByTestId("top-up-item").filter({ hasText: "TRX-7781" })).toHaveCount(0, { timeout: 15_000 });

  // The agency's open page, never reloaded: the new balance and the request's state.
  await expect(page.getByTestId("top-up-balance")).toHaveAttribute("data-minor", "35000", { timeout: 15_000 });
  await expect(page.getByTestId("top-up-balance")).toContainText(arabicDigits(35_000));
  await expect(row).toHaveAttribute("data-status", "Approved");
  await expect(row.getByTestId("top-up-status")).toHaveText("تمت الموافقة");
  const ledger = await a.admin.call<{ data: { type: string; amount: number }[] }>("GET", `transactions/findAllByAdmin?agentId=${a.id}&type=TopUp`);
  expect(ledger.data.filter((t) => t.amount === 25_000)).toHaveLength(1);
  await Promise.all([a.context.close(), office.close()]);
  await a.admin.dispose();
});
