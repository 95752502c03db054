/**
 * The traveller's status link (issue 29 item 3) in a real browser: an agent on the Arabic request page makes a link in
 * Kurdish; the traveller opens it signed out on a 390 px phone and reads the status in Kurdish, with nothing sideways,
 * no script and no axe findings; the agent stops it and the link no longer works.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { Api, signInAs } from "./helpers";

test.setTimeout(120_000);
test.use({ actionTimeout: 15_000 });

/** Demo data (scripts/demo/catalogue.mjs): the Iran pilgrimage visa and its three required documents. */
const fixed = (kind: string, n: number) => `0193a000-0000-7000-8000-0000000${kind}${String(n).padStart(4, "0")}`;
const VISA = fixed("3", 11);
const REQUIREMENTS = [fixed("2", 1), fixed("2", 2), fixed("2", 7)];
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

test("an agent shares the status in Kurdish; the traveller opens it signed out on a phone", async ({ browser }) => {
  const api = await Api.as("agent");
  const documents = [];
  for (const requirementId of REQUIREMENTS) {
    const file = await api.call<{ _id: string }>("POST", "requests/upload-attachment-to-s3-by-agent", { multipart: { file: { name: "scan.png", mimeType: "image/png", buffer: PNG } } });
    documents.push({ attachmentId: file._id, requirementId });
  }
  const year = new Date().getUTCFullYear();
  const fields = { FullName: "Rezan Ahmed", PassportNumber: "B7654321", DateOfBirth: "1985-06-01", PassportExpiry: `${year + 4}-01-01`, TravelDate: `${year + 1}-05-01` };
  const filed = await api.call<{ _id: string }>("POST", "requests", { data: { visaId: VISA, fields, documents }, headers: { "Idempotency-Key": randomUUID() } });
  await api.dispose();

  const agent = await browser.newContext();
  await agent.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(agent, "agent");
  const page = await agent.newPage();
  await page.goto(`/ar/requests/${filed._id}/`);
  const share = page.getByTestId("share-status");
  await expect(share).toContainText("شارك حالة الطلب مع المسافر");
  await share.getByTestId("share-language").selectOption("ku");
  // The first touch brings the page's island (the edge drew the page); the button then makes the link.
  await expect(async () => {
    await share.getByTestId("share-create").click();
    await expect(share.getByTestId("share-link")).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const url = await share.getByTestId("share-link").inputValue();
  await share.getByTestId("share-copy-message").click();
  await expect(share.getByTestId("share-said")).toContainText("تم نسخ الرسالة");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(url);
  await expect(share.getByTestId("share-whatsapp")).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);

  const traveller = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await traveller.newPage();
  const scripts: string[] = [];
  phone.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
  const response = await phone.goto(url);
  expect(response?.status()).toBe(200);
  await expect(phone.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(phone.locator("h1")).toHaveText("سڵاو Rezan");
  await expect(phone.locator("body")).not.toContainText("B7654321");
  await expect(phone.locator("body")).not.toContainText("Ahmed");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(scripts).toEqual([]);
  await phone.screenshot({ path: "test-results/share-link/ku-phone.png", fullPage: true });
  const { violations } = await new AxeBuilder({ page: phone }).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  await share.getByTestId("share-stop").click();
  await expect(share.getByTestId("share-said")).toContainText("لم يعد الرابط يعمل");
  expect((await phone.goto(url))?.status()).toBe(404);
  await agent.close();
  await traveller.close();
});
