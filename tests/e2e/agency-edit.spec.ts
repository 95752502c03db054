/**
 * Issue 27 item 1: the office corrects an agency's details on its page (agents/editByAdmin through the kit's form),
 * in Arabic: the form refuses a bad phone with the API's own rule, saves a good one, and the agency's history shows
 * the change (old → new, by whom).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { Api, signInAs } from "./helpers";

test("an admin corrects an agency's phone in Arabic and the change shows in its history", async ({ page, context }) => {
  const api = await Api.as("admin");
  const oldPhone = "+964 750 100 2000";
  const agency = await api.call<{ _id: string }>("POST", "agents/create", {
    data: { name: "وكالة الرافدين", contactName: "سارة", email: `edit-${Date.now().toString(36)}@test.example`, phone: oldPhone, password: "Agency#2026x" },
  });
  await api.dispose();
  await signInAs(context, "admin");
  await page.goto(`${BASE_URL}/ar/admin/${agency._id}/agent/`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const detail = page.getByTestId("agent-detail");
  await expect(detail).toContainText(oldPhone);
  await expect(page.getByTestId("agent-history")).toContainText("لم يغيّر المكتب شيئًا");

  await page.getByTestId("agent-edit").click();
  const dialog = page.getByTestId("agent-edit-dialog");
  await expect(dialog).toBeVisible();
  const phone = dialog.getByTestId("field-phone");
  await expect(phone).toHaveValue(oldPhone);
  // The same rule as everywhere: not a phone number, not saved, said on the field in the page's language.
  await phone.fill("هاتف");
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toContainText("أدخل رقم هاتف صحيحاً");
  await expect(phone).toHaveAttribute("aria-invalid", "true");

  const newPhone = "+964 770 987 6543";
  await phone.fill(newPhone);
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("حُفظت بيانات الوكالة.")).toBeVisible();
  await expect(detail.locator("dd", { hasText: newPhone })).toBeVisible();

  const entry = page.getByTestId("agent-history-entry").first();
  await expect(entry).toContainText("تعديل البيانات");
  await expect(entry).toContainText(oldPhone);
  await expect(entry).toContainText(newPhone);
  // Only the phone changed: one line, not one per field of the form.
  await expect(entry.locator("li")).toHaveCount(1);

  // After a reload it is still there (saved, not only drawn).
  await page.reload();
  await expect(page.getByTestId("agent-history-entry").first()).toContainText(newPhone);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});
