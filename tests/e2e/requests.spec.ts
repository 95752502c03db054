/**
 * Visa requests in the browser against the real worker (issue 8): an agency files with a passport scan and a photo
 * and the header's balance drops by the price; the visa office asks for a missing document; the agency reads the
 * reason and the list and re-uploads (Modified); the office attaches the visa PDF and approves; the agency downloads
 * it. Once in English and once in Arabic, admin steps through the admin pages. An agency adds a staff user, who
 * signs in at /login, files and sees no money. The request pages have no serious or critical accessibility finding in en and ar.
 *
 * Serial: every test here moves the same agency's money, and the balance checks must not race each other.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { deflateSync } from "node:zlib";
import { BASE_URL } from "../../playwright.config";
import { formatMoney as formatBalance } from "../../src/components/ui/format";
import { hydrateSignInForm, signInAs, typeDate, type AccountName } from "./helpers";

test.describe.configure({ mode: "serial" });
test.setTimeout(150_000);
// Access tokens live 5 s in these tests and the machine is shared: waits are longer than Playwright's default.
test.use({ actionTimeout: 15_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** Demo data (scripts/demo/catalogue.mjs): the Iran pilgrimage visa asks for a passport copy, a photo and the national card. */
const fixed = (kind: string, n: number) => `0193a000-0000-7000-8000-0000000${kind}${String(n).padStart(4, "0")}`;
const VISA = fixed("3", 11);
const REQ = { passport: fixed("2", 1), photo: fixed("2", 2), nationalId: fixed("2", 7) };
const SHOTS = "test-results/requests";

// ── Files made by the test ───────────────────────────────────────────────────────────────────────
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}
/** A real PNG (a passport-coloured page with a machine-readable-zone band), made here. */
function passportPng(width = 120, height = 84): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      const band = y > height * 0.75;
      rows.push(...(band ? [240, 240, 240] : [20 + (x % 30), 60, 120]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
/** A real JPEG photo, drawn by the browser's canvas. */
async function photoJpeg(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 90;
    canvas.height = 120;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, 90, 120);
    ctx.fillStyle = "#c8a27a";
    ctx.beginPath();
    ctx.arc(45, 50, 25, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL("image/jpeg", 0.9);
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}
/** A small valid PDF: the visa the office attaches. */
function visaPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

// ── Helpers ──────────────────────────────────────────────────────────────────────────────────────
async function signedIn(browser: Browser, who: AccountName): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  await signInAs(context, who);
  return { context, page: await context.newPage() };
}

/**
 * The agency's ledger row of `type` for request `id`. Other test files move the same agencies' money at the same
 * time, so balances are checked against the row's own balanceAfter, never against a balance read earlier.
 */
async function ledgerRow(context: BrowserContext, id: string, type: "Order" | "Refund"): Promise<{ amount: number; balanceAfter: number }> {
  await signInAs(context, "agent");
  const response = await context.request.get(`${BASE_URL}/api/transactions/findAllByAgent?type=${type}&limit=100`, { headers: { Authorization: `Bearer ${await token(context)}` } });
  expect(response.ok(), await response.text()).toBe(true);
  const rows = ((await response.json()) as { data: { reference: string | null; amount: number; balanceAfter: number }[] }).data.filter((r) => r.reference === id);
  expect(rows, `one ${type} for ${id}`).toHaveLength(1);
  return rows[0]!;
}
async function token(context: BrowserContext): Promise<string> {
  return (await context.cookies(BASE_URL)).find((c) => c.name === "auth.accessToken")?.value ?? "";
}

/** Files a request of the demo visa through the API (the list and accessibility tests need one of their own). */
async function fileViaApi(context: BrowserContext, fullName: string): Promise<{ _id: string; reference: string }> {
  await signInAs(context, "agent");
  const headers = { Authorization: `Bearer ${await token(context)}`, Origin: BASE_URL };
  const documents = [];
  for (const requirementId of Object.values(REQ)) {
    const upload = await context.request.post(`${BASE_URL}/api/requests/upload-attachment-to-s3-by-agent`, {
      headers,
      multipart: { file: { name: "scan.png", mimeType: "image/png", buffer: passportPng() } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    documents.push({ attachmentId: ((await upload.json()) as { _id: string })._id, requirementId });
  }
  const fields = { FullName: fullName, PassportNumber: "B7654321", DateOfBirth: "1985-06-01", PassportExpiry: `${year + 4}-01-01`, TravelDate: `${year + 1}-05-01` };
  const filed = await context.request.post(`${BASE_URL}/api/requests`, { headers: { ...headers, "Idempotency-Key": crypto.randomUUID() }, data: { visaId: VISA, fields, documents } });
  expect(filed.status(), await filed.text()).toBe(201);
  return (await filed.json()) as { _id: string; reference: string };
}

const year = new Date().getUTCFullYear();
const APPLICANT = {
  en: { FullName: "Layla Ahmed", reason: "The photo is too dark: send a recent photo on a white background." },
  ar: { FullName: "ليلى أحمد", reason: "الصورة داكنة جداً: أرسل صورة حديثة بخلفية بيضاء." },
} as const;

/** Fills the filing form of the demo visa and attaches its three documents; answers the price it shows. */
async function fillFiling(page: Page, lang: "en" | "ar", name: string, opts: { money: boolean }) {
  await page.goto(`/${lang}/visa/${VISA}/request/`);
  // Access tokens live 5 s here: the first calls may wait for a refresh on a busy machine.
  await expect(page.getByTestId("filing")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("field-FullName").fill(name);
  await page.getByTestId("field-PassportNumber").fill("A1234567");
  // Dates typed in the page's digits: Arabic-Indic on the Arabic journey (issue 26: the date field follows the page).
  const digits = lang === "ar" ? "arab" : "latn";
  await typeDate(page, "field-DateOfBirth", "1990-04-12", digits);
  await typeDate(page, "field-PassportExpiry", `${year + 4}-01-01`, digits);
  await typeDate(page, "field-TravelDate", `${year + 1}-03-01`, digits);
  await page.getByTestId(`document-${REQ.passport}-input`).setInputFiles({ name: "passport-scan.png", mimeType: "image/png", buffer: passportPng() });
  await page.getByTestId(`document-${REQ.photo}-input`).setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(page) });
  await page.getByTestId(`document-${REQ.nationalId}-input`).setInputFiles({ name: "national-id.png", mimeType: "image/png", buffer: passportPng(100, 64) });
  for (const id of Object.values(REQ)) await expect(page.getByTestId(`document-${id}`)).toHaveAttribute("data-status", "done");
  if (!opts.money) return null;
  const price = Number(await page.getByTestId("filing-price").getAttribute("data-minor"));
  const balance = Number(await page.getByTestId("filing-balance").getAttribute("data-minor"));
  expect(price).toBeGreaterThan(0);
  await expect(page.getByTestId("filing-after")).toHaveAttribute("data-minor", String(balance - price));
  return { price, balance };
}

/** The admin's status change through the admin request page. */
async function adminMove(page: Page, lang: string, id: string, move: string, reason?: string, missing?: string) {
  await page.goto(`/${lang}/admin/requests/${id}/`);
  await page.getByTestId(`move-${move}`).click();
  const dialog = page.getByTestId("status-dialog");
  await expect(dialog).toBeVisible();
  if (missing) {
    await dialog.getByTestId("missing-documents-input").click();
    await page.getByRole("option", { name: missing }).click();
    await page.keyboard.press("Escape");
  }
  if (reason) await dialog.getByTestId("status-reason").fill(reason);
  await dialog.getByTestId("status-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("request-status")).toHaveAttribute("data-status", move);
}

// ── The journey ──────────────────────────────────────────────────────────────────────────────────
for (const lang of ["en", "ar"] as const) {
  test(`${lang}: file with a passport scan and a photo, answer a missing document, get the approved visa`, async ({ browser }) => {
    const agent = await signedIn(browser, "agent");
    const admin = await signedIn(browser, "admin");
    const { page } = agent;

    // 1. The agency files; the price, the balance now and after are shown first.
    const money = await fillFiling(page, lang, APPLICANT[lang].FullName, { money: true });
    await page.screenshot({ path: `${SHOTS}-${lang}-1-filing.png`, fullPage: true });
    await page.getByTestId("filing-submit").click();
    // The request's page (its script then takes "?filed" out of the address: a reload shows the request alone).
    await page.waitForURL(new RegExp(`/${lang}/requests/[^/_]+/(\\?filed)?$`));
    const id = page.url().split("/").at(-2)!;
    await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "Requested");
    // One Order of the price was written, and the header shows the balance right after it.
    const order = await ledgerRow(agent.context, id, "Order");
    expect(order.amount).toBe(money!.price);
    await expect(page.getByTestId("account-balance")).toContainText(formatBalance(order.balanceAfter, "USD", lang));
    await expect(page.getByTestId("request-price")).toHaveAttribute("data-minor", String(money!.price));
    // Issue 26 item 4: a confirmation with the reference, what was paid and the balance now.
    const filed = page.getByTestId("request-filed");
    await expect(filed).toContainText((await page.getByTestId("request-reference").innerText()).trim());
    await expect(page.getByTestId("request-filed-price")).toHaveAttribute("data-minor", String(money!.price));
    await expect(page.getByTestId("request-filed-balance")).toHaveAttribute("data-minor", String(order.balanceAfter));
    await expect(page).toHaveURL(new RegExp(`/${lang}/requests/${id}/$`));

    // 2. The visa office asks for a better photo.
    await adminMove(admin.page, lang, id, "DocumentNeeded", APPLICANT[lang].reason, lang === "en" ? "Personal photo" : "صورة شخصية");

    // 3. The agency reads the reason and the list, and sends the photo again.
    await page.reload();
    await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "DocumentNeeded");
    await expect(page.getByTestId("request-filed")).toHaveCount(0);
    await expect(page.getByTestId("request-reason-text")).toHaveText(APPLICANT[lang].reason);
    await expect(page.getByTestId("missing-document")).toHaveText([lang === "en" ? "Personal photo" : "صورة شخصية"]);
    await page.screenshot({ path: `${SHOTS}-${lang}-2-document-needed.png`, fullPage: true });
    await page.getByTestId(`reupload-${REQ.photo}-input`).setInputFiles({ name: "photo-white.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(page) });
    await expect(page.getByTestId(`reupload-${REQ.photo}`)).toHaveAttribute("data-status", "chosen");
    await page.getByTestId("fix-submit").click();
    await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "Modified");
    await expect(page.getByTestId("request-fix")).toHaveCount(0);
    await expect(page.getByTestId("uploaded-documents").getByTestId("document")).toHaveCount(4);

    // 4. The office attaches the visa and approves.
    await admin.page.goto(`/${lang}/admin/requests/${id}/`);
    await admin.page.getByTestId("result-input").setInputFiles({ name: "visa-approved.pdf", mimeType: "application/pdf", buffer: visaPdf("VISA APPROVED") });
    await expect(admin.page.getByTestId("results").getByTestId("document")).toHaveCount(1);
    await adminMove(admin.page, lang, id, "Approved");

    // 5. The agency downloads its visa.
    await page.reload();
    await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "Approved");
    const result = page.getByTestId("result-documents").getByTestId("document");
    await expect(result).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}-${lang}-3-approved.png`, fullPage: true });
    const [download] = await Promise.all([page.waitForEvent("download"), result.getByTestId("document-download").click()]);
    expect(download.suggestedFilename()).toBe("visa-approved.pdf");
    const { readFile } = await import("node:fs/promises");
    expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The timeline tells the story, newest first.
    await expect(page.getByTestId("history-entry").first()).toHaveAttribute("data-to", "Approved");

    // 6. The printable summary and receipt.
    await page.getByTestId("request-print").click();
    await expect(page.getByTestId("print-sheet")).toBeVisible();
    await expect(page.getByTestId("print-amount")).toHaveAttribute("data-minor", String(money!.price));
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: `${SHOTS}-${lang}-4-print.png`, fullPage: true });

    await agent.context.close();
    await admin.context.close();
  });
}

test("an agency adds a staff user on /information; they sign in at /login, file, and see no money anywhere", async ({ browser }) => {
  test.setTimeout(120_000);
  const agency = await signedIn(browser, "agent");
  // The agency adds the staff user with a password it sets (its own account page).
  const email = `staff-${Date.now().toString(36)}@test.example`;
  const password = "Staff#2026-e2e";
  await agency.page.goto("/en/information/");
  const manager = agency.page.getByTestId("staff-manager");
  await expect(manager).toBeVisible({ timeout: 20_000 });
  const add = manager.getByTestId("staff-add");
  await add.getByLabel("Name").fill("Karwan Aziz");
  await add.getByLabel("Email").fill(email);
  await add.getByLabel("Password").fill(password);
  await add.getByRole("button", { name: "Add staff user" }).click();
  await expect(manager.getByTestId("staff-row").filter({ hasText: email })).toBeVisible();

  // In another browser: the staff user signs in on the agents' sign-in page.
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/en/login/");
  await hydrateSignInForm(page);
  await page.locator('[name="login-email"]').fill(email);
  await page.locator('[name="login-password"]').fill(password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((url) => !url.pathname.startsWith("/en/login"));

  await fillFiling(page, "en", "Karwan Aziz", { money: false });
  await expect(page.getByTestId("filing-staff-note")).toBeVisible();
  await expect(page.getByTestId("filing-money")).toHaveCount(0);
  await expect(page.getByTestId("filing-summary")).not.toContainText("$");
  await expect(page.getByTestId("account-balance")).toHaveCount(0);
  await page.getByTestId("filing-submit").click();
  await page.waitForURL(/\/en\/requests\/[^/_]+\/(\?filed)?$/);
  await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "Requested");
  await expect(page.getByTestId("request-filed")).toBeVisible();
  await expect(page.getByTestId("request-filed-money")).toHaveCount(0);
  await expect(page.getByTestId("request-price")).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText("$");
  await page.screenshot({ path: `${SHOTS}-staff-request.png`, fullPage: true });
  const id = page.url().split("/").at(-2)!;
  // The list has no price column for staff either; no page of theirs carries a money element (header included).
  for (const path of ["/en/requests/", "/en/", "/en/information/"]) {
    await page.goto(path);
    await expect(page.locator("[data-money]"), path).toHaveCount(0);
    await expect(page.getByTestId("low-balance-header"), path).toHaveCount(0);
    await expect(page.locator("main"), path).not.toContainText("$");
    // Issue 26 item 5: no "your balance" in the words either, and no empty column where the balance card was.
    await expect(page.locator("main header").first(), path).not.toContainText(/balance|price/i);
  }
  await page.goto("/en/");
  const banners = await page.getByTestId("banners").boundingBox();
  expect(banners?.width ?? 0, "the banners take the row the balance card shared").toBeGreaterThan(900);
  // The statement is not theirs: the edge sends them home.
  await page.goto("/en/transactions/");
  await expect(page).toHaveURL(/\/en\/$/);
  // The agency sees the request in its list, and it paid for it.
  await agency.page.goto("/en/requests/");
  await expect(agency.page.locator(`[data-testid="request-row"][data-id="${id}"]`)).toBeVisible();
  expect((await ledgerRow(agency.context, id, "Order")).amount).toBeGreaterThan(0);
  await context.close();
  await agency.context.close();
});

test("the list keeps its filters and page in the address, and exports them", async ({ browser }) => {
  const { context, page } = await signedIn(browser, "agent");
  const mine = await fileViaApi(context, "Sara Karim");
  await page.goto("/en/requests/?status=Requested");
  await expect(page.getByTestId("status-filter-Requested")).toHaveAttribute("aria-pressed", "true");
  const rows = page.getByTestId("request-row");
  await expect(rows.first()).toBeVisible();
  for (const status of await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-status")))) expect(status).toBe("Requested");
  // Another status filter: the address follows, and this request is not in it.
  await page.getByTestId("status-filter-Approved").click();
  await expect(page).toHaveURL(/status=Requested%2CApproved|status=Requested,Approved/);
  await page.getByTestId("status-filter-all").click();
  await expect(page).not.toHaveURL(/status=/);
  // Search by reference narrows to that request and lands in the address; a reload keeps it.
  await page.getByTestId("requests-search").fill(mine.reference);
  await expect(page).toHaveURL(new RegExp(`q=${mine.reference}`));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-id", mine._id);
  await page.reload();
  await expect(page.getByTestId("requests-search")).toHaveValue(mine.reference);
  await expect(rows).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const { readFile } = await import("node:fs/promises");
  expect((await readFile((await download.path())!)).toString("utf8")).toContain(mine.reference);
  // Below md the rows are cards.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByTestId("request-card")).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}-list-mobile.png`, fullPage: true });
  await context.close();
});

test("the agency cancels a request before Paid: the price comes back and the header shows it", async ({ browser }) => {
  const { context, page } = await signedIn(browser, "agent");
  const filed = await fileViaApi(context, "Hana Rasul");
  await page.goto(`/en/requests/${filed._id}/`);
  await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "Requested");
  const price = Number(await page.getByTestId("request-price").getAttribute("data-minor"));
  await page.getByTestId("request-cancel").click();
  const dialog = page.getByTestId("cancel-dialog");
  await expect(dialog).toContainText("the price goes back to your balance");
  // The safe answer keeps the request.
  await dialog.getByTestId("cancel-dialog-cancel").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "Requested");
  await page.getByTestId("request-cancel").click();
  await page.getByTestId("cancel-dialog-confirm").click();
  await expect(page.getByTestId("request-details")).toHaveAttribute("data-status", "Canceled");
  await expect(page.getByTestId("request-cancel")).toHaveCount(0);
  await expect(page.getByTestId("history-entry").first()).toHaveAttribute("data-to", "Canceled");
  // Refunded once, and the header redrew without a reload to the balance right after the refund.
  const refund = await ledgerRow(context, filed._id, "Refund");
  expect(refund.amount).toBe(price);
  await expect(page.getByTestId("account-balance")).toContainText(formatBalance(refund.balanceAfter, "USD", "en"));
  await context.close();
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: the request pages have no serious or critical accessibility finding`, async ({ browser }) => {
    const { context, page } = await signedIn(browser, "agent");
    const { _id: id } = await fileViaApi(context, lang === "en" ? "Omar Saleh" : "عمر صالح");
    const pages: [string, string][] = [
      [`/${lang}/requests/`, "requests-list"],
      [`/${lang}/requests/${id}/`, "request-details"],
      [`/${lang}/visa/${VISA}/request/`, "filing"],
      [`/${lang}/print/?kind=visa&id=${id}`, "print-sheet"],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      const { violations } = await new AxeBuilder({ page }).analyze();
      const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`), path).toEqual([]);
    }
    await context.close();
  });
}
