/**
 * Issue 32: the admin's agency page (/admin/{id}/agent) arrives drawn by the edge (src/admin/edge-pages.ts), no longer
 * hydrated at load: the agency, its balance and credit line, staff, access and history are in the HTML with no React
 * at start, the record's reference in the header too; the island comes when the admin reaches for a control, and a
 * press or what was typed on the drawn page before it is there is not lost.
 */
import { expect, test } from "@playwright/test";
import ar from "../../locales/ar.json" with { type: "json" };
import en from "../../locales/en.json" with { type: "json" };
import { agentPage, expectNoIslandAtStart, holdBack } from "./edge-helpers";
import { Api, arabicDigits, axeClean } from "./helpers";

const slowExpect = expect.configure({ timeout: 20_000 });
const ISLANDS = /^(AgentDetailPage|RecordReference|edge-view-mount)\./;

/** An agency of this test's own (the demo agencies' money moves under the other specs running alongside). */
async function newAgency(name: string) {
  const admin = await Api.as("admin");
  const agency = await admin.call<{ _id: string }>("POST", "agents/create", {
    data: { name, contactName: "Rana Aziz", email: `agent-page-${Date.now().toString(36)}@test.example`, phone: "+9647701234567", password: "Agency#2026x" },
  });
  await admin.call("PATCH", `agents/editByAdmin/${agency._id}`, { data: { enabled: true } });
  await admin.dispose();
  return agency._id;
}

test("ar: the agency arrives drawn with no React; 'top-up or withdraw' pressed before the island opens the dialog, and the top-up shows", async ({ browser }) => {
  const name = `سفريات البصرة ${Date.now().toString(36)}`;
  const id = await newAgency(name);
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, ISLANDS);
  await page.goto(`/ar/admin/${id}/agent/`);
  const view = page.locator('[data-edge-view="admin-agent"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(view.getByRole("heading", { level: 2 }).first()).toContainText(name);
  await expect(view.getByTestId("agent-balance")).toHaveText(new RegExp(arabicDigits(0)));
  await expect(view.getByTestId("agent-history")).toContainText(ar["agents.history.empty"]);
  await expect(page.locator('[data-edge-view="record-reference"]')).toHaveAttribute("data-edge-filled", "");
  await page.waitForLoadState("load");
  await page.waitForTimeout(1_000);
  expectNoIslandAtStart(scripts, ISLANDS, "agency page");
  await axeClean(page);

  // Pressed on the drawn button: nothing runs it yet; the island presses its own once it is there.
  await view.getByTestId("balance-open").click();
  release();
  const dialog = page.getByTestId("balance-dialog");
  await slowExpect(dialog).toBeVisible();
  await dialog.getByTestId("balance-amount").fill("١٢٠٫٥٠");
  await dialog.getByTestId("balance-note").fill(`حوالة ${Date.now()}`);
  await dialog.getByTestId("balance-submit").click();
  await expect(dialog).toBeHidden();
  await slowExpect(page.getByTestId("agent-balance")).toHaveText(new RegExp(arabicDigits(12_050)));
  await context.close();
});

test("en: a credit limit typed and saved on the drawn page before the island is saved once the island is there", async ({ browser }) => {
  const id = await newAgency(`Basra Travel ${Date.now().toString(36)}`);
  const { context, page, scripts } = await agentPage(browser, {}, "admin");
  const release = await holdBack(page, ISLANDS);
  await page.goto(`/en/admin/${id}/agent/`);
  const view = page.locator('[data-edge-view="admin-agent"]');
  await expect(view).toHaveAttribute("data-edge-filled", "");
  expectNoIslandAtStart(scripts, ISLANDS, "agency page");

  await view.getByTestId("agent-credit-limit").fill("250");
  await view.getByTestId("agent-credit-save").click();
  release();
  await slowExpect(page.getByTestId("agent-credit-available")).toHaveText("$250.00");
  // The history says what changed, in words and money.
  const entry = page.getByTestId("agent-history-entry").first();
  await slowExpect(entry).toContainText(en["agents.history.credit"]);
  await expect(entry).toContainText(`${en["credit.ownLimit"]}:`);
  await expect(entry).toContainText("$250.00");
  await context.close();
});
