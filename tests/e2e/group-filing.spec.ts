/**
 * Issue 28 in Arabic: an agency imports a 40-row spreadsheet (Arabic headers, Arabic-Indic digits, day/month/year
 * dates) with three bad rows, fixes them in the preview and files the group in one payment; the office opens the group
 * on its queue and approves every traveller in bulk; the agency's open page shows every traveller approved without a
 * reload. axe finds nothing serious on the group form, the filed group and the office's group view.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { writeXlsx } from "../../functions/services/export/xlsx";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs, typeDate, type AccountName } from "./helpers";
import { PDF, PNG } from "./filed-requests";

// In order, one at a time: the group page test refunds the same agency the first test counts bell entries of.
test.describe.configure({ mode: "default", timeout: 240_000 });

const VISA = "0193a000-0000-7000-8000-000000030001";
const TIGRIS = "0193a000-0000-7000-8000-00000000c002";
const ar = JSON.parse(readFileSync("locales/ar.json", "utf8")) as Record<string, string>;

/** 0–9 as Arabic-Indic digits, as an Arabic spreadsheet writes them. */
const indic = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** YYYY-MM-DD as day/month/year in Arabic-Indic digits. */
const dmy = (iso: string) => indic(`${Number(iso.slice(8, 10))}/${Number(iso.slice(5, 7))}/${iso.slice(0, 4)}`);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const LETTERS = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";

async function serious(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The bell's unseen count on a page (Arabic-Indic digits; hidden at 0). */
async function unseenOf(page: Page): Promise<number> {
  const badge = page.getByTestId("live-unseen");
  if (!(await badge.isVisible())) return 0;
  const text = (await badge.textContent()) ?? "";
  return Number(text.replace(/[٠-٩]/g, (d) => String("٠١٢٣٤٥٦٧٨٩".indexOf(d))).replace(/\D/g, "") || "0");
}

/** Files a group of `count` travellers for Tigris through the API (the visa's documents shared), funded first. */
async function fileGroupByApi(agency: Api, office: Api, count: number): Promise<{ _id: string; reference: string; travellers: { _id: string; reference: string }[] }> {
  const visa = await agency.call<{ requirements: { _id: string; kind: string; required: boolean }[] }>("GET", `visa/one/${VISA}`);
  const shared = [];
  for (const requirement of visa.requirements.filter((r) => r.kind === "document" && r.required)) {
    const attachment = await agency.call<{ _id: string }>("POST", "requests/upload-attachment-to-s3-by-agent", { multipart: { file: { name: "scan.png", mimeType: "image/png", buffer: PNG } } });
    shared.push({ attachmentId: attachment._id, requirementId: requirement._id });
  }
  const stamp = `${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 10)}`;
  const travellers = Array.from({ length: count }, (_, i) => ({
    fields: { FullName: `مسافر ${LETTERS[i % LETTERS.length]}`, PassportNumber: `Q${stamp}${i}`, DateOfBirth: "1985-03-14", PassportExpiry: inDays(1500), TravelDate: inDays(40) },
  }));
  await office.call("POST", `transactions/update-balance/${TIGRIS}`, { data: { operation: "ADD", amount: 100_000 * count, note: "group e2e" } });
  return agency.call("POST", "request-groups", { data: { visaId: VISA, sharedDocuments: shared, travellers }, headers: { "Idempotency-Key": `group-e2e-${stamp}` } });
}

async function openSignedIn(browser: Browser, who: AccountName, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await signInAs(context, who);
  const page = await context.newPage();
  await page.goto(path, { timeout: 60_000 });
  return page;
}

test("Arabic: a 40-row sheet with three bad rows is fixed in the preview and filed; the office approves the group in bulk; the agency sees it live", async ({ browser }) => {
  const office = await Api.as("admin");
  await office.call("POST", `transactions/update-balance/${TIGRIS}`, { data: { operation: "ADD", amount: 600_000, note: "group-filing e2e" } });
  const agency = await Api.as("tigris");
  const visa = await agency.call<{ fields: string[]; price: number; requirements: { _id: string; kind: string; required: boolean }[] }>("GET", `visa/one/${VISA}`);
  expect(visa.fields).toEqual(["FullName", "PassportNumber", "DateOfBirth", "PassportExpiry", "TravelDate"]);

  // The sheet as an Arabic office writes it: Arabic headers, Arabic-Indic digits, day/month/year.
  const stamp = String(Date.now()).slice(-4);
  const header = visa.fields.map((kind) => ar[`filing.field.${kind}`]!);
  const rows = Array.from({ length: 40 }, (_, i) => [
    `مسافر ${LETTERS[i % LETTERS.length]}${LETTERS[(i * 7) % LETTERS.length]}`,
    indic(`G${stamp}${String(i).padStart(3, "0")}`),
    dmy("1985-03-14"),
    dmy(inDays(1500)),
    dmy(inDays(40)),
  ]);
  rows[4]![1] = "١٢"; // a passport number too short
  rows[16]![2] = "٣١/٢/١٩٩٠"; // a day February does not have
  rows[32]![0] = ""; // no name
  const file = join(tmpdir(), `group-${stamp}.xlsx`);
  writeFileSync(file, writeXlsx({ name: "المسافرون", header, rows, widths: header.map(() => 20), rtl: true }));

  const page = await openSignedIn(browser, "tigris", `/ar/visa/${VISA}/request/`);
  await page.getByTestId("group-open").hover();
  await page.getByTestId("group-open").click();
  const form = page.getByTestId("group-form");
  await expect(form).toBeVisible({ timeout: 30_000 });

  // The visa's documents once for the whole group.
  for (const requirement of visa.requirements.filter((r) => r.kind === "document" && r.required)) {
    await page.getByTestId(`shared-${requirement._id}-input`).setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId(`shared-${requirement._id}`)).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  }

  const started = Date.now();
  await page.getByTestId("import-input").setInputFiles(file);
  await expect(page.getByTestId("import-result")).toBeVisible();
  const previewMs = Date.now() - started;
  await expect(page.getByTestId("traveller-row")).toHaveCount(40);
  // Exactly the three bad rows are marked, each on its cell, in Arabic.
  await expect(page.locator('[data-testid="row-state"][data-state="field"]')).toHaveCount(3);
  await expect(page.locator('[data-testid="row-state"][data-state="complete"]')).toHaveCount(37);
  await expect(page.getByTestId("cell-error-4-PassportNumber")).toBeVisible();
  await expect(page.getByTestId("cell-error-16-DateOfBirth")).toBeVisible();
  await expect(page.getByTestId("cell-error-32-FullName")).toBeVisible();
  // Digits and dates were read: the first row's passport number in Latin digits, its dates as dates.
  await expect(page.getByTestId("cell-0-PassportNumber")).toHaveValue(`G${stamp}000`);
  await expect(page.getByTestId("cell-0-TravelDate")).toHaveValue(inDays(40));
  expect(await serious(page), "axe on the group form").toEqual([]);

  await page.getByTestId("cell-4-PassportNumber").fill(`H${stamp}004`);
  await typeDate(page, "cell-16-DateOfBirth", "1990-02-28");
  await page.getByTestId("cell-32-FullName").fill("مسافر مصحح");
  await expect(page.locator('[data-testid="row-state"][data-state="complete"]')).toHaveCount(40);
  await expect(page.getByTestId("group-total")).toHaveAttribute("data-minor", String(40 * visa.price));

  await page.getByTestId("group-submit").click();
  const panel = page.getByTestId("group-panel");
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const reference = (await page.getByTestId("group-reference").textContent())!;
  expect(reference).toMatch(/^VG-\d{4}-\d{6}$/);
  await expect(page.getByTestId("group-traveller")).toHaveCount(40);
  await expect(page.locator('[data-testid="group-traveller"][data-status="Requested"]')).toHaveCount(40);
  expect(await serious(page), "axe on the filed group").toEqual([]);
  await expect(page.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });

  // The office: the group is one row of its queue; it opens to the travellers, who move together.
  const admin = await openSignedIn(browser, "admin", "/ar/admin/requests/");
  const row = admin.locator(`[data-testid="admin-group"][data-reference="${reference}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByTestId("admin-group-open").click();
  await expect(row.getByTestId("admin-traveller")).toHaveCount(40);
  expect(await serious(admin), "axe on the office's group view").toEqual([]);
  // The bell's entries about this group or any of its travellers (other files may tell this agency other things).
  const travellerRefs = await page.locator('[data-testid="group-traveller"] bdi').first().evaluate(() =>
    [...document.querySelectorAll('[data-testid="group-traveller"] a bdi')].map((b) => b.textContent ?? ""));
  const aboutGroup = async () =>
    (await page.locator('[data-testid="live-event"]').allTextContents()).filter((text) => text.includes(reference) || travellerRefs.some((r) => text.includes(r))).length;
  for (const move of ["InProcess", "Approved"]) {
    const unseenBefore = await unseenOf(page);
    const entriesBefore = await aboutGroup();
    await row.getByTestId("choose-all").check();
    await row.getByTestId("bulk-move").selectOption(move);
    await row.getByTestId("bulk-apply").click();
    await expect(row.locator(`[data-testid="admin-traveller"][data-status="${move}"]`)).toHaveCount(40, { timeout: 60_000 });
    // Each traveller's result: all 40 moved.
    await expect(row.locator('[data-testid="bulk-result"][data-ok="true"]')).toHaveCount(40);
    // The agency's open page follows every traveller without a reload, and its bell gains ONE entry for the 40 (issue
    // 28 item 2), which names the group and leads to it.
    await expect(page.locator(`[data-testid="group-traveller"][data-status="${move}"]`)).toHaveCount(40, { timeout: 20_000 });
    await expect.poll(aboutGroup, { timeout: 10_000 }).toBe(entriesBefore + 1);
    await page.waitForTimeout(1_500);
    expect(await aboutGroup(), `one bell entry for the bulk move to ${move}`).toBe(entriesBefore + 1);
    expect(await unseenOf(page)).toBeGreaterThanOrEqual(unseenBefore + 1);
  }
  await page.getByTestId("live-bell").click();
  const notice = page.locator('[data-testid="live-event-link"]', { hasText: reference }).first();
  await expect(notice).toHaveAttribute("href", new RegExp(`/ar/groups/${(await page.getByTestId("group-panel").getAttribute("data-group"))!}/$`));

  // The visas in bulk: files matched by the passport number in their names, previewed, then saved to their travellers.
  await row.getByTestId("results-input").setInputFiles([
    { name: `visa-G${stamp}000.pdf`, mimeType: "application/pdf", buffer: PDF },
    { name: `G${stamp}001_visa.pdf`, mimeType: "application/pdf", buffer: PDF },
    { name: "someone-else-X1234567.pdf", mimeType: "application/pdf", buffer: PDF },
  ]);
  await expect(row.locator('[data-testid="results-match"][data-matched="true"]')).toHaveCount(2, { timeout: 30_000 });
  await expect(row.locator('[data-testid="results-match"][data-matched="false"]')).toHaveCount(1);
  await row.getByTestId("results-save").click();
  await expect(row.getByTestId("results-saved")).toBeVisible({ timeout: 30_000 });
  const group = await agency.call<{ travellers: { _id: string }[] }>("GET", `request-groups/${(await page.getByTestId("group-panel").getAttribute("data-group"))!}`);
  const first = await agency.call<{ documents: { kind: string; name: string }[] }>("GET", `requests/one-by-agent/${group.travellers[0]!._id}`);
  expect(first.documents.filter((d) => d.kind === "result").map((d) => d.name)).toEqual([`visa-G${stamp}000.pdf`]);

  // The agency's page, never reloaded, says every traveller is approved.
  await expect(page.locator('[data-testid="group-traveller"][data-status="Approved"]')).toHaveCount(40, { timeout: 15_000 });
  console.log(`group e2e: 40-row xlsx previewed in ${previewMs} ms (file chosen → rows shown)`);
  await office.dispose();
  await agency.dispose();
});

test("Arabic: three passport photos become three rows, read in the browser, each with its passport document; an expiry within six months of travel is flagged", async ({ browser }) => {
  const { passportImage, syntheticSet } = await import("./passport-fixtures");
  const page = await openSignedIn(browser, "tigris", `/ar/visa/${VISA}/request/`);
  await page.getByTestId("group-open").hover();
  await page.getByTestId("group-open").click();
  await expect(page.getByTestId("group-form")).toBeVisible({ timeout: 30_000 });
  const three = syntheticSet().slice(0, 3).map((c) => c.passport);
  const images = [];
  for (const [i, passport] of three.entries()) images.push({ ...(await passportImage(page.context(), passport, "clean")), name: `passport-${i + 1}.png` });
  await page.getByTestId("stack-input").setInputFiles(images);
  await expect(page.getByTestId("stack-status")).toHaveAttribute("data-state", "done", { timeout: 180_000 });
  // The two empty rows the form starts with are replaced by the three travellers read.
  await expect(page.getByTestId("traveller-row")).toHaveCount(3);
  for (const [i, passport] of three.entries()) {
    await expect(page.getByTestId(`cell-${i}-PassportNumber`)).toHaveValue(passport.number);
    await expect(page.getByTestId(`cell-${i}-DateOfBirth`)).toHaveValue(passport.birth);
    await expect(page.getByTestId(`cell-${i}-PassportExpiry`)).toHaveValue(passport.expiry);
  }
  // Names carry no check digit: the agent is asked to look at them.
  await expect(page.getByTestId("cell-0-FullName")).toHaveClass(/border-amber-500/);
  // Each page image is that traveller's passport document.
  const passportDoc = page.locator('[data-testid^="doc-0-"][data-status="done"]');
  await expect(passportDoc).toHaveCount(1);
  // The third passport expires in three months: with a travel date a month away it is flagged on its row.
  await typeDate(page, "cell-2-TravelDate", inDays(30));
  await expect(page.locator('[data-row="2"] [data-testid="expires-soon"]')).toBeVisible();
  await expect(page.locator('[data-row="0"] [data-testid="expires-soon"]')).toHaveCount(0);
  expect(await serious(page), "axe on the rows read from passports").toEqual([]);
});

test("Kurdish on a 390 px phone: the open group form does not make the page wider than the screen (its table scrolls inside)", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInAs(context, "tigris");
  const page = await context.newPage();
  await page.goto(`/ku/visa/${VISA}/request/`, { timeout: 60_000 });
  await page.getByTestId("group-open").hover();
  await page.getByTestId("group-open").click();
  await expect(page.getByTestId("group-form")).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await serious(page), "axe on the phone's group form").toEqual([]);
});

test("Arabic: the agency's group page — its groups listed, one group live with cancel one and cancel the rest (refund summary), and its print layout", async ({ browser }) => {
  // The demo group (two travellers approved) is listed and printed; a group filed now is cancelled traveller by traveller.
  const sunrise = await openSignedIn(browser, "agent", "/ar/groups/");
  const demo = sunrise.locator('[data-testid="groups-row"][data-reference="VG-2026-000001"]');
  await expect(demo).toBeVisible({ timeout: 30_000 });
  expect(await serious(sunrise), "axe on the groups list").toEqual([]);
  await demo.getByRole("link").click();
  await expect(sunrise).toHaveURL(/\/ar\/groups\/0193a000-0000-7000-8000-0000000d0001\/$/);
  await expect(sunrise.locator('[data-testid="group-traveller"][data-status="Approved"]')).toHaveCount(2, { timeout: 30_000 });
  await expect(sunrise.getByTestId("group-filed")).toHaveCount(0);
  expect(await serious(sunrise), "axe on the group page").toEqual([]);
  await sunrise.getByTestId("group-print").click();
  await expect(sunrise).toHaveURL(/\/ar\/groups\/0193a000-0000-7000-8000-0000000d0001\/print\/$/);
  const sheet = sunrise.getByTestId("group-print-sheet");
  await expect(sheet.getByTestId("group-print-traveller")).toHaveCount(2, { timeout: 30_000 });
  // In the agency's language: Arabic headings, each traveller's reference and its status by name, Arabic-Indic numbering.
  await expect(sheet).toContainText(ar["groups.printout.title"]!);
  await expect(sheet).toContainText("VR-2026-000021");
  await expect(sheet.getByTestId("group-print-traveller").first()).toContainText(ar["requests.status.Approved"]!);
  await expect(sheet.getByTestId("group-print-traveller").first()).toContainText("١");
  expect(await serious(sunrise), "axe on the group's print layout").toEqual([]);

  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const group = await fileGroupByApi(agency, office, 3);
  const page = await openSignedIn(browser, "tigris", `/ar/groups/${group._id}/`);
  await expect(page.locator('[data-testid="group-traveller"][data-status="Requested"]')).toHaveCount(3, { timeout: 30_000 });
  await page.getByTestId("group-cancel-one").first().click();
  await expect(page.getByTestId("group-cancel-one-result")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-testid="group-traveller"][data-status="Canceled"]')).toHaveCount(1);
  await page.getByTestId("group-cancel").click();
  await page.getByTestId("group-cancel-confirm").click();
  // The refund summary: the two still Requested cancelled and refunded, none refused (Arabic-Indic counts).
  await expect(page.getByTestId("group-cancel-result")).toContainText("٢", { timeout: 20_000 });
  await expect(page.locator('[data-testid="group-traveller"][data-status="Canceled"]')).toHaveCount(3);
  const refunds = await agency.call<{ data: { type: string; reference: string | null }[] }>("GET", "transactions/findAllByAgent?limit=20&type=Refund");
  const ids = (await agency.call<{ travellers: { _id: string }[] }>("GET", `request-groups/${group._id}`)).travellers.map((t) => t._id);
  expect(refunds.data.filter((r) => ids.includes(r.reference ?? "")).length).toBe(3);
  await office.dispose();
  await agency.dispose();
});

test("Arabic: the office rejects a group's travellers in bulk with one reason; each traveller's own page shows it", async ({ browser }) => {
  const agency = await Api.as("tigris");
  const office = await Api.as("admin");
  const group = await fileGroupByApi(agency, office, 3);
  const reason = "صورة الجواز غير واضحة، يرجى إعادة التقديم بصورة أوضح";
  // The agency has its group's page open (drawn by the edge) while the office works.
  const groupPage = await openSignedIn(browser, "tigris", `/ar/groups/${group._id}/`);
  await expect(groupPage.locator('[data-testid="group-traveller"][data-status="Requested"]')).toHaveCount(3, { timeout: 30_000 });
  await expect(groupPage.locator("html")).toHaveAttribute("data-live", "ready", { timeout: 20_000 });
  const admin = await openSignedIn(browser, "admin", "/ar/admin/requests/");
  const row = admin.locator(`[data-testid="admin-group"][data-reference="${group.reference}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.getByTestId("admin-group-open").click();
  await expect(row.getByTestId("admin-traveller")).toHaveCount(3);
  await row.getByTestId("choose-all").check();
  await row.getByTestId("bulk-move").selectOption("Rejected");
  await row.getByTestId("bulk-reason").fill(reason);
  await row.getByTestId("bulk-apply").click();
  await expect(row.locator('[data-testid="admin-traveller"][data-status="Rejected"]')).toHaveCount(3, { timeout: 60_000 });
  await expect(row.locator('[data-testid="bulk-result"][data-ok="true"]')).toHaveCount(3);
  expect(await serious(admin), "axe on the office's group view after a bulk reject").toEqual([]);
  // The group's page, never reloaded, shows the three rejected.
  await expect(groupPage.locator('[data-testid="group-traveller"][data-status="Rejected"]')).toHaveCount(3, { timeout: 20_000 });
  // Each traveller's own page, in Arabic, says it was rejected and why.
  const page = await openSignedIn(browser, "tigris", `/ar/requests/${group.travellers[0]!._id}/`);
  for (const traveller of group.travellers) {
    await page.goto(`/ar/requests/${traveller._id}/`, { timeout: 60_000 });
    await expect(page.getByTestId("request-reason-text")).toHaveText(reason, { timeout: 20_000 });
  }
  await office.dispose();
  await agency.dispose();
});

test("Arabic: a PDF with a passport on each page becomes one row per page, each page that traveller's passport document", async ({ browser }) => {
  const { PDFDocument } = await import("pdf-lib");
  const { passportImage, syntheticSet } = await import("./passport-fixtures");
  const page = await openSignedIn(browser, "tigris", `/ar/visa/${VISA}/request/`);
  const three = syntheticSet().slice(0, 3).map((c) => c.passport);
  // One PDF, three pages: each page a passport's data page, as a scanner writes a stack.
  const pdf = await PDFDocument.create();
  for (const passport of three) {
    const image = await passportImage(page.context(), passport, "clean");
    const embedded = image.mimeType === "image/png" ? await pdf.embedPng(image.buffer) : await pdf.embedJpg(image.buffer);
    pdf.addPage([embedded.width, embedded.height]).drawImage(embedded, { x: 0, y: 0, width: embedded.width, height: embedded.height });
  }
  const bytes = Buffer.from(await pdf.save());
  await page.getByTestId("group-open").hover();
  await page.getByTestId("group-open").click();
  await expect(page.getByTestId("group-form")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("stack-input").setInputFiles({ name: "passports.pdf", mimeType: "application/pdf", buffer: bytes });
  await expect(page.getByTestId("stack-status")).toHaveAttribute("data-state", "done", { timeout: 180_000 });
  await expect(page.getByTestId("traveller-row")).toHaveCount(3);
  for (const [i, passport] of three.entries()) {
    await expect(page.getByTestId(`cell-${i}-PassportNumber`)).toHaveValue(passport.number);
    await expect(page.getByTestId(`cell-${i}-DateOfBirth`)).toHaveValue(passport.birth);
    // The page, drawn from the PDF, is the traveller's passport document.
    await expect(page.locator(`[data-testid^="doc-${i}-"][data-status="done"]`)).toHaveCount(1);
  }
});

test("Arabic: the owner types each traveller's selling price on the group form (checked on its cell, one left empty); each traveller's receipt prints its own; staff have no price column", async ({ browser }) => {
  const office = await Api.as("admin");
  await office.call("POST", `transactions/update-balance/${TIGRIS}`, { data: { operation: "ADD", amount: 300_000, note: "group selling price e2e" } });
  const agency = await Api.as("tigris");
  const visa = await agency.call<{ requirements: { _id: string; kind: string; required: boolean }[] }>("GET", `visa/one/${VISA}`);
  const page = await openSignedIn(browser, "tigris", `/ar/visa/${VISA}/request/`);
  await page.getByTestId("group-open").hover();
  await page.getByTestId("group-open").click();
  await expect(page.getByTestId("group-form")).toBeVisible({ timeout: 30_000 });
  for (const requirement of visa.requirements.filter((r) => r.kind === "document" && r.required)) {
    await page.getByTestId(`shared-${requirement._id}-input`).setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId(`shared-${requirement._id}`)).toHaveAttribute("data-status", "done", { timeout: 20_000 });
  }
  const stamp = String(Date.now()).slice(-6);
  for (const [i, name] of ["مسافر أول", "مسافر ثان"].entries()) {
    await page.getByTestId(`cell-${i}-FullName`).fill(name);
    await page.getByTestId(`cell-${i}-PassportNumber`).fill(`S${stamp}${i}`);
    await typeDate(page, `cell-${i}-DateOfBirth`, "1985-03-14");
    await typeDate(page, `cell-${i}-PassportExpiry`, inDays(1500));
    await typeDate(page, `cell-${i}-TravelDate`, inDays(40));
  }
  // The first traveller's price in Arabic-Indic digits; the second's mistyped: refused on its own cell, in Arabic.
  await expect(page.getByRole("columnheader", { name: ar["groups.column.sellingPrice"]! })).toBeVisible();
  await page.getByTestId("cell-0-sellingPrice").fill("٢٥٠");
  await page.getByTestId("cell-1-sellingPrice").fill("٢٥٠٫٥٥٥");
  await page.getByTestId("group-submit").click();
  await expect(page.getByTestId("cell-error-1-sellingPrice")).toHaveText(ar["money.tooManyDecimals"]!);
  await expect(page.locator('[data-testid="row-state"][data-state="field"]')).toHaveCount(1);
  expect(await serious(page), "axe on the group form with its price column").toEqual([]);
  // Left empty (as a spreadsheet import leaves it): that traveller's receipt shows no selling price.
  await page.getByTestId("cell-1-sellingPrice").fill("");
  await expect(page.locator('[data-testid="row-state"][data-state="complete"]')).toHaveCount(2);
  await page.getByTestId("group-submit").click();
  await expect(page.getByTestId("group-panel")).toBeVisible({ timeout: 30_000 });
  const ids = await page.getByTestId("group-traveller").locator("a[href*='/requests/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")!.split("/").filter(Boolean).pop()!));
  expect(ids).toHaveLength(2);
  const first = await agency.call<{ sellingPrice: number | null }>("GET", `requests/one-by-agent/${ids[0]}`);
  const second = await agency.call<{ sellingPrice: number | null }>("GET", `requests/one-by-agent/${ids[1]}`);
  expect([first.sellingPrice, second.sellingPrice]).toEqual([25_000, null]);

  // Each traveller's receipt (pdftotext): the first prints its price to the traveller, the second none.
  mkdirSync("test-results/receipts", { recursive: true });
  const receipt = async (id: string, name: string) => {
    const get = () => page.context().request.get(`${BASE_URL}/api/requests/${id}/receipt/a4?lang=ar`);
    let answer = await get();
    // Access tokens live 5 s in these tests and this request does not renew one as the page does: on a loaded host
    // the page's last one may have run out (the full run of 11-29 04:42 saw a 401 here once). Sign in again, ask again.
    if (answer.status() === 401) {
      await signInAs(page.context(), "tigris");
      answer = await get();
    }
    expect(answer.status()).toBe(200);
    writeFileSync(`test-results/receipts/${name}.pdf`, await answer.body());
    return execFileSync("pdftotext", ["-enc", "UTF-8", `test-results/receipts/${name}.pdf`, "-"], { encoding: "utf8" }).replace(/[\u202a-\u202e]/g, "");
  };
  expect(await receipt(ids[0]!, "group-selling-1")).toContain("٢٥٠٫٠٠");
  expect(await receipt(ids[1]!, "group-selling-2")).not.toContain("٢٥٠٫٠٠");

  // Staff open the same form: no price column, no price cell.
  const staff = await openSignedIn(browser, "staff", `/ar/visa/${VISA}/request/`);
  await staff.getByTestId("group-open").hover();
  await staff.getByTestId("group-open").click();
  await expect(staff.getByTestId("traveller-row")).toHaveCount(2, { timeout: 30_000 });
  await expect(staff.getByTestId("cell-0-FullName")).toBeVisible();
  await expect(staff.getByTestId("cell-0-sellingPrice")).toHaveCount(0);
  await expect(staff.getByRole("columnheader", { name: ar["groups.column.sellingPrice"]! })).toHaveCount(0);
  await Promise.all([page.context().close(), staff.context().close(), agency.dispose(), office.dispose()]);
});
