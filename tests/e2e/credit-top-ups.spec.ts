/**
 * Issue 30 in Arabic, in a real browser against the real worker: an agency with a credit line files past zero and
 * sees what it owes and what it can still spend; it asks for a top-up with a photo of its slip, the office approves it
 * from its queue (the slip shown inline), and the agency's open page shows the new balance and the state without a
 * reload. axe finds nothing serious or critical on the two new pages. A receipt PDF in Arabic with the agency's logo,
 * drawn with pdftoppm (test-results/receipts/) and read with pdftotext.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, arabicDigits, axeClean, signInAs } from "./helpers";
import { PNG, applicant } from "./filed-requests";
import { expectNoIslandAtStart } from "./edge-helpers";

/** A new agency (so the demo agencies' money, moved by other files, plays no part) with a credit line of 400.00. */
async function agencyWithCredit(browser: Browser) {
  const admin = await Api.as("admin");
  const email = `credit-${Date.now().toString(36)}@test.example`;
  const password = "Agency#2026x";
  const agency = await admin.call<{ _id: string }>("POST", "agents/create", {
    data: { name: "وكالة النجمة للسفر", contactName: "Owner", email, phone: "+9647701234567", password },
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
  const price = full.price ?? visa.price;
  if (40_000 + balance >= price) {
    await expect(page.getByTestId("filing-short")).toHaveCount(0);
    // In words: this filing goes on the credit line, and what will be owed after it.
    await expect(page.getByTestId("on-credit")).toContainText(arabicDigits(price - balance));
    await expect(page.getByTestId("on-credit")).toContainText("سقف الائتمان");
    await axeClean(page);
  }

  // The home page's balance card and the header's menu: what can be spent and what is owed, beside the balance.
  await page.goto(`${BASE_URL}/ar/`);
  await expect(page.getByTestId("balance-available")).toContainText(arabicDigits(40_000 + balance), { timeout: 20_000 });
  await expect(page.getByTestId("balance-debt")).toContainText(arabicDigits(-balance));
  await expect(page.getByTestId("balance-credit")).toContainText("المستحق عليك");
  await page.getByTestId("account-button").click();
  await expect(page.getByTestId("account-menu-available")).toContainText(arabicDigits(40_000 + balance));
  await expect(page.getByTestId("account-menu-debt")).toContainText(arabicDigits(-balance));
  await expect(page.getByTestId("account-menu-debt")).toContainText("المستحق عليك");
  await axeClean(page); // the home card and the open menu with the credit's figures

  // The plain history (/transactions-old) carries the same figures above its table.
  await page.goto(`${BASE_URL}/ar/transactions-old/`);
  await expect(page.getByTestId("history-balance-amount")).toHaveAttribute("data-minor", String(balance), { timeout: 20_000 });
  await expect(page.getByTestId("history-balance").getByTestId("credit-debt")).toContainText(arabicDigits(-balance));
  await expect(page.getByTestId("history-balance").getByTestId("credit-available")).toContainText(arabicDigits(40_000 + balance));
  await axeClean(page);

  // The translation order form counts the credit too: the available amount shown, the order not refused for a balance below zero.
  await page.goto(`${BASE_URL}/ar/translation/`);
  await expect(page.getByTestId("order-available")).toContainText(arabicDigits(40_000 + balance), { timeout: 20_000 });
  await axeClean(page);
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
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${BASE_URL}/ar/top-up/`);
  await expect(page.getByTestId("payment-instructions")).toContainText("مصرف الرافدين", { timeout: 20_000 });
  await expect(page.getByTestId("top-up-balance")).toHaveAttribute("data-minor", "10000");
  await axeClean(page);
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });
  // Drawn by the edge: the balance, the instructions and the form are there with no React (the agency pages' budget),
  // even once the page is live.
  expectNoIslandAtStart(scripts, /^(TopUpPage|edge-view-mount)\./, "top-up page");

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

test("a receipt PDF with the agency's logo, in Arabic, drawn with pdftoppm: the logo at the top right and the Arabic names shaped", async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await agencyWithCredit(browser);
  const page = await a.context.newPage();
  // The agency's logo: a red badge drawn by the browser (a real PNG of some size, easy to find on the rendered page).
  await page.setContent(`<div id="logo" style="width:160px;height:80px;background:#c8102e;color:#fff;font:bold 32px sans-serif;display:grid;place-items:center">LOGO</div>`);
  const logo = await page.locator("#logo").screenshot();
  const token = async () => ((await (await a.context.request.post(`${BASE_URL}/api/auth/loginAgent`, { data: { email: a.email, password: a.password }, headers: { Origin: BASE_URL } })).json()) as { access_token: string }).access_token;
  const branded = await a.context.request.patch(`${BASE_URL}/api/agents/branding`, {
    multipart: { logo: { name: "logo.png", mimeType: "image/png", buffer: logo }, data: JSON.stringify({ footer: { en: "Main street 12", ar: "بغداد، شارع الرشيد\nرخصة رقم ٤٤٧١", ku: "بەغدا" } }) },
    headers: { Authorization: `Bearer ${await token()}`, Origin: BASE_URL },
  });
  expect(branded.status(), await branded.text()).toBe(200);
  const visas = (await (await a.context.request.get(`${BASE_URL}/api/visa/list?limit=50`, { headers: { Authorization: `Bearer ${await token()}` } })).json()) as { data: { _id: string; price: number }[] };
  const visa = visas.data.find((v) => v.price > 0 && v.price <= 50_000)!;
  const full = (await (await a.context.request.get(`${BASE_URL}/api/visa/one/${visa._id}`, { headers: { Authorization: `Bearer ${await token()}` } })).json()) as { fields: string[]; requirements: { _id: string; kind: string; required: boolean }[] };
  const documents = [];
  for (const r of full.requirements.filter((q) => q.kind === "document" && q.required)) {
    const uploaded = await a.context.request.post(`${BASE_URL}/api/requests/upload-attachment-to-s3-by-agent`, {
      multipart: { file: { name: "scan.png", mimeType: "image/png", buffer: PNG } }, headers: { Authorization: `Bearer ${await token()}`, Origin: BASE_URL },
    });
    documents.push({ attachmentId: ((await uploaded.json()) as { _id: string })._id, requirementId: r._id });
  }
  const filed = await a.context.request.post(`${BASE_URL}/api/requests`, {
    data: { visaId: visa._id, fields: { ...applicant(full.fields, "ar"), ...(full.fields.includes("FullName") ? { FullName: "أحمد علي" } : {}) }, documents },
    headers: { Authorization: `Bearer ${await token()}`, Origin: BASE_URL },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const request = (await filed.json()) as { _id: string; reference: string; fields: Record<string, string> };

  const answer = await a.context.request.get(`${BASE_URL}/api/requests/${request._id}/receipt/a4?lang=ar&price=15000`, { headers: { Authorization: `Bearer ${await token()}` } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  mkdirSync("test-results/receipts", { recursive: true });
  const pdf = "test-results/receipts/receipt-ar.pdf";
  writeFileSync(pdf, await answer.body());
  // The text layer in logical order: the agency's and the traveller's Arabic names as written (shaping keeps them).
  // (pdftotext wraps runs in bidi embeddings, U+202A–202C: not part of the words.)
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" }).replace(/[\u202a-\u202e]/g, "");
  expect(text).toContain("وكالة النجمة للسفر");
  expect(text).toContain("إيصال");
  expect(text).toContain("رخصة رقم ٤٤٧١");
  if (full.fields.includes("FullName")) expect(text).toContain("أحمد علي");
  expect(text).toContain(request.reference);
  expect(text).toMatch(/١٥٠٫٠٠/); // the price the agency typed, its digits in order (they were drawn reversed before)
  // Drawn to PNG: the red logo sits at the top right (right to left), and the page shows it to a reader.
  execFileSync("pdftoppm", ["-png", "-r", "72", "-singlefile", pdf, "test-results/receipts/receipt-ar"]);
  const png = readFileSync("test-results/receipts/receipt-ar.png");
  await page.setContent(`<img id="r" src="data:image/png;base64,${png.toString("base64")}">`);
  const red = await page.evaluate(async () => {
    const img = document.getElementById("r") as HTMLImageElement;
    await img.decode();
    const canvas = Object.assign(document.createElement("canvas"), { width: img.naturalWidth, height: img.naturalHeight });
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const count = (x0: number, x1: number) => {
      const data = ctx.getImageData(x0, 0, x1 - x0, 140).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! > 180 && data[i + 1]! < 60 && data[i + 2]! < 80) n++;
      return n;
    };
    const half = Math.floor(canvas.width / 2);
    return { right: count(half, canvas.width), left: count(0, half), width: canvas.width };
  });
  expect(red.width).toBeGreaterThan(500); // A4 at 72 dpi: 595 px
  expect(red.right).toBeGreaterThan(1000);
  expect(red.left).toBe(0);
  await page.screenshot({ path: "test-results/receipts/receipt-ar-page.png" });
  // The request page offers the receipt as a link (a new tab: the session is the access cookie).
  await page.goto(`${BASE_URL}/ar/requests/${request._id}/`);
  const link = page.getByTestId("request-receipt-a4");
  await expect(link).toHaveAttribute("href", `/api/requests/${request._id}/receipt/a4?lang=ar`, { timeout: 20_000 });
  const opened = await page.request.get(`${BASE_URL}${await link.getAttribute("href")}`);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("application/pdf");
  // The phone layout: a narrow page.
  const phone = await a.context.request.get(`${BASE_URL}/api/requests/${request._id}/receipt/phone?lang=ar`, { headers: { Authorization: `Bearer ${await token()}` } });
  writeFileSync("test-results/receipts/receipt-ar-phone.pdf", await phone.body());
  execFileSync("pdftoppm", ["-png", "-r", "96", "-singlefile", "test-results/receipts/receipt-ar-phone.pdf", "test-results/receipts/receipt-ar-phone"]);
  const phoneText = execFileSync("pdftotext", ["-enc", "UTF-8", "test-results/receipts/receipt-ar-phone.pdf", "-"], { encoding: "utf8" });
  expect(phoneText).toContain("وكالة النجمة للسفر");
  expect(phoneText).not.toMatch(/المبلغ المدفوع/); // no price typed and the net price not chosen: none printed
  await a.context.close();
  await a.admin.dispose();
});
